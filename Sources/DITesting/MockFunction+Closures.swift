// A `MockFunction`'s calls of methods that run a closure they are given and return its result —
// `transaction { }`, `perform { }`, `measure { }` — which a mock answers, when nothing else does,
// by running the closure as the real method would.

extension MockFunction {
    /// Records a call of a non-throwing or `rethrows` method that runs the closure it is given,
    /// and answers it: with the stub that matches, else by evaluating `closure` — running the
    /// method's closure — whose result is the answer, with no failure.
    ///
    /// ```swift
    /// func perform(_ work: () -> Void) { performMock.call((), orRun: work()) }
    /// func transaction(_ body: () throws -> Receipt) rethrows -> Receipt {
    ///     try transactionMock.call((), orRun: try body())
    /// }
    /// ```
    ///
    /// A stub answers instead of the closure, which then does not run (`transactionMock.returns(receipt)`,
    /// or `performMock.returns(())` to skip the work). A stubbed error is a reported failure, as the
    /// method cannot throw it, and the closure runs; so it does once `returns(inOrder:)` has handed
    /// out its values, after reporting that.
    ///
    /// - Throws: What `closure` throws, only.
    public func call(_ arguments: Arguments, orRun closure: @autoclosure () throws -> Result) rethrows -> Result {
        if let answer = stubbedAnswer(record(arguments), to: arguments) { return answer }
        return try closure()
    }

    /// Records a call of a throwing method that runs the closure it is given, and answers it: with
    /// the stub that matches — a stubbed error is thrown — else by evaluating `closure`, whose
    /// result is the answer, with no failure (see ``call(_:orRun:)``).
    ///
    /// ```swift
    /// func transaction(_ body: () throws -> Receipt) throws -> Receipt {
    ///     try transactionMock.call((), throwingOrRun: try body())
    /// }
    /// ```
    ///
    /// - Throws: The stubbed error, the error the answering closure throws, or what `closure` throws.
    public func call(_ arguments: Arguments, throwingOrRun closure: @autoclosure () throws -> Result) throws
        -> Result
    {
        if let answer = try thrownOrStubbedAnswer(record(arguments), to: arguments) { return answer }
        return try closure()
    }

    /// The answer a stub gives a recorded call of a method that runs a closure and cannot throw
    /// what was stubbed: its value; `nil` when the closure answers — nothing was stubbed, or the
    /// stub was an error (reported), or `returns(inOrder:)` ran out (reported).
    func stubbedAnswer(_ outcome: Outcome, to arguments: Arguments) -> Result? {
        switch outcome {
        case .value(let value):
            return value
        case .closure(let body):
            do {
                return try body(arguments)
            } catch {
                report(cannotThrow(error, arguments))
                return nil
            }
        case .error(let error):
            report(cannotThrow(error, arguments))
            return nil
        case .ranOut, .unanswered:
            return closureAnswers(outcome)
        }
    }

    /// The answer a stub gives a recorded call of a throwing method that runs a closure: its
    /// value, or its error thrown; `nil` when the closure answers.
    func thrownOrStubbedAnswer(_ outcome: Outcome, to arguments: Arguments) throws -> Result? {
        switch outcome {
        case .value(let value): return value
        case .error(let error): throw error
        case .closure(let body): return try body(arguments)
        case .ranOut, .unanswered: return closureAnswers(outcome)
        }
    }

    /// Reports that `returns(inOrder:)` ran out, unless relaxed; the closure answers the call.
    private func closureAnswers(_ outcome: Outcome) -> Result? {
        if case .ranOut(let message, relaxed: false) = outcome { report(message) }
        return nil
    }
}
