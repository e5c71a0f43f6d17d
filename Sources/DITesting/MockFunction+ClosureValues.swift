// A `MockFunction`'s calls of methods that run a closure they are given with values the method
// does not have — a database's `write { db in … }`, a pool's `withConnection { connection in … }`
// — which a mock runs, when nothing answers the call, with the values the test gave
// `runsClosure(with:)`.

extension MockFunction {
    /// Gives the closure the method was given the values to run with: a call that nothing answers
    /// runs it with `values`, and its result is the answer, with no failure.
    ///
    /// ```swift
    /// // protocol DatabaseWriter { func write<T>(_ updates: (Database) throws -> T) throws -> T }
    /// let writer = MockDatabaseWriter().injected()
    /// writer.writeMock.runsClosure(with: database)   // `updates` runs with `database`
    /// try UserStore().save(user)                     // what `updates` does reaches `database`
    /// ```
    ///
    /// Give one value for each of the closure's parameters, in order: `runsClosure(with: request,
    /// context)` for a `(Request, Context) -> Response`. A generated mock gives back what a closure
    /// leaves in its `inout` parameters (`update { $0.size += 1 }`), so the next call starts from
    /// it; ``closureValues(for:)`` reads it (`try store.updateMock.closureValues()`). A stub
    /// answers first, and the closure then does not run. Values of types the closure does not take
    /// are a reported failure when a call finds them; the call is then answered as one that nothing
    /// answers. The values replace those given before; ``reset()`` forgets them, and so does the
    /// end of the test injector's scope the mock was registered in, with its answers.
    public func runsClosure<each Value>(with values: repeat each Value) {
        let previous = setClosureValues((repeat each values))
        withExtendedLifetime(previous) {}  // released after unlocking
    }

    /// Records a call of a non-throwing or `rethrows` method that runs the closure it is given with
    /// values it does not have, and answers it: with the stub that matches; else by running
    /// `closure` with the values given to ``runsClosure(with:)``, whose result is the answer; else,
    /// with `default`, after reporting a test failure.
    ///
    /// ```swift
    /// func read<T>(_ body: (Snapshot) -> T) -> T {
    ///     mockCast(
    ///         readMock.call((), default: mockDefault() as T, orRunClosure: { (passed: Snapshot) in body(passed) as Any }),
    ///         from: readMock)
    /// }
    /// ```
    ///
    /// A stubbed error is a reported failure, as the method cannot throw it; the closure then runs,
    /// if it has values.
    ///
    /// - Throws: What `closure` throws, only.
    public func call<Passed>(
        _ arguments: Arguments, default: @autoclosure () -> Result,
        orRunClosure closure: (Passed) throws -> Result
    ) rethrows -> Result {
        let outcome = record(arguments, closureTakes: Passed.self)
        if let answer = stubbedAnswer(outcome, to: arguments) { return answer }
        switch unstubbed(outcome, to: arguments, as: Passed.self) {
        case .run(let values): return try closure(values)
        case .byDefault: return `default`()
        case .unanswered: return answer(outcome, to: arguments, default: `default`())
        }
    }

    /// Records a call of a throwing method that runs the closure it is given with values it does
    /// not have, and answers it: with the stub that matches — a stubbed error is thrown — else by
    /// running `closure` with the values given to ``runsClosure(with:)``, whose result is the
    /// answer; else as ``call(_:)`` answers a call that nothing answers.
    ///
    /// ```swift
    /// func write<T>(_ updates: (Database) throws -> T) throws -> T {
    ///     try mockCast(
    ///         writeMock.call((), throwingOrRunClosure: { (passed: Database) in try updates(passed) as Any }),
    ///         from: writeMock)
    /// }
    /// ```
    ///
    /// - Throws: The stubbed error, the error the answering closure throws, what `closure` throws,
    ///   or ``UnansweredCall`` (after reporting a test failure).
    public func call<Passed>(
        _ arguments: Arguments, throwingOrRunClosure closure: (Passed) throws -> Result
    ) throws -> Result {
        let outcome = record(arguments, closureTakes: Passed.self)
        switch outcome {
        case .value, .closure, .error:
            return try answer(outcome, to: arguments)
        case .unanswered, .ranOut:
            switch values(for: arguments, as: Passed.self) {
            case .success(let values)?:
                reportIfRanOut(outcome)
                return try closure(values)
            case .failure(let unanswered)?:
                throw unanswered
            case nil:
                return try answer(outcome, to: arguments)
            }
        }
    }

