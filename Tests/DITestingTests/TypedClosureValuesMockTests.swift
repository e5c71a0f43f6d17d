import DITesting
import Testing

struct PoolError: Error, Equatable { let code: Int }

protocol TypedConnectionPool: Sendable {
    func withConnection<R>(_ body: (PoolConnection) throws(PoolError) -> R) throws(PoolError) -> R
    func withAsyncConnection(_ body: (PoolConnection) async throws(PoolError) -> Int) async throws(PoolError) -> Int
}

/// As generate-mocks writes it for methods with typed throws.
final class MockTypedConnectionPool: TypedConnectionPool, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [TypedConnectionPool.self] }
    let withConnectionMock = MockFunction<Void, Any>("withConnection(_:)")
    let withAsyncConnectionMock = AsyncMockFunction<Void, Int>("withAsyncConnection(_:)")

    func withConnection<R>(_ body: (PoolConnection) throws(PoolError) -> R) throws(PoolError) -> R {
        mockCast(
            try withConnectionMock.call(
                (), throwing: PoolError.self, default: mockDefault() as R,
                orRunClosure: { (passed: PoolConnection) throws(PoolError) in try body(passed) as Any }),
            from: withConnectionMock)
    }
    func withAsyncConnection(_ body: (PoolConnection) async throws(PoolError) -> Int) async throws(PoolError) -> Int {
        try await withAsyncConnectionMock.call(
            (), throwing: PoolError.self, default: 0,
            orRunClosure: { (passed: PoolConnection) throws(PoolError) in try await body(passed) })
    }
}

/// `call(_:throwing:default:orRunClosure:)`: with typed throws, the closure throws the method's
/// error type, which the call throws; anything else is reported.
@Suite(.testInjector(base: Container()))
struct TypedClosureValuesMockTests {
    let pool = MockTypedConnectionPool().injected()

    @Test func theClosureRunsWithTheValuesAndItsErrorIsThrown() async throws {
        pool.withConnectionMock.runsClosure(with: PoolConnection(id: 3))
        pool.withAsyncConnectionMock.runsClosure(with: PoolConnection(id: 4))
        #expect(try pool.withConnection { db throws(PoolError) in db.id } == 3)
        #expect(try await pool.withAsyncConnection { db throws(PoolError) in db.id } == 4)
        #expect(throws: PoolError(code: 1)) {
            try pool.withConnection { _ throws(PoolError) -> Int in throw PoolError(code: 1) }
        }
        await #expect(throws: PoolError(code: 2)) {
            try await pool.withAsyncConnection { _ throws(PoolError) in throw PoolError(code: 2) }
        }
    }

    @Test func aStubbedErrorOfTheTypeIsThrownAndTheClosureDoesNotRun() async {
        pool.withConnectionMock.runsClosure(with: PoolConnection(id: 3))
        pool.withConnectionMock.throwing(PoolError(code: 9))
        pool.withAsyncConnectionMock.throwing(PoolError(code: 8))
        var ran = false
        #expect(throws: PoolError(code: 9)) { try pool.withConnection { _ throws(PoolError) in ran = true } }
        await #expect(throws: PoolError(code: 8)) { try await pool.withAsyncConnection { _ throws(PoolError) in 1 } }
        #expect(!ran)
    }

    @Test func anErrorOfAnotherTypeIsReportedAndTheClosureRunsWithTheValues() async throws {
        pool.withConnectionMock.throwing(PoolFailure())
        pool.withConnectionMock.runsClosure(with: PoolConnection(id: 5))
        pool.withAsyncConnectionMock.throwing(PoolFailure())
        let collector = FailureCollector()
        try await FailureReporting.withReporter(collector) { () async throws in
            #expect(try pool.withConnection { db throws(PoolError) in db.id } == 5)
            // Without values, it answers its default.
            #expect(try await pool.withAsyncConnection { db throws(PoolError) in db.id } == 0)
        }
        #expect(collector.failures.count == 2)
        #expect(collector.failures.allSatisfy { $0.message.contains("throws only PoolError") })
    }

    @Test func withoutValuesOrWithOthersTheCallIsAReportedFailureAnsweringItsDefault() async throws {
        pool.withAsyncConnectionMock.runsClosure(with: "not a connection")
        let collector = FailureCollector()
        try await FailureReporting.withReporter(collector) { () async throws in
            #expect(try pool.withConnection { db throws(PoolError) in db.id } == 0)
            #expect(try await pool.withAsyncConnection { db throws(PoolError) in db.id } == 0)
        }
        let messages = collector.failures.map(\.message)
        try #require(messages.count == 2)
        #expect(messages[0].contains(".runsClosure(with: …)"))
        #expect(messages[1].contains("Given: (String). The closure takes (PoolConnection)."))
    }

}

