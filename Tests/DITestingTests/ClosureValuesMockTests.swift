import DITesting
import Testing

/// What a pool's closures are given: not `Sendable`, as a database handle is not.
final class PoolConnection {
    let id: Int
    var executed: [String] = []
    init(id: Int) { self.id = id }
    func execute(_ sql: String) { executed.append(sql) }
}

struct PoolRequest: Equatable { let path: String }
struct PoolContext: Equatable { let user: String }

protocol ConnectionPool: Sendable {
    func write<T>(_ updates: (PoolConnection) throws -> T) throws -> T
    func read<T>(_ body: (PoolConnection) -> T) -> T
    func inTransaction(_ body: (PoolConnection) throws -> Int) rethrows -> Int
    func withConnection<R>(_ body: (PoolConnection) async throws -> R) async throws -> R
    func respond(_ handler: (PoolRequest, PoolContext) async -> String) async -> String
    func log(_ line: String)
}

/// As generate-mocks writes it: each method given one closure that takes values the method does
/// not have runs it, when nothing answers the call, with the values given `runsClosure(with:)`.
final class MockConnectionPool: ConnectionPool, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [ConnectionPool.self] }
    let writeMock = MockFunction<Void, Any>("write(_:)")
    let readMock = MockFunction<Void, Any>("read(_:)")
    let inTransactionMock = MockFunction<Void, Int>("inTransaction(_:)")
    let withConnectionMock = AsyncMockFunction<Void, Any>("withConnection(_:)")
    let respondMock = AsyncMockFunction<Void, String>("respond(_:)")
    let logMock = MockFunction<String, Void>("log(_:)")

    func write<T>(_ updates: (PoolConnection) throws -> T) throws -> T {
        mockCast(
            try writeMock.call((), throwingOrRunClosure: { (values: PoolConnection) in try updates(values) as Any }),
            from: writeMock)
    }
    func read<T>(_ body: (PoolConnection) -> T) -> T {
        mockCast(
            readMock.call((), default: mockDefault() as T, orRunClosure: { (values: PoolConnection) in body(values) }),
            from: readMock)
    }
    func inTransaction(_ body: (PoolConnection) throws -> Int) rethrows -> Int {
        try inTransactionMock.call((), default: 0, orRunClosure: { (values: PoolConnection) in try body(values) })
    }
    func withConnection<R>(_ body: (PoolConnection) async throws -> R) async throws -> R {
        mockCast(
            try await withConnectionMock.call(
                (), throwingOrRunClosure: { (values: PoolConnection) in try await body(values) as Any }),
            from: withConnectionMock)
    }
    func respond(_ handler: (PoolRequest, PoolContext) async -> String) async -> String {
        await respondMock.call(
            (), default: "",
            orRunClosure: { (values: (PoolRequest, PoolContext)) in await handler(values.0, values.1) })
    }
    func log(_ line: String) { logMock.call(line, default: ()) }
}

struct PoolFailure: Error {}

/// `runsClosure(with:)`: a mock of a method that runs the closure it is given with values it does
/// not have (`write { db in }`, `withConnection { connection in }`) runs it with the test's values.
@Suite(.testInjector(base: Container()))
struct ClosureValuesMockTests {
    let pool = MockConnectionPool().injected()

    @Test func anUnansweredCallRunsTheClosureWithTheGivenValuesAndAnswersWithItsResult() async throws {
        let connection = PoolConnection(id: 7)
        pool.writeMock.runsClosure(with: connection)
        pool.readMock.runsClosure(with: connection)
        pool.inTransactionMock.runsClosure(with: connection)
        pool.withConnectionMock.runsClosure(with: connection)
        pool.respondMock.runsClosure(with: PoolRequest(path: "/users"), PoolContext(user: "ada"))

        let written = try pool.write { db in
            pool.log("writing")
            db.execute("INSERT")
            return db.id
        }
        #expect(written == 7)
        #expect(pool.read { $0.executed } == ["INSERT"])
        #expect(pool.inTransaction { $0.id + 1 } == 8)
        let name = try await pool.withConnection { db in
            db.execute("SELECT")
            return "conn \(db.id)"
        }
        #expect(name == "conn 7")
        #expect(await pool.respond { request, context in "\(request.path) for \(context.user)" } == "/users for ada")
        #expect(connection.executed == ["INSERT", "SELECT"])
        // Recorded before its closure ran: what the closure calls comes after it.
        pool.writeMock.assertCalled(before: pool.logMock)
    }

    @Test func aStubAnswersInsteadAndTheClosureDoesNotRun() async throws {
        let connection = PoolConnection(id: 1)
        pool.writeMock.runsClosure(with: connection)
        pool.withConnectionMock.runsClosure(with: connection)
        pool.writeMock.returns(42)
        pool.withConnectionMock.throwing(PoolFailure())
        pool.respondMock.runsClosure(with: PoolRequest(path: "/"), PoolContext(user: "ada"))
        pool.respondMock.answers { _ in "answered" }
        let written = try pool.write { db in
            db.execute("INSERT")
            return 1
        }
        #expect(written == 42)
        await #expect(throws: PoolFailure.self) { try await pool.withConnection { db in db.execute("SELECT") } }
        #expect(await pool.respond { _, _ in "ran" } == "answered")
        #expect(connection.executed.isEmpty)
    }

