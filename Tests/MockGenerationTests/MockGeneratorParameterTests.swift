import MockGeneration
import Testing

/// How parameters are recorded — packs, optional generics, autoclosures — the closure a method
/// runs, and what answers a call that nothing does.
@Suite struct MockGeneratorParameterTests {
    @Test func aParameterPackIsRecordedAsTheTupleOfItsValues() throws {
        let source = try generate().source
        #expect(source.contains("let recordMock = MockFunction<Any, Void>(\"record(_:)\""))
        #expect(source.contains("recordMock.call((repeat each values), default: ())"))
        #expect(
            source.contains(
                "mockCast(echoMock.call((repeat each values), default: mockDefault() as (repeat each Value)), "
                    + "from: echoMock)"))
    }

    @Test func optionalGenericValuesAreMadeAnyExplicitly() throws {
        // Implicitly, `nil as T?` passed as `Any` is a warning in the user's build.
        let source = try generate().source
        #expect(source.contains("findMock.call((type: type, key: key), default: nil as T? as Any)"))
        // And so is an optional generic argument, recorded as `Any`.
        #expect(source.contains("containsMock.call(value as Any, default: mockDefault())"))
    }

    /// A function type returning an optional is no optional: `nil` is not a default for it. A
    /// function result's default is a closure that does nothing: returns nothing, `nil`, or the
    /// default of its result, found only when it is called.
    @Test func aFunctionResultIsAnsweredByAClosureThatDoesNothing() throws {
        let source = try generate(["Expecting"]).source
        #expect(source.contains("var expression: () throws -> Value? { expressionMock.get(default: { nil }) }"))
        #expect(source.contains("return handlerMock.call((), default: { _, _ in })"))
        #expect(source.contains("return lookupMock.call((), default: { _ in nil })"))
        #expect(source.contains("return counterMock.call((), default: { mockDefault() })"))
        #expect(source.contains("return transformMock.call((), default: { _ in mockDefault() })"))
        #expect(source.contains("mapperMock.call((), default: { _ in mockDefault() } as (Int) -> T)"))
    }

    @Test func aBorrowedValueIsRecordedAsACopy() throws {
        // Passing a `borrowing` parameter on would consume it: "'text' is borrowed and cannot be consumed".
        let source = try generate(["Measuring"]).source
        #expect(
            source.contains("let lengthMock = MockFunction<(text: String, suffix: String), Int>(\"length(of:plus:)\""))
        #expect(source.contains("func length(of text: borrowing String, plus suffix: consuming String) -> Int {"))
        #expect(source.contains("return lengthMock.call((text: (copy text), suffix: suffix), default: mockDefault())"))
    }

    @Test func aParameterWithALabelAndNoNameIsNamedByItsLabelUnlessAnotherHasThatName() throws {
        let source = try generate(["Messaging"]).source
        #expect(
            source.contains(
                "let sendMock = MockFunction<(arg0: String, to: String, cc: String), Bool>(\"send(_:to:cc:)\""))
        // `to _:` becomes `to:`, not `to to:`, which is a warning.
        #expect(source.contains("func send(_ arg0: String, to: String, cc: String) -> Bool {"))
        #expect(source.contains("return sendMock.call((arg0: arg0, to: to, cc: cc), default: mockDefault())"))
        // Another parameter is named `from`: the unnamed one is named by its position.
        #expect(source.contains("func forward(from arg0: String, _ from: String) -> Bool {"))
        #expect(source.contains("MockFunction<(arg0: String, from: String), Bool>(\"forward(from:_:)\""))
    }

    @Test func aThrowingAutoclosureIsRecordedWhereTheMethodMayThrowIt() throws {
        let source = try generate().source
        #expect(source.contains("let evaluateMock = MockFunction<Int, Int>(\"evaluate(_:)\""))
        #expect(source.contains("return evaluateMock.call((try value()), default: mockDefault())"))
        // A method that neither throws nor rethrows cannot evaluate it: the call is recorded without it.
        #expect(source.contains("let ignoreMock = MockFunction<Void, Int>(\"ignore(_:)\""))
        #expect(source.contains("return ignoreMock.call((), default: mockDefault())"))
    }

    @Test func theOneClosureAMethodRunsForItsResultAnswersWhatNothingElseDoes() throws {
        let source = try generate(["Database"]).source
        #expect(
            source.contains(
                "return mockCast(try transactionMock.call((), orRun: try body() as Any), from: transactionMock)"))
        #expect(source.contains("performMock.call((), orRun: work())"))
        #expect(source.contains("return try writeMock.call((), throwingOrRun: try body())"))
        #expect(
            source.contains(
                "return mockCast(try await measureMock.call(name, orRun: try await body() as Any), from: measureMock)"))
        #expect(source.contains("return try await saveMock.call((), throwingOrRun: try await body())"))
        // With typed throws, the closure throwing the method's type.
        #expect(source.contains("return try typedMock.call((), throwing: Corpus.LoadError.self, orRun: try body())"))
        // Not run: a result the closure does not give, two closures, a global actor's, a closure
        // throwing what the method's typed throws cannot.
        #expect(source.contains("return timedMock.call((), default: mockDefault())"))
        #expect(source.contains("return retryMock.call((), default: mockDefault())"))
        #expect(source.contains("onMainMock.call((), default: ())"))
        #expect(
            source.contains(
                "return try untypedMock.call((), throwing: Corpus.LoadError.self, default: mockDefault())"))
        // A closure taking a function: not run, and not recorded either (it cannot escape).
        #expect(source.contains("let nestMock = MockFunction<Void, Void>(\"nest(_:)\""))
        #expect(source.contains("nestMock.call((), default: ())"))
    }

    /// A method returning nothing answers with the new values of its `inout` parameters, which
    /// keep theirs when nothing answers.
    @Test func inoutParametersOfAMethodReturningNothingAreAnsweredWithTheirNewValues() throws {
        let source = try generate(["RequestAdapting"]).source
        #expect(source.contains("let adaptMock = MockFunction<[String : String], [String : String]>(\"adapt(_:)\""))
        #expect(source.contains("headers = adaptMock.call(headers, orRun: headers)"))
        #expect(source.contains("headers = try signMock.call((headers: headers, key: key), throwingOrRun: headers)"))
        #expect(
            source.contains(
                "AsyncMockFunction<(headers: [String : String], body: Data), (headers: [String : String], body: Data)>")
        )
        #expect(
            source.contains(
                "(headers, body) = await prepareMock.call((headers: headers, body: body), "
                    + "orRun: (headers: headers, body: body))"))
        #expect(source.contains("static var normalizeMock: MockFunction<String, String>"))
        #expect(source.contains("path = normalizeMock.call(path, orRun: path)"))
        // A generic one alone: its answer, kept as `Any`, is cast to the call's type.
        #expect(source.contains("let injectMock = MockFunction<Any, Any>(\"inject(into:)\""))
        #expect(source.contains("carrier = mockCast(injectMock.call(carrier, orRun: carrier), from: injectMock)"))
        #expect(
            source.contains("value = mockCast(fillMock.call(value as Any, orRun: value as Any), from: fillMock)"))
        // Only recorded: a method returning something, a generic value beside another, typed
        // throws, a closure run.
        #expect(source.contains("return attemptMock.call(count, default: mockDefault())"))
        #expect(source.contains("mergeMock.call((value: value, headers: headers), default: ())"))
        #expect(source.contains("try verifyMock.call(headers, throwing: Corpus.LoadError.self, default: ())"))
        #expect(source.contains("updateMock.call(headers, orRun: body())"))
    }

    /// A closure that changes a value in place runs on a copy of the test's, and what it leaves is
    /// given back to the stand-in, when it returns or throws, for the next call.
    @Test func aClosureChangingAValueInPlaceKeepsWhatItLeaves() throws {
        let source = try generate(["SettingsStore", "Watching"]).source
        #expect(
            source.contains(
                "updateMock.call((), default: (), orRunClosure: { (passed: Corpus.PoolSettings) in var passed = passed; "
                    + "defer { updateMock.runsClosure(with: passed) }; return change(&passed) })"))
        #expect(
            source.contains(
                "{ (passed: Corpus.PoolSettings) in var passed = passed; defer { withLockMock.runsClosure(with: passed) "
                    + "}; return try body(&passed) as Any }"))
        #expect(
            source.contains(
                "{ (passed: (Corpus.PoolSettings, Int)) in var passed = passed; defer { resizeMock.runsClosure(with: "
                    + "passed.0, passed.1) }; return try await body(&passed.0, passed.1) })"))
        // Where only the closure gives the result.
        #expect(
            source.contains(
                "var passed: [Int] = try modifyMock.closureValues(for: ())\n        defer { modifyMock.runsClosure("
                    + "with: passed) }\n        return try body(&passed)"))
    }

    /// A middleware's `next`: run with the values of the method's parameters it takes, in order.
    @Test func aClosureTakingWhatTheMethodWasGivenRunsWithIt() throws {
        let source = try generate(["Middleware"]).source
        #expect(
            source.contains(
                "try await handleMock.call((request: request, context: context), throwingOrRun: "
                    + "try await next(request, context))"))
        #expect(
            source.contains(
                "try await interceptMock.call((request: request, operationID: operationID), throwingOrRun: "
                    + "try await next(request))"))
        // It takes a `String`, which the method was not given: run with the test's values.
        #expect(
            source.contains(
                "return wrapMock.call(value, default: mockDefault(), orRunClosure: { (passed: String) in next(passed) })"
            ))
    }

    /// GRDB's `write { db in }`, a pool's `withConnection { connection in }`: a closure taking what
    /// the method was not given runs with the values the test gives `runsClosure(with:)`.
    @Test func aClosureTakingWhatTheMethodWasNotGivenRunsWithTheTestsValues() throws {
        let source = try generate(["ConnectionPool"]).source
        #expect(
            source.contains(
                "return mockCast(try writeMock.call((), throwingOrRunClosure: { (passed: Corpus.PooledConnection) in "
                    + "try updates(passed) as Any }), from: writeMock)"))
        #expect(
            source.contains(
                "return mockCast(readMock.call((), default: mockDefault() as T, orRunClosure: { (passed: "
                    + "Corpus.PooledConnection) in body(passed) as Any }), from: readMock)"))
        // `rethrows`: what the closure throws, the call throws.
        #expect(
            source.contains(
                "return try inTransactionMock.call((), default: mockDefault(), orRunClosure: { (passed: "
                    + "Corpus.PooledConnection) in try body(passed) })"))
        #expect(
            source.contains(
                "try await withConnectionMock.call((), throwingOrRunClosure: { (passed: Corpus.PooledConnection) in "
                    + "try await body(passed) as Any })"))
        // Several values: one tuple, taken apart.
        #expect(
            source.contains(
                "return await respondMock.call(path, default: mockDefault(), orRunClosure: { (passed: (String, Int)) in "
                    + "await handler(passed.0, passed.1) })"))
        // With typed throws, the closure literal says the method's error type.
        #expect(
            source.contains(
                "try withTypedConnectionMock.call((), throwing: Corpus.LoadError.self, default: mockDefault() as R, "
                    + "orRunClosure: { (passed: Corpus.PooledConnection) throws(Corpus.LoadError) in try body(passed) "
                    + "as Any })"))
        #expect(
            source.contains(
                "try peekMock.call((), throwing: Corpus.LoadError.self, default: mockDefault(), orRunClosure: { "
                    + "(passed: Corpus.PooledConnection) throws(Corpus.LoadError) in body(passed) })"))
        // Its `inout` parameters are only recorded, as for any method that runs a closure.
        #expect(
            source.contains(
                "prepareMock.call(headers, default: (), orRunClosure: { (passed: Corpus.PooledConnection) in "
                    + "body(passed) })"))
        // A borrowed value: a copy is passed.
        #expect(source.contains("orRunClosure: { (passed: Corpus.PooledConnection) in body(passed) })"))
    }

    @Test func aProtocolTheFileMocksIsAnsweredWithANewMockOfIt() throws {
        let source = try generate().source
        #expect(source.contains("return subscribeMock.call(handler, default: MockSubscription())"))
        #expect(
            source.contains("var primary: any Corpus.Subscription { primaryMock.get(default: MockSubscription()) }"))
        #expect(source.contains("return screenMock.call((), default: MockScreen())"))  // its `init()` is nonisolated
        #expect(source.contains("return counterMock.call((), default: MockCounter())"))  // an actor's too
        #expect(source.contains("return connectionMock.call((), default: MockConnection())"))
        // A nested protocol's own mock, not the one of a top-level protocol of the same name.
        #expect(source.contains("return sessionMock.call((), default: MockNetworkingSession())"))
        // `Self`, in a mock, is the mock.
        #expect(source.contains("return makeMock.call((), default: MockSession())"))
        // A generic mock whose generic parameters are its protocol's primary associated types,
        // given the result's.
        #expect(source.contains("return cacheMock.call((), default: MockCache<Int>())"))
        // A subclass, an array, an optional, and a protocol that requires `init()`.
        #expect(source.contains("return viewMock.call((), default: mockDefault())"))
        #expect(source.contains("return draftsMock.call((), default: mockDefault())"))
        #expect(source.contains("return backupMock.call((), default: nil)"))
        #expect(source.contains("return settingsMock.call((), default: mockDefault())"))
        // A mock made `@available` is not made where its protocol may not be.
        #expect(!source.contains("MockRecent()"))
        // The mock's own protocol, by the mock itself; in a static requirement, by a new one.
        #expect(source.contains("return loggingMock.call(label, default: self)"))
        #expect(source.contains("var retrying: any Corpus.Requesting { retryingMock.get(default: self) }"))
        #expect(source.contains("return sharedMock.call((), default: MockRequesting())"))
        // A tuple, element by element.
        #expect(source.contains("return boundsMock.call((), default: (mockDefault(), mockDefault()))"))
        #expect(
            source.contains("return entryMock.call((), default: (mockDefault(), MockSubscription(), { _ in }, nil))"))
        #expect(source.contains("pairMock.get(default: (mockDefault(), (mockDefault(), mockDefault())))"))
        // A `sending` result is disconnected from everything else: a new mock, not the mock itself.
        #expect(source.contains("return forkMock.call((), default: MockDrafting())"))
    }

    /// `associatedtype Span: Span`: inside the generic mock, `Span` is its parameter, so the
    /// protocol it shadows is written by its module; a result of the associated type is not
    /// answered with a mock of the protocol.
    @Test func anAssociatedTypeShadowingAProtocolLeavesItQualified() throws {
        let source = try generate(["Tracer", "Span"]).source
        #expect(source.contains("final class MockTracer<Span: Corpus.Span>: Corpus.Tracer, AutoInjectMock, Sendable {"))
        #expect(source.contains("func anySpan(_ name: String) -> any Corpus.Span {"))
        #expect(source.contains("return anySpanMock.call(name, default: MockSpan())"))
        #expect(source.contains("func startSpan(_ name: String) -> Span {"))
        #expect(source.contains("return startSpanMock.call(name, default: mockDefault())"))
        #expect(source.contains("let activeSpanMock = MockFunction<Void, Span?>(\"activeSpan()\""))
    }

    @Test func aGenericSubscriptsNewValueIsRecordedAsAny() throws {
        let source = try generate(["Attributes"]).source
        #expect(
            source.contains(
                "let subscriptSetMock = MockFunction<(key: String, newValue: Any), Void>(\"subscript(_:) = \""))
        #expect(source.contains("set { subscriptSetMock.call((key: key, newValue: newValue as Any), default: ()) }"))
    }

    /// A method's generic parameter named as an associated type would shadow the generic mock's
    /// own parameter: it is renamed.
    @Test func aMethodsGenericParameterNamedAsAnAssociatedTypeIsRenamed() throws {
        let source = try generate(["Request"]).source
        #expect(source.contains("final class MockRequest<RowDecoder>: Corpus.Request, AutoInjectMock, Sendable {"))
        #expect(source.contains("func with<RowDecoder2>(_ other: [RowDecoder2]) -> MockRequest {"))
        #expect(source.contains("let fetchAllMock = MockFunction<Void, [RowDecoder]>(\"fetchAll()\""))
    }
}
