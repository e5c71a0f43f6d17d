/// A ``MockFunction`` for an `async` method: the same answers, records and checks, and answers
/// that may `await`, such as a call through to a real asynchronous object.
///
/// ```swift
/// final class MockLoader: Loader, AutoInjectMock {
///     static var registeredTypes: [Any.Type] { [Loader.self] }
///     let load = AsyncMockFunction<URL, Data>("load(_:)")
///     func load(_ url: URL) async throws -> Data { try await load.call(url) }
/// }
/// mock.load.answers { url in try await real.load(url) }
/// ```
///
/// A separate type rather than an `async` overload of `MockFunction.call`, which would make every
/// `try f.call(x)` in an `async` method need `await`.
public final class AsyncMockFunction<Arguments, Result>: Sendable {
    /// The records, the checks and every answer but the asynchronous closure.
    let recorder: MockFunction<Arguments, Result>
    /// An asynchronous answer: it runs where the mock's method was called (`nonisolated(nonsending)`),
    /// so a main-actor caller's arguments are not sent anywhere.
    public typealias Answer = nonisolated(nonsending) @Sendable (Arguments) async throws -> Result
    private let body = LockedValue<Unchecked<Answer?>>(Unchecked(nil))

    /// A function of a mock, named as in messages: `"load(_:)"`, or with its mock given as `mock`,
    /// `MockLoader.load(_:)` (else the mock's type is learned when it is `injected()`).
    public init(
        _ name: String, of mock: Any.Type? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        recorder = MockFunction(name, of: mock, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers each call with what `body` returns for its arguments; `body` may `await` and throw.
    public func answers(_ body: @escaping Answer) {
        // A marker in the recorder's place for "every call", so that stubs added later still win;
        // `call` runs `body` instead of it.
        recorder.answers { _ in throw AsyncAnswer() }
        let previous = self.body.withLock { stored in
            defer { stored = Unchecked(body) }
            return stored
        }
        withExtendedLifetime(previous) {}
    }

    /// Answers every call with `value`.
    public func returns(_ value: Result) { recorder.returns(value) }
    /// Answers the next calls with `values`, one each, in order.
    public func returns(inOrder values: [Result]) { recorder.returns(inOrder: values) }
    /// Answers every call by throwing `error`.
    public func throwing(_ error: any Error) { recorder.throwing(error) }
    /// Answers the calls whose arguments satisfy `predicate` with `value`; the latest matching stub wins.
    public func returns(_ value: Result, where predicate: @escaping @Sendable (Arguments) -> Bool) {
        recorder.returns(value, where: predicate)
    }
    /// Answers the calls whose arguments satisfy `predicate` by throwing `error`.
    public func throwing(_ error: any Error, where predicate: @escaping @Sendable (Arguments) -> Bool) {
        recorder.throwing(error, where: predicate)
    }
    /// Answers a call without a failure when nothing else answers it (see ``MockFunction/returnsDefault()``).
    public func returnsDefault() { recorder.returnsDefault() }
    /// Forgets the recorded calls; keeps the answers.
    public func resetCalls() { recorder.resetCalls() }
    /// Forgets the recorded calls and every answer.
    public func reset() {
        recorder.reset()
        releaseBody()
    }

    /// Records a call of a throwing `async` method and answers it.
    ///
    /// - Throws: The stubbed error, the error the answer throws, or ``UnansweredCall`` (after
    ///   reporting a test failure) when nothing answers.
    nonisolated(nonsending) public func call(_ arguments: Arguments) async throws -> Result {
        try recorder.answer(await outcome(of: arguments), to: arguments)
    }

    /// Records a call of a non-throwing `async` method and answers it, or returns `default` (after
    /// reporting a test failure) when nothing answers or the answer is an error.
    nonisolated(nonsending) public func call(_ arguments: Arguments, default: @autoclosure () -> Result) async
        -> Result
    {
        recorder.answer(await outcome(of: arguments), to: arguments, default: `default`())
    }

    /// Records a call of an `async` method with typed throws (`async throws(LoadError)`) and
    /// answers it (see ``MockFunction/call(_:throwing:default:)``): a `Failure` is thrown; any other
    /// error, or a call that nothing answers, is a reported test failure and returns `default`.
    nonisolated(nonsending) public func call<Failure: Error>(
        _ arguments: Arguments, throwing failure: Failure.Type, default: @autoclosure () -> Result
    ) async throws(Failure) -> Result {
        try recorder.answer(await outcome(of: arguments), to: arguments, throwing: failure, default: `default`())
    }

    /// Records a call of a non-throwing or `rethrows` `async` method that runs the closure it is
    /// given, and answers it: with the stub that matches, else by evaluating `closure`, whose result
    /// is the answer, with no failure (see ``MockFunction/call(_:orRun:)``).
    ///
    /// - Throws: What `closure` throws, only.
    nonisolated(nonsending) public func call(
        _ arguments: Arguments, orRun closure: @autoclosure () async throws -> Result
    ) async rethrows -> Result {
        let picked = await outcome(of: arguments)
        if let answer = recorder.stubbedAnswer(picked, to: arguments) { return answer }
        recorder.reportIfRanOut(picked)
        return try await closure()
    }

    /// Records a call of a throwing `async` method that runs the closure it is given, and answers
    /// it: with the stub that matches — a stubbed error is thrown — else by evaluating `closure`
    /// (see ``MockFunction/call(_:throwingOrRun:)``).
    ///
    /// - Throws: The stubbed error, the error the answer throws, or what `closure` throws.
    nonisolated(nonsending) public func call(
        _ arguments: Arguments, throwingOrRun closure: @autoclosure () async throws -> Result
    ) async throws -> Result {
        if let answer = try recorder.thrownOrStubbedAnswer(await outcome(of: arguments), to: arguments) {
            return answer
        }
        return try await closure()
    }

    /// Records a call of an `async` method with typed throws that runs the closure it is given,
    /// which throws the same type or nothing, and answers it: with the stub that matches, else by
    /// evaluating `closure` (see ``MockFunction/call(_:throwing:orRun:)``).
    ///
    /// - Throws: The stubbed `Failure`, the one the answer throws, or what `closure` throws.
    nonisolated(nonsending) public func call<Failure: Error>(
        _ arguments: Arguments, throwing failure: Failure.Type,
        orRun closure: @autoclosure () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if let answer = try recorder.stubbedAnswer(await outcome(of: arguments), to: arguments, throwing: failure) {
            return answer
        }
        return try await closure()
    }

    /// Records a call and picks its answer, as the recorder does; when that is the asynchronous
    /// answer ``answers(_:)`` set, runs it here, and its value or error is the answer. Each form of
    /// `call` then answers as the recorder's does for the same form.
    nonisolated(nonsending) func outcome(of arguments: Arguments, closureTakes: Any.Type? = nil) async
        -> MockFunction<Arguments, Result>.Outcome
    {
        let outcome = recorder.record(arguments, closureTakes: closureTakes)
        guard case .closure = outcome, let body = asyncAnswer else { return outcome }
        do {
            return .value(try await body(arguments))
        } catch {
            return .error(error)
        }
    }

    /// The answer `answers(_:)` set, if any: the recorder's answer for every call is then a
    /// marker closure that stands for it.
    private var asyncAnswer: Answer? { body.withLock { $0.value } }

    /// Every call's arguments, in call order.
    public var calls: [Arguments] { recorder.calls }
    /// How many times the function was called.
    public var callCount: Int { recorder.callCount }

    /// Reports a test failure at the caller unless the function was called `times` times, or at
    /// least once when `times` is `nil`.
    public func assertCalled(
        times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.assertCalled(times: times, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a test failure at the caller if the function was called.
    public func assertNotCalled(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.assertNotCalled(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects the function to be called as `expected` by the time the test injector's scope ends.
    public func expect(
        called expected: ResolutionExpectation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.expect(called: expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// How many times the function was called with arguments that satisfy `predicate`.
    public func callCount(where predicate: (Arguments) -> Bool) -> Int { recorder.callCount(where: predicate) }

    /// Reports a test failure at the caller unless the function was called `times` times with
    /// arguments that satisfy `predicate`, or at least once when `times` is `nil`.
    public func assertCalled(
        where predicate: (Arguments) -> Bool, times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.assertCalled(
            where: predicate, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Expects the function to be called as `expected` with arguments that satisfy `predicate` by
    /// the end of the test.
    public func expect(
        called expected: ResolutionExpectation, where predicate: @escaping @Sendable (Arguments) -> Bool,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.expect(
            called: expected, where: predicate, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a test failure at the caller unless this function's first call came before `other`'s.
    public func assertCalled(
        before other: some MockCallRecording,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.assertCalled(before: other, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits until the function has been called `times` times, at most `timeout`.
    public func assertCalled(
        times: Int, within timeout: Duration,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await recorder.assertCalled(
            times: times, within: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    private func releaseBody() {
        let previous = body.withLock { stored in
            defer { stored = Unchecked(nil) }
            return stored
        }
        withExtendedLifetime(previous) {}
    }
}

extension AsyncMockFunction {
    /// Answers the calls made with `arguments` with `value`; the latest matching stub wins. The
    /// arguments are compared as ``MockFunction/returns(_:for:fileID:filePath:line:column:)`` says.
    public func returns(
        _ value: Result, for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.returns(value, for: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// Answers the calls made with `arguments` by throwing `error`.
    public func throwing(
        _ error: any Error, for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.throwing(error, for: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// How many times the function was called with `arguments`.
    public func callCount(
        for arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Int {
        recorder.callCount(for: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// Reports a test failure at the caller unless the function was called with `arguments` `times` times.
    public func assertCalled(
        with arguments: Arguments, times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.assertCalled(
            with: arguments, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// Expects the function to be called with `arguments` as `expected` by the end of the test.
    public func expect(
        called expected: ResolutionExpectation, with arguments: Arguments,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        recorder.expect(
            called: expected, with: arguments, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension AsyncMockFunction: MockCallRecording, AttachableMockFunction {
    /// Each call's place in the process-wide order of mock calls.
    public var callOrder: [UInt64] { recorder.callOrder }
    /// The function as messages name it.
    public var mockDescription: String { recorder.mockDescription }
    func attach(to owner: Any.Type, injector: SpyContainer?) { recorder.attach(to: owner, injector: injector) }
    func releaseAnswers() {
        recorder.releaseAnswers()
        releaseBody()
    }
}

/// Marks a call the asynchronous closure answers.
private struct AsyncAnswer: Error {}
