/// A recorded, stubbable stand-in for one property of a hand-written mock.
///
/// ```swift
/// final class MockSession: Session, AutoInjectMock {
///     static var registeredTypes: [Any.Type] { [Session.self] }
///     let tokenMock = MockProperty<String>("token")
///     var token: String {
///         get { tokenMock.get(default: "") }
///         set { tokenMock.set(newValue) }
///     }
/// }
/// session.tokenMock.returns("abc")
/// #expect(session.tokenMock.getCount == 1)
/// #expect(session.tokenMock.setCalls == ["def"])
/// ```
///
/// A value set is what later reads return, until another value is set or stubbed. A read that
/// nothing answers is a reported test failure, and returns its `default:`.
public final class MockProperty<Value>: Sendable {
    private let getter: MockFunction<Void, Value>
    private let setter: MockFunction<Value, Void>

    /// A property of a mock, named as in messages: `"token"`, or with its mock given as `mock`,
    /// `MockSession.token` (else the mock's type is learned when it is `injected()`).
    public init(
        _ name: String, of mock: Any.Type? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let declaration = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        getter = MockFunction(name, of: mock, isGetter: true, at: declaration)
        setter = MockFunction(name + " = ", of: mock, isGetter: false, at: declaration)
    }

    /// Reads the property: the value set or stubbed last, else `default` after reporting a failure.
    public func get(default: @autoclosure () -> Value) -> Value { getter.call((), default: `default`()) }

    /// Reads a throwing property (`get throws`, `get async throws`).
    ///
    /// - Throws: The stubbed error, or ``UnansweredCall`` when nothing answers.
    public func get() throws -> Value { try getter.call(()) }

    /// Reads a property whose getter has typed throws (`get throws(SessionError)`): a stubbed
    /// `Failure` is thrown; another error, or a read that nothing answers, is a reported failure,
    /// and the read returns `default`.
    public func get<Failure: Error>(throwing failure: Failure.Type, default: @autoclosure () -> Value)
        throws(Failure) -> Value
    {
        try getter.call((), throwing: failure, default: `default`())
    }

    /// Writes the property: recorded in ``setCalls``, and answered by later reads.
    public func set(_ value: Value) {
        setter.call(value, default: ())
        getter.returns(value)
    }

    /// Answers every read with `value`.
    public func returns(_ value: Value) { getter.returns(value) }

    /// Answers every read by throwing `error` (for throwing getters).
    public func throwing(_ error: any Error) { getter.throwing(error) }

    /// Answers reads nothing answers with the `default:`, without a failure.
    public func returnsDefault() { getter.returnsDefault() }

    /// How many times the property was read.
    public var getCount: Int { getter.callCount }

    /// The values written, in order.
    public var setCalls: [Value] { setter.calls }

    /// How many times the property was written.
    public var setCount: Int { setter.callCount }

    /// Forgets the reads and writes; keeps the answers.
    public func resetCalls() {
        getter.resetCalls()
        setter.resetCalls()
    }

    /// Forgets the reads, the writes and every answer.
    public func reset() {
        getter.reset()
        setter.reset()
    }
}

extension MockProperty: MockCallRecording, AttachableMockFunction {
    /// Each read's and write's place in the process-wide order of mock calls.
    public var callOrder: [UInt64] { (getter.callOrder + setter.callOrder).sorted() }
    /// The property as messages name it: `MockSession.token`.
    public var mockDescription: String { getter.mockDescription }
    var callCount: Int { getter.callCount + setter.callCount }
    func attach(to owner: Any.Type, injector: SpyContainer?) {
        getter.attach(to: owner, injector: injector)
        setter.attach(to: owner, injector: injector)
    }
    func releaseAnswers() { getter.releaseAnswers() }
}
