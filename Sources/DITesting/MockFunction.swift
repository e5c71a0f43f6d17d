/// A recorded, stubbable stand-in for one function of a hand-written mock: one line per method.
///
/// ```swift
/// final class MockForecastAPI: ForecastAPI, AutoInjectMock {
///     static var registeredTypes: [Any.Type] { [ForecastAPI.self] }
///     let forecast = MockFunction<String, Forecast>("forecast(city:)")
///     let citiesMock = MockFunction<Void, [String]>("cities()")
///     func forecast(city: String) async throws -> Forecast { try forecast.call(city) }
///     func cities() -> [String] { citiesMock.call((), default: []) }
/// }
///
/// let api = MockForecastAPI().injected()
/// api.forecast.returns(.sunny)                       // every call; also in order, a closure, an error
/// try await model.refresh(city: "Berlin")
/// #expect(api.forecast.calls == ["Berlin"])           // arguments, in call order
/// api.forecast.assertCalled(times: 1)                // reported at this line if not
/// ```
///
/// `Arguments` is the function's parameters: one type, a tuple for several, `Void` for none.
///
/// - A **throwing** method calls `try call(arguments)`. A call nobody answered is a reported test
///   failure, and throws ``UnansweredCall``; a `Void` result needs no answer, nor a `Void?` one
///   (a failable initializer's, which succeeds).
/// - A **non-throwing** method calls `call(arguments, default: value)`: the `try`-free form needs
///   the value to return when nothing answers, so a mock cannot forget it (the compiler asks).
///   An unanswered call is still a reported failure.
/// - A method that runs a **closure it is given** and returns its result (`transaction { }`) calls
///   `call(arguments, orRun: body())`, or `try call(arguments, throwingOrRun: try body())` where it
///   throws: the closure runs, and its result answers, when nothing else does.
/// - A method whose closure takes **values the method does not have** (`write { db in }`) calls
///   `call(arguments, default:, orRunClosure:)`, or `try call(arguments, throwingOrRunClosure:)`:
///   the closure runs with the values the test gives ``runsClosure(with:)``.
///
/// Calls are recorded and answered safely from any thread or task. Failures go to the test that
/// made the mock (see `withTestInjector`): from a detached task they are reported when its
/// injector's scope ends. Messages name the mock's type given as `of:`, or learned when the mock
/// is `injected()`.
///
/// Safety: all mutable state is in `state`, behind its lock; answers run outside the lock.
public final class MockFunction<Arguments, Result>: @unchecked Sendable {
    private enum Answer {
        case value(Result)
        case inOrder([Result])
        case closure(@Sendable (Arguments) throws -> Result)
        case error(any Error)
    }

    /// An answer for the calls whose arguments `matches`: added by `returns(_:for:)`,
    /// `returns(_:where:)`, `throwing(_:for:)` and `throwing(_:where:)`; the latest match wins.
    private struct Stub {
        let matches: @Sendable (Arguments) -> Bool
        let answer: Answer
    }

    private struct State {
        var calls: [Arguments] = []
        /// Each call's place in the process-wide order of mock calls, for `assertCalled(before:)`.
        var sequence: [UInt64] = []
        var answer: Answer?
        var stubs: [Stub] = []
        var relaxed = false
        var answered = 0
        var owner: String?
        /// What `runsClosure(with:)` gave: the values, as one tuple, that the closure the method
        /// was given runs with when nothing answers a call.
        var closureValues: Any?
    }

    let name: String
    /// A property's getter, whose calls messages call reads.
    let isGetter: Bool
    let declaration: FailureLocation
    private let state: LockedValue<State>
    /// The injector it was registered in, or made in.
    private(set) weak var injector: SpyContainer?
    /// Where failures go when the mock has no injector: chosen when the mock was made.
    let reporter: any FailureReporter
    /// Whether `reporter` was bound with `FailureReporting.withReporter` where the mock was made:
    /// then it takes the mock's failures, injector or not.
    let isReporterBound: Bool

