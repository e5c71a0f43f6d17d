// A `MockFunction`'s calls of methods with typed throws (`throws(LoadError)`), which can throw
// nothing but their error type.

extension MockFunction {
    /// Records a call of a method with typed throws (`throws(LoadError)`) and answers it: a stubbed
    /// `Failure` is thrown; any other error, or a call that nothing answers, is a reported test
    /// failure, and the call returns `default`.
    ///
    /// ```swift
    /// func load(id: Int) throws(LoadError) -> Data {
    ///     try loadMock.call(id, throwing: LoadError.self, default: Data())
    /// }
    /// ```
    public func call<Failure: Error>(
        _ arguments: Arguments, throwing failure: Failure.Type, default: @autoclosure () -> Result
    ) throws(Failure) -> Result {
        try answer(record(arguments), to: arguments, throwing: failure, default: `default`())
    }

    /// Answers a recorded call of a method that throws only `Failure`: a `Failure` is thrown; any
    /// other error is reported, and `default` returned, as for a non-throwing method.
    func answer<Failure: Error>(
        _ outcome: Outcome, to arguments: Arguments, throwing failure: Failure.Type,
        default: @autoclosure () -> Result
    ) throws(Failure) -> Result {
        switch outcome {
        case .value, .error, .closure:
            return try stubbedAnswer(outcome, to: arguments, throwing: failure) ?? `default`()
        case .unanswered, .ranOut:
            return answer(outcome, to: arguments, default: `default`())
        }
    }

    /// Records a call of a method with typed throws that runs the closure it is given, which
    /// throws the same type or nothing, and answers it: with the stub that matches — a stubbed
    /// `Failure` is thrown — else by evaluating `closure`, whose result is the answer, with no
    /// failure (see ``call(_:orRun:)``). Any other stubbed error is a reported failure, and the
    /// closure answers.
    ///
    /// ```swift
    /// func transaction<E: Error>(_ body: () throws(E) -> Receipt) throws(E) -> Receipt {
    ///     try transactionMock.call((), throwing: E.self, orRun: try body())
    /// }
    /// ```
    ///
    /// - Throws: The stubbed `Failure`, the one the answering closure throws, or what `closure`
    ///   throws.
    public func call<Failure: Error>(
        _ arguments: Arguments, throwing failure: Failure.Type, orRun closure: @autoclosure () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let answer = try stubbedAnswer(record(arguments), to: arguments, throwing: failure) { return answer }
        return try closure()
    }

    /// What a stub answers a recorded call of a method that throws only `Failure` and runs a
    /// closure: its value, or its closure's, or its `Failure`, thrown; `nil`, for the method's
    /// closure to answer, when no stub does or its error is of another type (reported).
    func stubbedAnswer<Failure: Error>(_ outcome: Outcome, to arguments: Arguments, throwing failure: Failure.Type)
        throws(Failure) -> Result?
    {
        switch outcome {
        case .value(let value):
            return value
        case .error(let error as Failure):
            throw error
        case .closure(let body):
            do {
                return try body(arguments)
            } catch let error as Failure {
                throw error
            } catch {
                report(cannotThrow(error, arguments, onlyThrowing: Failure.self))
                return nil
            }
        case .error(let error):
            report(cannotThrow(error, arguments, onlyThrowing: Failure.self))
            return nil
        case .unanswered, .ranOut:
            reportIfRanOut(outcome)
            return nil
        }
    }
}
