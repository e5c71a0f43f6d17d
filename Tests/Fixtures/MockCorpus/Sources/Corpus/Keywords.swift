// Parameters named with keywords.

/// Parameters whose names are keywords: `for`, `in` and `default` label a tuple as they are;
/// `let`, `var` and `inout` need backticks even there (in a tuple expression, only `inout`).
public protocol Binding {
    func value(for: String) -> Int
    func set(default: Int, in: String)
    func bind(`let`: Int, `var`: Int, `inout` value: Int) -> Int
    /// Keywords as labels of parameters with no name: each names its parameter.
    func move(from _: Int, in _: String, default _: Int, `let` _: Int) -> Bool
}

/// A protocol named `Type`, as GraphQL's AST node protocol is: after a module's name it is
/// `Corpus.`Type``, since `Corpus.Type` is the metatype of a type `Corpus`.
public protocol Type {
    var kind: String { get }
}

/// A requirement returning a `Type`, which an unanswered call answers with a new mock of it.
public protocol TypeResolving {
    func resolve(_ name: String) -> any Type
}
