// A `MockFunction`'s failure messages, and where it reports them.

extension MockFunction {
    /// How messages tell of a call: "was read" for a getter, "was called" for a function of no
    /// arguments, else "was called with (…)" and the arguments.
    func called(with arguments: Arguments) -> String {
        if isGetter { return "was read" }
        return Arguments.self == Void.self ? "was called" : "was called with (\(describeArguments(arguments)))"
    }

    func unanswered(_ arguments: Arguments, calls: Int, owner: String?, closureTakes: Any.Type? = nil) -> String {
        FailureMessage(
            """
            \(function(owner: owner)) \(called(with: arguments)) but nothing answers it.
            """,
            context: [
                "Call \(calls); declared at \(declaration.fileID):\(declaration.line)."
            ],
            fix: Result.self == Never.self
                ? """
                it returns Never, so it cannot return, and the test process stops here: answer it with \
                .answers { _ in exit(1) } (or fatalError()), and test the code that calls it in an exit test, \
                `await #expect(processExitsWith: .failure) { … }`.
                """
                : """
                stub it before the code under test calls it: .returns(value), .returns(inOrder: […]), \
                .answers { arguments in … } or .throwing(error)\(closureTakes.map {
                    "; or run the closure it was given, with values of the types it takes, \(parenthesized($0)): "
                        + ".runsClosure(with: …)"
                } ?? "").
                """
        ).description
    }

    /// The failure of a relaxed throwing method whose result has no empty value to answer with.
    func noDefault(_ arguments: Arguments) -> String {
        relaxedCallHasNoDefault(relaxedCall(arguments), Result.self)
    }

    /// A relaxed call, as its failures name it: `"MockAPI.fetch(id:) was called with (42)"`.
    func relaxedCall(_ arguments: Arguments) -> String { "\(function) \(called(with: arguments))" }

    func ranOut(_ count: Int, _ arguments: Arguments, owner: String?) -> String {
        FailureMessage(
            """
            \(function(owner: owner)) \(called(with: arguments)) after its \(count) answers ran out.
            """,
            context: [
                "returns(inOrder:) answers one call per value."
            ],
            fix: """
                give as many values as the code under test makes calls, or answer every call with \
                .returns(value) or .answers { … }.
                """
        ).description
    }

    /// The failure for an error the mock's method cannot throw: any error, or with typed throws,
    /// one that is not a `thrownType`.
    func cannotThrow(_ error: any Error, _ arguments: Arguments, onlyThrowing thrownType: Any.Type? = nil)
        -> String
    {
        let (what, fix) =
            if let thrownType {
                (
                    "throws only \(thrownType)",
                    "answer it with a value or with a \(thrownType) (.throwing(\(thrownType)(…)))."
                )
            } else {
                ("cannot throw", "answer it with a value, or make the method throwing and call `try call(_:)`.")
            }
        return FailureMessage(
            """
            \(function) was answered with an error (\(error)), but the mock's \(isGetter ? "getter" : "method") \
            \(what); it returned its default instead.
            """,
            context: Arguments.self == Void.self ? [] : ["Called with (\(describeArguments(arguments)))."],
            fix: fix
        ).description
    }

    func report(_ message: String, at location: FailureLocation? = nil) {
        reportFailure(
            message, at: location ?? FailureLocation.test(orElse: declaration), through: injector,
            boundWhenMade: isReporterBound ? reporter : nil, orElse: reporter)
    }
}
