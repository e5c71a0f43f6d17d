import MockGeneration
import Testing

/// Requirements built with a result builder (`@ViewBuilder var body: Body { get }`): a witness
/// takes its requirement's builder unless it says `return`, and would build the stand-in's answer
/// with it.
@Suite struct MockGeneratorResultBuilderTests {
    @Test func aWitnessSaysReturnAndCarriesNoBuilder() throws {
        let source = try generate(["Recipe"]).source
        #expect(
            source.contains(
                "nonisolated final class MockRecipe<Step, _Steps>: Corpus.Recipe, AutoInjectMock, Sendable {"))
        // `Self.Steps`, which the graphs give no identity, is written as what it stands for.
        #expect(source.contains("    let stepsMock = MockProperty<_Steps>(\"steps\""))
        #expect(source.contains("    var steps: _Steps { return stepsMock.get(default: mockDefault()) }"))
        #expect(source.contains("    func notes(for guests: Int) -> [String] {"))
        #expect(!source.contains("@StepsBuilder"))
    }

    @Test func aBuilderOfAnotherModuleIsToldFromAGlobalActorByItsName() throws {
        let source = try generate(
            source: """
                import Builders
                public protocol Screen {
                    @ContentBuilder var content: [Int] { get }
                    @MainActor func show()
                }
                """,
            after: [
                (
                    "Builders",
                    """
                    @resultBuilder public enum ContentBuilder {
                        public static func buildBlock(_ items: Int...) -> [Int] { items }
                    }
                    """
                )
            ], unread: ["Builders"]
        ).source
        #expect(source.contains("    var content: [Int] { return contentMock.get(default: mockDefault()) }"))
        #expect(source.contains("    @MainActor func show() {"))
    }
}
