// Parameters named with keywords.

/// Parameters whose names are keywords: `for`, `in` and `default` label a tuple as they are;
/// `let`, `var` and `inout` need backticks even there (in a tuple expression, only `inout`).
public protocol Binding {
    func value(for: String) -> Int
    func set(default: Int, in: String)
    func bind(`let`: Int, `var`: Int, `inout` value: Int) -> Int
}