/// `closureValues(for:)`: a method whose result only its closure gives (one that may be
/// noncopyable) runs it with the values the test gives, or throws after reporting that none were.
@Suite(.testInjector(base: Container()))
struct ClosureValuesForAResultOnlyTheClosureGivesTests {
    /// As generate-mocks writes a throwing method whose result may be noncopyable.
    final class MockLeasing: AutoInjectMock {
        static var registeredTypes: [Any.Type] { [] }
        let leaseMock = MockFunction<String, Void>("lease(_:_:)")
        let watchMock = AsyncMockFunction<Void, Void>("watch(_:)")

        func lease<R: ~Copyable>(_ name: String, _ body: (PoolConnection, Int) throws -> R) throws -> R {
            try leaseMock.call(name)
            let passed: (PoolConnection, Int) = try leaseMock.closureValues(for: name)
            return try body(passed.0, passed.1)
        }
        func watch<R: ~Copyable>(_ body: (PoolConnection) async throws -> R) async throws -> R {
            try await watchMock.call(())
            let passed: PoolConnection = try watchMock.closureValues(for: ())
            return try await body(passed)
        }
    }

    let leasing = MockLeasing().injected()

    @Test func theClosureRunsWithTheValues() async throws {
        leasing.leaseMock.runsClosure(with: PoolConnection(id: 1), 2)
        leasing.watchMock.runsClosure(with: PoolConnection(id: 3))
        #expect(try leasing.lease("a") { connection, count in connection.id + count } == 3)
        #expect(try await leasing.watch { $0.id } == 3)
        #expect(leasing.leaseMock.calls == ["a"])
    }

    @Test func aStubbedErrorIsThrownAndTheClosureDoesNotRun() {
        leasing.leaseMock.runsClosure(with: PoolConnection(id: 1), 2)
        leasing.leaseMock.throwing(PoolFailure())
        var ran = false
        #expect(throws: PoolFailure.self) { try leasing.lease("a") { _, _ in ran = true } }
        #expect(!ran)
    }

    @Test func withoutValuesOrWithOthersTheCallThrowsAfterAFailure() async throws {
        leasing.watchMock.runsClosure(with: "not a connection")
        let collector = FailureCollector()
        await FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { try leasing.lease("a") { _, _ in 1 } }
            await #expect(throws: UnansweredCall.self) { try await leasing.watch { $0.id } }
        }
        let messages = collector.failures.map(\.message)
        try #require(messages.count == 2)
        #expect(
            messages[0].contains(
                """
                MockLeasing.lease(_:_:) was called with ("a") but its closure has no values to run with, and only \
                the closure can give its result.
                """))
        #expect(messages[0].contains("The closure takes (PoolConnection, Int)."))
        #expect(messages[0].contains(".runsClosure(with: …)"))
        #expect(messages[1].contains("Given: (String). The closure takes (PoolConnection)."))
    }

    /// A test reads the values back; none, or others than asked for, are a reported failure.
    @Test func theTestReadsTheValuesBack() throws {
        leasing.leaseMock.runsClosure(with: PoolConnection(id: 1), 2)
        let (connection, count): (PoolConnection, Int) = try leasing.leaseMock.closureValues()
        #expect(connection.id == 1 && count == 2)
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { let _: Int = try leasing.leaseMock.closureValues() }
            #expect(throws: UnansweredCall.self) { let _: Int = try leasing.watchMock.closureValues() }
        }
        let messages = collector.failures.map(\.message)
        try #require(messages.count == 2)
        #expect(
            messages[0].contains(
                "MockLeasing.lease(_:_:)'s closure values were read, and runsClosure(with:) gave values of other types")
        )
        #expect(messages[0].contains("Given: (PoolConnection, Int). The closure takes (Int)."))
        #expect(
            messages[1].contains("MockLeasing.watch(_:)'s closure values were read, but runsClosure(with:) gave none."))
    }
}
