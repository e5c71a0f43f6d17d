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
        case .error(let error as Failure):
            throw error
        case .closure(let body):
            do {
                return try body(arguments)
            } catch let error as Failure {
                throw error
            } catch {
                report(cannotThrow(error, arguments, onlyThrowing: Failure.self))
                return `default`()
            }
        case .error(let error):
            report(cannotThrow(error, arguments, onlyThrowing: Failure.self))
            return `default`()
        case .value, .unanswered, .ranOut:
            return answer(outcome, to: arguments, default: `default`())
        }
    }
}
