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
///   failure, and throws ``UnansweredCall``; a `Void` result needs no answer.
/// - A **non-throwing** method calls `call(arguments, default: value)`: the `try`-free form needs
///   the value to return when nothing answers, so a mock cannot forget it (the compiler asks).
///   An unanswered call is still a reported failure.
///
/// Calls are recorded and answered safely from any thread or task. Failures go to the test that
/// made the mock (see `withTestInjector`): from a detached task they are reported when its
/// injector's scope ends. The mock's type in messages is learned when the mock is `injected()`.
///
/// Safety: all mutable state is in `state`, behind its lock; answers run outside the lock.
public final class MockFunction<Arguments, Result>: @unchecked Sendable {
    private enum Answer {
        case value(Result)
        case inOrder([Result])
        case closure(@Sendable (Arguments) throws -> Result)
        case error(any Error)
    }

    private struct State {
        var calls: [Arguments] = []
        var answer: Answer?
        var answered = 0
        var owner: String?
    }

    private let name: String
    private let declaration: FailureLocation
    private let state: LockedValue<State>
    private weak var injector: SpyContainer?
    private let framework: TestFramework

    /// A function of a mock, named as in messages: `"forecast(city:)"`.
    ///
    /// - Parameters:
    ///   - name: The function's name, as failures should print it.
    ///   - fileID: Where the mock declares it (Swift Testing).
    ///   - filePath: Where the mock declares it (XCTest).
    ///   - line: The declaration's line.
    ///   - column: The declaration's column.
    public init(
        _ name: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        self.name = name
        declaration = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        state = LockedValue(State())
        injector = Container.shared as? SpyContainer
        framework = TestFramework.forCaller
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
        switch record(arguments) {
        case .value(let value): return value
        case .error(let error): throw error
        case .closure(let body): return try body(arguments)
        case .unanswered(let message):
            if Result.self == Void.self, let none = (() as Any) as? Result { return none }  // Void needs no answer
            report(message)
            throw UnansweredCall(description: message)
        }
    }

    /// Records a call of a non-throwing method and answers it, or returns `default` (after
    /// reporting a test failure) when nothing answers or the answer is an error.
    public func call(_ arguments: Arguments, default: @autoclosure () -> Result) -> Result {
        switch record(arguments) {
        case .value(let value): return value
        case .closure(let body):
            do {
                return try body(arguments)
            } catch {
                report(cannotThrow(error, arguments))
                return `default`()
            }
        case .error(let error):
            report(cannotThrow(error, arguments))
            return `default`()
        case .unanswered(let message):
            if Result.self == Void.self, let none = (() as Any) as? Result { return none }
            report(message)
            return `default`()
        }
    }

    private enum Outcome {
        case value(Result)
        case closure(@Sendable (Arguments) throws -> Result)
        case error(any Error)
        case unanswered(String)
    }

    private func record(_ arguments: Arguments) -> Outcome {
        state.withLock { state in
            state.calls.append(arguments)
            switch state.answer {
            case .value(let value): return .value(value)
            case .closure(let body): return .closure(body)
            case .error(let error): return .error(error)
            case .inOrder(let values):
                guard state.answered < values.count else {
                    return .unanswered(ranOut(values.count, arguments, owner: state.owner))
                }
                state.answered += 1
                return .value(values[state.answered - 1])
            case nil: return .unanswered(unanswered(arguments, calls: state.calls.count, owner: state.owner))
            }
        }
    }

    // MARK: Records

    /// Every call's arguments, in call order.
    public var calls: [Arguments] { state.withLock { $0.calls } }

    /// How many times the function was called.
    public var callCount: Int { state.withLock { $0.calls.count } }

    /// Reports a test failure at the caller unless the function was called `times` times, or at
    /// least once when `times` is `nil`.
    public func assertCalled(
        times: Int? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(
            times.map { .exactly($0) } ?? .atLeast(1), when: "",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a test failure at the caller if the function was called.
    public func assertNotCalled(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        check(.never, when: "", at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Expects the function to be called as `expected` by the time the test injector's scope ends
    /// (`withTestInjector`, the `.testInjector` trait, `DITestCase`); an unmet expectation is
    /// reported at this call.
    public func expect(
        called expected: ResolutionExpectation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let injector else {
            report(
                """
                \(function).expect(called:) needs a test injector to check it when the test ends, and this mock \
                was made outside one.
                  To fix: make the mock inside withTestInjector, the .testInjector trait or a DITestCase; or \
                check now with assertCalled(times:).
                """, at: location)
            return
        }
        injector.withRecording { state in
            state.endChecks.append { [weak self] in self?.check(expected, when: " by the end of the test", at: location)
            }
        }
    }

    private func check(_ expected: ResolutionExpectation, when: String, at location: FailureLocation) {
        let calls = self.calls
        guard !expected.isMet(by: calls.count) else { return }
        let wanted = expected == .never ? "not to be called" : "to be called \(expected)"
        let actual = calls.isEmpty ? "it never was" : "it was called \(times(calls.count))"
        let list = calls.isEmpty ? "none" : calls.map { "(\($0))" }.joined(separator: ", ")
        report(
            """
            Expected \(function) \(wanted)\(when), but \(actual).
              Calls, in order: \(list).
              To fix: check that the code under test reaches this mock (made in the test's injector), or \
            change the expectation.
            """, at: location)
    }

    // MARK: Messages

    /// Learns the mock's type, for messages, and the injector it was registered in.
    func attach(to owner: Any.Type, injector: SpyContainer?) {
        state.withLock { $0.owner = "\(owner)" }
        if let injector { self.injector = injector }
    }

    private var function: String {
        state.withLock { $0.owner }.map { "\($0).\(name)" } ?? name
    }

    private func unanswered(_ arguments: Arguments, calls: Int, owner: String?) -> String {
        let function = owner.map { "\($0).\(name)" } ?? name
        return """
            \(function) was called with (\(arguments)) but nothing answers it.
              Call \(calls); declared at \(declaration.fileID):\(declaration.line).
              To fix: stub it before the code under test calls it: .returns(value), .returns(inOrder: […]), \
            .answers { arguments in … } or .throwing(error).
            """
    }

    private func ranOut(_ count: Int, _ arguments: Arguments, owner: String?) -> String {
        let function = owner.map { "\($0).\(name)" } ?? name
        return """
            \(function) was called with (\(arguments)) after its \(count) answers ran out.
              returns(inOrder:) answers one call per value.
              To fix: give as many values as the code under test makes calls, or answer every call with \
            .returns(value) or .answers { … }.
            """
    }

    private func cannotThrow(_ error: any Error, _ arguments: Arguments) -> String {
        """
        \(function) was answered with an error (\(error)), but the mock's method cannot throw; it returned \
        its default instead.
          Called with (\(arguments)).
          To fix: answer it with a value, or make the method throwing and call `try call(_:)`.
        """
    }

    private func report(_ message: String, at location: FailureLocation? = nil) {
        let location = location ?? FailureLocation.test(orElse: declaration)
        if let injector {
            injector.report(message, at: location)
        } else {
            reportFailure(message, at: location, fallback: framework)
        }
    }
}

/// What a ``MockFunction`` of a throwing method throws when nothing answers a call (after
/// reporting a test failure).
public struct UnansweredCall: Error, CustomStringConvertible {
    /// The failure's message: the function, its arguments, and how to stub it.
    public let description: String
}

/// A ``MockFunction`` of any signature, as `AutoInjectMock.injected()` finds it by reflection.
protocol AttachableMockFunction {
    func attach(to owner: Any.Type, injector: SpyContainer?)
}

extension MockFunction: AttachableMockFunction {}