    /// Records a call of a method with typed throws that runs the closure it is given with values
    /// it does not have — the closure throwing the same type, or nothing — and answers it: with the
    /// stub that matches (a stubbed `Failure` is thrown); else by running `closure` with the values
    /// given to ``runsClosure(with:)``; else with `default`, after reporting a test failure. Any
    /// other stubbed error is a reported failure, and the closure runs, if it has values.
    ///
    /// ```swift
    /// func withBytes<R>(_ body: (Bytes) throws(IOError) -> R) throws(IOError) -> R {
    ///     try mockCast(
    ///         withBytesMock.call(
    ///             (), throwing: IOError.self, default: mockDefault() as R,
    ///             orRunClosure: { (passed: Bytes) throws(IOError) in try body(passed) as Any }),
    ///         from: withBytesMock)
    /// }
    /// ```
    ///
    /// - Throws: The stubbed `Failure`, the one the answering closure throws, or what `closure`
    ///   throws.
    public func call<Failure: Error, Passed>(
        _ arguments: Arguments, throwing failure: Failure.Type, default: @autoclosure () -> Result,
        orRunClosure closure: (Passed) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome = record(arguments, closureTakes: Passed.self)
        if case .stub = outcome.kind, let answer = try stubbedAnswer(outcome, to: arguments, throwing: failure) {
            return answer
        }
        switch unstubbed(outcome, to: arguments, as: Passed.self) {
        case .run(let values): return try closure(values)
        case .byDefault: return `default`()
        case .unanswered: return answer(outcome, to: arguments, default: `default`())
        }
    }

    /// The values given to ``runsClosure(with:)``, as the closure the method was given takes them
    /// (as a generated mock left them, for a closure that changes them in place).
    ///
    /// A test reads them so: `let settings: Settings = try store.updateMock.closureValues()`. A
    /// throwing method whose result only its closure can give (one that may be noncopyable, which no
    /// stand-in can hold) records the call with ``call(_:)``, then runs the closure with these,
    /// passing its `arguments` for the failure's message:
    ///
    /// ```swift
    /// func watch<Return: ~Copyable>(_ handler: (Updates) async throws -> Return) async throws -> Return {
    ///     try await watchMock.call(())
    ///     return try await handler(watchMock.closureValues(for: ()))
    /// }
    /// ```
    ///
    /// - Throws: ``UnansweredCall``, after reporting a test failure, when none were given, or
    ///   values of other types.
    public func closureValues<Passed>(for arguments: Arguments? = nil) throws -> Passed {
        switch values(for: arguments, as: Passed.self) {
        case .success(let values)?:
            return values
        case .failure(let unanswered)?:
            throw unanswered
        case nil:
            let message =
                if let arguments {
                    FailureMessage(
                        """
                        \(function) \(called(with: arguments)) but its closure has no values to run with, and only \
                        the closure can give its result.
                        """,
                        context: ["The closure takes \(parenthesized(Passed.self))."],
                        fix: "give it values of those types before the code under test calls it: .runsClosure(with: "
                            + "…); or stub an error: .throwing(error)."
                    ).description
                } else {
                    FailureMessage(
                        "\(function)'s closure values were read, but runsClosure(with:) gave none.",
                        fix: "give them first: .runsClosure(with: …)."
                    ).description
                }
            report(message)
            throw UnansweredCall(description: message)
        }
    }

    /// How a call of a method that does not throw, or throws only a type of its own, and runs its
    /// closure with values, is answered when no stub answered it.
    enum ClosureAnswer<Passed> {
        /// By the closure, run with the values given to ``runsClosure(with:)``.
        case run(Passed)
        /// With the method's default, the failure reported already (a stubbed error the method
        /// cannot throw, or values of other types than the closure takes).
        case byDefault
        /// As a call that nothing answers: ``answer(_:to:default:)``.
        case unanswered
    }

    /// How a call is answered that no stub answered (none matched, or a stubbed error the method
    /// cannot throw, reported): by its closure, with the values given (after reporting that
    /// `returns(inOrder:)` ran out, if it did); else with the method's default.
    func unstubbed<Passed>(_ outcome: Outcome, to arguments: Arguments, as _: Passed.Type)
        -> sending ClosureAnswer<Passed>
    {
        switch values(for: arguments, as: Passed.self) {
        case .success(let values)?:
            reportIfRanOut(outcome)
            return .run(values)
        case .failure?:
            return .byDefault
        case nil:
            guard case .unstubbed = outcome.kind else { return .byDefault }
            return .unanswered
        }
    }

    /// What the method's closure runs with: the values given to ``runsClosure(with:)``, as it
    /// takes them; a reported failure when they are of other types; `nil` when none were given.
    func values<Passed>(for arguments: Arguments?, as _: Passed.Type) -> sending Swift.Result<Passed, UnansweredCall>? {
        guard let given = givenClosureValues else { return nil }
        if let values = given as? Passed { return .success(values) }
        // A call's, or the test's read of them.
        let event = arguments.map { "\(function) \(called(with: $0))," } ?? "\(function)'s closure values were read,"
        let message = FailureMessage(
            """
            \(event) and runsClosure(with:) gave values of other types than the closure it runs takes.
            """,
            context: ["Given: \(parenthesized(type(of: given))). The closure takes \(parenthesized(Passed.self))."],
            fix: "give runsClosure(with:) one value of each type the closure takes, in order."
        ).description
        report(message)
        return .failure(UnansweredCall(description: message))
    }
}

extension MockFunction.Outcome {
    /// Whether a stub answers: a value, a closure or an error.
    var kind: Kind {
        switch self {
        case .value, .closure, .error: .stub
        case .unanswered, .ranOut: .unstubbed
        }
    }

    enum Kind {
        case stub
        case unstubbed
    }
}

/// A closure's parameter types as its declaration writes them: `(Database)`, `(Request, Context)`.
func parenthesized(_ type: Any.Type) -> String {
    let name = "\(type)"
    return name.hasPrefix("(") ? name : "(\(name))"
}