    /// A function of a mock, named as in messages: `"forecast(city:)"`, or with its mock,
    /// `MockForecastAPI.forecast(city:)`.
    ///
    /// ```swift
    /// let forecastMock = MockFunction<String, Forecast>("forecast(city:)", of: MockForecastAPI.self)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The function's name, as failures should print it.
    ///   - mock: The mock's type, which messages name before the function. Without it, they name it
    ///     once the mock is `injected()`: a mock passed to the code under test by hand prints the
    ///     function alone.
    ///   - fileID: Where the mock declares it (Swift Testing).
    ///   - filePath: Where the mock declares it (XCTest).
    ///   - line: The declaration's line.
    ///   - column: The declaration's column.
    public convenience init(
        _ name: String, of mock: Any.Type? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            name, of: mock, isGetter: false,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A function of a mock, or the getter of a ``MockProperty`` named `name`.
    init(_ name: String, of mock: Any.Type?, isGetter: Bool, at declaration: FailureLocation) {
        self.name = name
        self.isGetter = isGetter
        self.declaration = declaration
        state = LockedValue(State(owner: mock.map { "\($0)" }))
        injector = Container.shared as? SpyContainer
        let bound = FailureReporting.bound
        reporter = bound ?? FailureReporting.current
        isReporterBound = bound != nil
    }

    // MARK: Answers

    /// Answers every call with `value`.
    public func returns(_ value: Result) { answer(.value(value)) }

    /// Answers the next calls with `values`, one each, in order; a call after the last is a
    /// reported failure.
    public func returns(inOrder values: [Result]) { answer(.inOrder(values)) }

    /// Answers each call with what `body` returns for its arguments; `body` may throw.
    public func answers(_ body: @escaping @Sendable (Arguments) throws -> Result) { answer(.closure(body)) }

    /// Answers every call by throwing `error` (a non-throwing method reports it and returns its
    /// default instead).
    public func throwing(_ error: any Error) { answer(.error(error)) }

    /// Answers the calls whose arguments satisfy `predicate` with `value`, before the answer for
    /// every call; the latest matching stub wins.
    ///
    /// ```swift
    /// fetch.returns(cached, where: { $0.hasPrefix("cache:") })
    /// ```
    public func returns(_ value: Result, where predicate: @escaping @Sendable (Arguments) -> Bool) {
        addStub(Stub(matches: predicate, answer: .value(value)))
    }

    /// Answers the calls whose arguments satisfy `predicate` by throwing `error`; the latest
    /// matching stub wins.
    public func throwing(_ error: any Error, where predicate: @escaping @Sendable (Arguments) -> Bool) {
        addStub(Stub(matches: predicate, answer: .error(error)))
    }

    /// Answers a call without a failure when nothing else answers it: a non-throwing method
    /// returns its `default:`; a throwing one returns the empty value of its result — `nil`, `()`,
    /// zero, `false`, an empty string or collection, a stream that ends, a fixed `URL`, `Locale`,
    /// `TimeZone` or `Calendar`, a `Result` that succeeds with one of these, or its
    /// ``MockDefaultValue/mockDefaultValue`` (``mockDefault(_:fileID:line:)``'s). A call whose
    /// result has none (your own struct or enum) is still a reported failure that says so: a
    /// throwing method throws, and a non-throwing one returns the first case of a `CaseIterable`
    /// enum (or, for any other type, stops the test process naming the call).
    ///
    /// ```swift
    /// api.citiesMock.returnsDefault()   // cities() throws -> [String]: answers []
    /// ```
    public func returnsDefault() { state.withLock { $0.relaxed = true } }

    /// Forgets the recorded calls; keeps the answers.
    public func resetCalls() {
        let dropped = state.withLock { state in
            defer {
                state.calls = []
                state.sequence = []
                state.answered = 0
            }
            return state.calls
        }
        withExtendedLifetime(dropped) {}
    }

    /// Forgets the recorded calls and every answer: as if just made.
    public func reset() {
        let dropped = state.withLock { state in
            let old = state
            state.calls = []
            state.sequence = []
            state.answer = nil
            state.stubs = []
            state.relaxed = false
            state.answered = 0
            state.closureValues = nil
            return old
        }
        withExtendedLifetime(dropped) {}
    }

    /// Drops every answer (they may capture the mock itself), keeping the calls: when the scope
    /// that registered the mock ends.
    func releaseAnswers() {
        let dropped = state.withLock { state in
            defer {
                state.answer = nil
                state.stubs = []
                state.closureValues = nil
            }
            return (state.answer, state.stubs, state.closureValues)
        }
        withExtendedLifetime(dropped) {}
    }

    /// Sets what the closure the method was given runs with, returning what it replaces, to be
    /// released after unlocking.
    func setClosureValues(_ values: Any) -> Any? {
        state.withLock { state in
            defer { state.closureValues = values }
            return state.closureValues
        }
    }

    /// What `runsClosure(with:)` gave, if anything.
    var givenClosureValues: Any? { state.withLock { $0.closureValues } }

    private func addStub(_ stub: Stub) {
        state.withLock { $0.stubs.append(stub) }
    }

    private func answer(_ answer: Answer) {
        let previous = state.withLock { state in
            defer {
                state.answer = answer
                state.answered = 0
            }
            return state.answer
        }
        withExtendedLifetime(previous) {}  // released after unlocking
    }

    // MARK: Calls

    /// Records a call of a throwing method and answers it.
    ///
    /// - Throws: The stubbed error, the error the answering closure throws, or ``UnansweredCall``
    ///   (after reporting a test failure) when nothing answers.
    public func call(_ arguments: Arguments) throws -> Result {
        try answer(record(arguments), to: arguments)
    }

    /// Records a call of a non-throwing method and answers it, or returns `default` (after
    /// reporting a test failure) when nothing answers or the answer is an error.
    public func call(_ arguments: Arguments, default: @autoclosure () -> Result) -> Result {
        answer(record(arguments), to: arguments, default: `default`())
    }

    /// Answers a recorded call of a throwing method (``AsyncMockFunction`` answers through it too).
    func answer(_ outcome: Outcome, to arguments: Arguments) throws -> Result {
        switch outcome {
        case .value(let value): return value
        case .error(let error): throw error
        case .closure(let body): return try body(arguments)
        case .unanswered(let message, let relaxed), .ranOut(let message, let relaxed):
            if let none = Self.needsNoAnswer { return none }
            if relaxed, let empty = emptyValue(of: Result.self) { return empty }
            let reported = relaxed ? noDefault(arguments) : message()
            report(reported)
            throw UnansweredCall(description: reported)
        }
    }

    /// Answers a recorded call of a non-throwing method, or returns `default` (after reporting a
    /// test failure) when nothing answers or the answer is an error.
    func answer(_ outcome: Outcome, to arguments: Arguments, default: @autoclosure () -> Result) -> Result {
        switch outcome {
        case .unanswered(let message, let relaxed), .ranOut(let message, let relaxed):
            if let none = Self.needsNoAnswer { return none }
            if !relaxed { report(message()) }
            guard relaxed, emptyValue(of: Result.self) == nil else { return `default`() }
            // No failure is reported: if `default` is `mockDefault()`, which finds no empty value (of
            // the type the call asks for, for a generic method), it reports one naming this call.
            let call = UnansweredDefault.Call(description: relaxedCall(arguments)) {
                [self] message in report(message)
            }
            return UnansweredDefault.$call.withValue(call) { `default`() }
        case .value, .closure, .error:
            return stubbedAnswer(outcome, to: arguments) ?? `default`()
        }
    }

    /// What a stub answers a recorded call of a method that cannot throw: its value, or its
    /// closure's; `nil` when the stub is an error or its closure throws (reported: the method
    /// cannot throw it), and when no stub answers.
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
        case .unanswered, .ranOut:
            return nil
        }
    }

    /// What a call that nothing answers returns without a failure, when its result needs no answer:
    /// `()` for `Void`, and for `Void?` — a failable initializer's, which succeeds.
    private static var needsNoAnswer: Result? {
        guard Result.self == Void.self || Result.self == Void?.self else { return nil }
        return (() as Any) as? Result
    }

    /// What a recorded call is answered with.
    enum Outcome {
        case value(Result)
        case closure(@Sendable (Arguments) throws -> Result)
        case error(any Error)
        /// No answer is set, nor a stub that matches. The failure is written only if reported:
        /// writing it describes the arguments, which a call answered without one (a `Void`
        /// method's, a relaxed one's) never needs.
        case unanswered(() -> String, relaxed: Bool)
        /// The values of `returns(inOrder:)` are all handed out.
        case ranOut(() -> String, relaxed: Bool)
    }

    /// Records a call and picks its answer: the latest matching stub, else the answer for every
    /// call. `closureTakes`: the types of the values the method's closure runs with, given by
    /// `runsClosure(with:)`, which the failure of a call that nothing answers then offers too.
    func record(_ arguments: Arguments, closureTakes: Any.Type? = nil) -> Outcome {
        let order = MockCallOrder.next()
        let stubs = state.withLock { state in
            state.calls.append(arguments)
            state.sequence.append(order)
            return state.stubs
        }
        // The predicates are user code: run with no lock held.
        if let stub = stubs.last(where: { $0.matches(arguments) }) {
            switch stub.answer {
            case .value(let value): return .value(value)
            case .error(let error): return .error(error)
            case .closure(let body): return .closure(body)
            case .inOrder: break
            }
        }
        // What is missing is described after unlocking, if at all: describing the arguments runs
        // their `description`, user code.
        return state.withLock { state in
            let (owner, relaxed) = (state.owner, state.relaxed)
            switch state.answer {
            case .value(let value): return .value(value)
            case .closure(let body): return .closure(body)
            case .error(let error): return .error(error)
            case .inOrder(let values):
                guard state.answered < values.count else {
                    return .ranOut({ self.ranOut(values.count, arguments, owner: owner) }, relaxed: relaxed)
                }
                state.answered += 1
                return .value(values[state.answered - 1])
            case nil:
                let calls = state.calls.count
                return .unanswered(
                    { self.unanswered(arguments, calls: calls, owner: owner, closureTakes: closureTakes) },
                    relaxed: relaxed)
            }
        }
    }

    // MARK: Records

    /// Every call's arguments, in call order.
    public var calls: [Arguments] { state.withLock { $0.calls } }

    /// How many times the function was called.
    public var callCount: Int { state.withLock { $0.calls.count } }

    /// Each call's place in the process-wide order of mock calls, for `assertCalled(before:)`.
    public var callOrder: [UInt64] { state.withLock { $0.sequence } }

    /// Learns the mock's type, for messages, and the injector it was registered in.
    func attach(to owner: Any.Type, injector: SpyContainer?) {
        state.withLock { $0.owner = "\(owner)" }
        if let injector { self.injector = injector }
    }

    var function: String { function(owner: state.withLock { $0.owner }) }

    /// `MockAPI.fetch(id:)`, or `fetch(id:)` before the mock's type is known, with `owner` read
    /// once with the rest of the state.
    func function(owner: String?) -> String { owner.map { "\($0).\(name)" } ?? name }
}

/// What a ``MockFunction`` of a throwing method throws when nothing answers a call (after
/// reporting a test failure).
public struct UnansweredCall: Error, CustomStringConvertible {
    /// The failure's message: the function, its arguments, and how to stub it.
    public let description: String
}
