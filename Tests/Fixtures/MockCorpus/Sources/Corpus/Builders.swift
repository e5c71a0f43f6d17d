/// A result builder, as SwiftUI's `ViewBuilder` and swift-parsing's `ParserBuilder` are.
@resultBuilder public enum StepsBuilder<Step> {
    /// One step.
    public static func buildExpression(_ step: Step) -> [Step] { [step] }
    /// The steps, in order.
    public static func buildBlock(_ steps: [Step]...) -> [Step] { steps.flatMap { $0 } }
}

/// Requirements built with a result builder, one of a type named through a typealias of an
/// associated type, as swift-parsing's `Parser` declares its `body`: the mock's witnesses answer
/// through their stand-ins, built with no builder.
public protocol Recipe {
    associatedtype Step
    associatedtype _Steps
    typealias Steps = _Steps
    @StepsBuilder<Step> var steps: Steps { get }
    @StepsBuilder<String> func notes(for guests: Int) -> [String]
}
