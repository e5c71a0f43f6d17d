// An `AsyncMockFunction`'s calls of methods that run a closure they are given with values the
// method does not have (`withConnection { connection in … }`): as `MockFunction`'s, with closures
// that may `await`.

extension AsyncMockFunction {
    /// Gives the closure the method was given the values to run with, when nothing answers a call
    /// (see ``MockFunction/runsClosure(with:)``).
    ///
    /// ```swift
    /// // protocol ConnectionPool { func withConnection<R>(_ body: (Connection) async throws -> R) async throws -> R }
    /// pool.withConnectionMock.runsClosure(with: connection)
    /// ```
    public func runsClosure<each Value>(with values: repeat each Value) {
        recorder.runsClosure(with: repeat each values)
    }

    /// The values given to ``runsClosure(with:)``, as the closure the method was given takes them,
    /// for a method whose result only that closure can give (see
    /// ``MockFunction/closureValues(for:)``).
    ///
    /// - Throws: ``UnansweredCall``, after reporting a test failure, when none were given, or
    ///   values of other types.
    public func closureValues<Passed>(for arguments: Arguments? = nil) throws -> Passed {
        try recorder.closureValues(for: arguments)
    }

    /// Records a call of a non-throwing or `rethrows` `async` method that runs the closure it is
    /// given with values it does not have, and answers it: with the stub that matches, else by
    /// running `closure` with the values given to ``runsClosure(with:)``, else with `default`,
    /// after reporting a test failure (see ``MockFunction/call(_:default:orRunClosure:)``).
    ///
    /// - Throws: What `closure` throws, only.
    nonisolated(nonsending) public func call<Passed>(
        _ arguments: Arguments, default: @autoclosure () -> Result,
        orRunClosure closure: (Passed) async throws -> Result
    ) async rethrows -> Result {
        let outcome = await outcome(of: arguments, closureTakes: Passed.self)
        if let answer = recorder.stubbedAnswer(outcome, to: arguments) { return answer }
        switch recorder.unstubbed(outcome, to: arguments, as: Passed.self) {
        case .run(let values): return try await closure(values)
        case .byDefault: return `default`()
        case .unanswered: return recorder.answer(outcome, to: arguments, default: `default`())
        }
    }

    /// Records a call of a throwing `async` method that runs the closure it is given with values
    /// it does not have, and answers it: with the stub that matches — a stubbed error is thrown —
    /// else by running `closure` with the values given to ``runsClosure(with:)``, else as
    /// ``call(_:)`` answers a call that nothing answers (see
    /// ``MockFunction/call(_:throwingOrRunClosure:)``).
    ///
    /// ```swift
    /// func withConnection<R>(_ body: (Connection) async throws -> R) async throws -> R {
    ///     try await mockCast(
    ///         withConnectionMock.call(
    ///             (), throwingOrRunClosure: { (passed: Connection) in try await body(passed) as Any }),
    ///         from: withConnectionMock)
    /// }
    /// ```
    ///
    /// - Throws: The stubbed error, the error the answer throws, what `closure` throws, or
    ///   ``UnansweredCall`` (after reporting a test failure).
    nonisolated(nonsending) public func call<Passed>(
        _ arguments: Arguments, throwingOrRunClosure closure: (Passed) async throws -> Result
    ) async throws -> Result {
        let outcome = await outcome(of: arguments, closureTakes: Passed.self)
        switch outcome {
        case .value, .closure, .error:
            return try recorder.answer(outcome, to: arguments)
        case .unanswered, .ranOut:
            switch recorder.values(for: arguments, as: Passed.self) {
            case .success(let values)?:
                recorder.reportIfRanOut(outcome)
                return try await closure(values)
            case .failure(let unanswered)?:
                throw unanswered
            case nil:
                return try recorder.answer(outcome, to: arguments)
            }
        }
    }

    /// Records a call of an `async` method with typed throws that runs the closure it is given with
    /// values it does not have, and answers it (see
    /// ``MockFunction/call(_:throwing:default:orRunClosure:)``).
    ///
    /// - Throws: The stubbed `Failure`, the one the answer throws, or what `closure` throws.
    nonisolated(nonsending) public func call<Failure: Error, Passed>(
        _ arguments: Arguments, throwing failure: Failure.Type, default: @autoclosure () -> Result,
        orRunClosure closure: (Passed) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let outcome = await outcome(of: arguments, closureTakes: Passed.self)
        if case .stub = outcome.kind,
            let answer = try recorder.stubbedAnswer(outcome, to: arguments, throwing: failure)
        {
            return answer
        }
        switch recorder.unstubbed(outcome, to: arguments, as: Passed.self) {
        case .run(let values): return try await closure(values)
        case .byDefault: return `default`()
        case .unanswered: return recorder.answer(outcome, to: arguments, default: `default`())
        }
    }
}
