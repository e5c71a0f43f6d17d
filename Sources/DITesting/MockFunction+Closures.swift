// A `MockFunction`'s calls of methods that run a closure they are given and return its result —
// `transaction { }`, `perform { }`, `measure { }` — which a mock answers, when nothing else does,
// by running the closure as the real method would; and of methods returning nothing whose `inout`
// parameters an answer changes, which keep their values when nothing answers.

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
    /// A method returning nothing whose `inout` parameter a stub may change passes the parameter's
    /// value, which it keeps when nothing answers:
    ///
    /// ```swift
    /// func adapt(_ headers: inout [String: String]) { headers = adaptMock.call(headers, orRun: headers) }
    /// ```
    ///
    /// - Throws: What `closure` throws, only.
    public func call(_ arguments: Arguments, orRun closure: @autoclosure () throws -> Result) rethrows -> Result {
        let outcome = record(arguments)
        if let answer = stubbedAnswer(outcome, to: arguments) { return answer }
        reportIfRanOut(outcome)
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

    /// The answer a stub gives a recorded call of a throwing method that runs a closure, as
    /// ``call(_:)`` answers it — its value, or its error thrown; `nil` when no stub answers, and
    /// the closure does (after reporting that `returns(inOrder:)` ran out, if it did).
    func thrownOrStubbedAnswer(_ outcome: Outcome, to arguments: Arguments) throws -> Result? {
        switch outcome {
        case .value, .error, .closure:
            return try answer(outcome, to: arguments)
        case .unanswered, .ranOut:
            reportIfRanOut(outcome)
            return nil
        }
    }

    /// Reports that `returns(inOrder:)` ran out, unless the function is relaxed: before the
    /// closure the method was given answers the call.
    func reportIfRanOut(_ outcome: Outcome) {
        if case .ranOut(let message, relaxed: false) = outcome { report(message()) }
    }
}
