/// Shapes from SwiftyMocky's example protocols: generic overloads told apart only by their
/// constraints, and a static requirement beside an instance one of its name. Their stand-ins are
/// named and titled apart (`weighDoubleCatMock`, "… where T : Corpus.Cat"; "static name").
public class Cat {
    /// A cat.
    public init() {}
}

/// An animal that is not a ``Cat``.
public class Dog {
    /// A dog.
    public init() {}
}

/// Overloads of `weigh(_:)` that differ only in their constraints.
public protocol Weighing {
    /// Weighs a cat.
    func weigh<T>(_ animal: T) -> Double where T: Cat
    /// Weighs a dog.
    func weigh<T>(_ animal: T) -> Double where T: Dog
}

/// A static property beside an instance one of its name.
public protocol Named2 {
    /// The instance's name.
    var name: String { get set }
    /// The type's name.
    static var name: String { get set }
}
