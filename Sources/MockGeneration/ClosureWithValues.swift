/// The one non-escaping closure of a method that takes values the method does not have, and
/// returns what the method returns (`write<T>(_ updates: (Database) throws -> T) throws -> T`): the
/// mock runs it with the values a test gives `runsClosure(with:)`. What an `inout` parameter
/// leaves is given back the same way, for the next call (`update(_ change: (inout Settings) ->
/// Void)` keeps the settings as a real store would).
struct ClosureWithValues {
    /// The closure's parameter types, without ownership or `inout`.
    var types: [String]
    /// Whether each parameter is `inout`.
    var isInout: [Bool]
    /// The closure parameter's name.
    var name: String
    /// `try `, `await `, as calling the closure needs.
    var effects: String
    /// The name the values go by in the mock's code: not one of the method's parameters.
    var passed: String

    /// The values' type: the one parameter's (`Database`), or a tuple of them (`(Request, Context)`).
    var type: String { types.count == 1 ? types[0] : "(\(types.joined(separator: ", ")))" }

    /// Whether calling the closure needs `try`.
    var throwsError: Bool { effects.hasPrefix("try ") }

    /// A closure of the values that runs this one: `{ (passed: Database) in try updates(passed) }`,
    /// with `thrown` the method's typed throws, if any, and `suffix` what follows the result (`as
    /// Any`, for a generic one kept as `Any`).
    func literal(giving standIn: String, thrown: String?, suffix: String) -> String {
        let clause = "(\(passed): \(type))" + (thrown.map { " throws(\($0))" } ?? "")
        guard isInout.contains(true) else { return "{ \(clause) in \(call)\(suffix) }" }
        return "{ \(clause) in var \(passed) = \(passed); \(keep(in: standIn)); return \(call)\(suffix) }"
    }

    /// The statements that run the closure with the values given to `standIn`, for `arguments`,
    /// and return its result: for a method whose result only the closure gives.
    func statements(giving standIn: String, for arguments: String) -> [String] {
        let values = "\(passed): \(type) = try \(standIn).closureValues(for: \(arguments))"
        guard isInout.contains(true) else { return ["let \(values)", "return \(call)"] }
        return ["var \(values)", keep(in: standIn), "return \(call)"]
    }

    /// The call of the closure with the values: `try await next(passed.0, &passed.1)`.
    private var call: String {
        let arguments =
            types.count == 1
            ? [(isInout[0] ? "&" : "") + passed]
            : types.indices.map { (isInout[$0] ? "&" : "") + "\(passed).\($0)" }
        return effects + name + "(\(arguments.joined(separator: ", ")))"
    }

    /// Gives what the closure leaves in its `inout` parameters back to `standIn`, when it returns or
    /// throws.
    private func keep(in standIn: String) -> String {
        let values = types.count == 1 ? passed : types.indices.map { "\(passed).\($0)" }.joined(separator: ", ")
        return "defer { \(standIn).runsClosure(with: \(values)) }"
    }
}