    @Test func withoutValuesAnUnansweredCallIsAFailureThatOffersRunsClosure() async throws {
        let collector = FailureCollector()
        var ran = false
        try await FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { try pool.write { _ in ran = true } }
            #expect(pool.inTransaction { _ in 5 } == 0)
            await #expect(throws: UnansweredCall.self) { try await pool.withConnection { _ in 1 } }
            #expect(await pool.respond { _, _ in "ran" } == "")
            _ = try #require(collector.failures.first)
        }
        #expect(!ran)
        #expect(collector.failures.count == 4)
        for failure in collector.failures {
            #expect(failure.message.contains("but nothing answers it"))
            #expect(failure.message.contains(".runsClosure(with: …)"))
        }
        #expect(
            collector.failures[0].message.contains(
                "or run the closure it was given, with values of the types it takes, (PoolConnection): "
                    + ".runsClosure(with: …)."))
        #expect(collector.failures[3].message.contains("of the types it takes, (PoolRequest, PoolContext):"))
    }

    @Test func valuesOfOtherTypesThanTheClosureTakesAreAFailureNamingBoth() async throws {
        let collector = FailureCollector()
        pool.writeMock.runsClosure(with: "not a connection")
        pool.inTransactionMock.runsClosure(with: PoolConnection(id: 1), 2)
        pool.respondMock.runsClosure(with: PoolRequest(path: "/"))
        var ran = false
        await FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { try pool.write { _ in ran = true } }
            #expect(pool.inTransaction { _ in 5 } == 0)
            #expect(await pool.respond { _, _ in "ran" } == "")
        }
        #expect(!ran)
        let messages = collector.failures.map(\.message)
        try #require(messages.count == 3)
        #expect(messages[0].contains("MockConnectionPool.write(_:) was called, and runsClosure(with:) gave values"))
        #expect(messages[0].contains("Given: (String). The closure takes (PoolConnection)."))
        #expect(messages[1].contains("Given: (PoolConnection, Int). The closure takes (PoolConnection)."))
        #expect(messages[2].contains("Given: (PoolRequest). The closure takes (PoolRequest, PoolContext)."))
        #expect(messages.allSatisfy { !$0.contains("nothing answers") })
    }

    @Test func newValuesReplaceTheOldAndResetForgetsThem() throws {
        pool.writeMock.runsClosure(with: PoolConnection(id: 1))
        pool.writeMock.runsClosure(with: PoolConnection(id: 2))
        #expect(try pool.write { $0.id } == 2)
        pool.writeMock.reset()
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { try pool.write { $0.id } }
        }
        #expect(collector.failures.count == 1)
        #expect(pool.writeMock.callCount == 1)
    }

    @Test func afterInOrderAnswersRunOutTheClosureRunsAfterReportingIt() throws {
        pool.writeMock.returns(inOrder: [1])
        pool.writeMock.runsClosure(with: PoolConnection(id: 9))
        #expect(try pool.write { $0.id } == 1)
        let collector = FailureCollector()
        let second = try FailureReporting.withReporter(collector) { try pool.write { $0.id } }
        #expect(second == 9)
        #expect(collector.failures.count == 1)
        #expect(collector.failures.first?.message.contains("after its 1 answers ran out") == true)
    }

    @Test func aRelaxedFunctionRunsTheClosureWhenItHasValuesElseAnswersItsDefault() throws {
        pool.inTransactionMock.returnsDefault()
        #expect(pool.inTransaction { $0.id } == 0)
        pool.inTransactionMock.runsClosure(with: PoolConnection(id: 3))
        #expect(pool.inTransaction { $0.id } == 3)
    }

    @Test func aStubbedErrorOnANonThrowingMethodIsReportedAndTheClosureRuns() {
        pool.inTransactionMock.throwing(PoolFailure())
        pool.inTransactionMock.runsClosure(with: PoolConnection(id: 4))
        let collector = FailureCollector()
        let result = FailureReporting.withReporter(collector) { pool.inTransaction { $0.id } }
        #expect(result == 4)
        #expect(collector.failures.count == 1)
        #expect(collector.failures.first?.message.contains("cannot throw") == true)
    }

    /// Values set while other tasks call: each call runs with one of them, whole.
    @Test func valuesAreSetAndReadSafelyFromManyTasks() async throws {
        pool.writeMock.runsClosure(with: PoolConnection(id: 0))
        let ids = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in 1...50 {
                group.addTask { [pool] in
                    pool.writeMock.runsClosure(with: PoolConnection(id: id))
                    return try pool.write { $0.id }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ids.count == 50)
        #expect(ids.allSatisfy { (0...50).contains($0) })
        #expect(pool.writeMock.callCount == 50)
    }

    @Test func theClosuresErrorIsThrownFromTheMethod() async {
        pool.writeMock.runsClosure(with: PoolConnection(id: 1))
        pool.withConnectionMock.runsClosure(with: PoolConnection(id: 1))
        pool.inTransactionMock.runsClosure(with: PoolConnection(id: 1))
        #expect(throws: PoolFailure.self) { try pool.write { _ in throw PoolFailure() } }
        await #expect(throws: PoolFailure.self) { try await pool.withConnection { _ in throw PoolFailure() } }
        #expect(throws: PoolFailure.self) { try pool.inTransaction { _ in throw PoolFailure() } }
    }
}

/// The values are let go with the mock's answers when the scope that registered it ends: they may
/// hold the mock, or a connection the test expects closed.
@Test func theValuesAreLetGoWhenTheScopeEnds() {
    weak var released: PoolConnection?
    let pool = withTestInjector(base: Container()) { _ in
        let pool = MockConnectionPool().injected()
        let connection = PoolConnection(id: 1)
        released = connection
        pool.writeMock.runsClosure(with: connection)
        return pool
    }
    #expect(released == nil)
    #expect(pool.writeMock.callCount == 0)
}
