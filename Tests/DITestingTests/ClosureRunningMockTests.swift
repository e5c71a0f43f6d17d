import DITesting
import Testing

protocol Database: Sendable {
    func transaction<T>(_ body: () throws -> T) rethrows -> T
    func perform(_ work: () -> Void)
    func write(_ body: () throws -> Int) throws -> Int
    func measure<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T
    func save(_ body: () async throws -> Int) async throws -> Int
    func insert(_ row: String)
}

/// As generate-mocks writes it: each method given one closure that takes nothing and returns what
/// the method returns runs it when nothing answers the call.
final class MockDatabase: Database, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [Database.self] }
    let transactionMock = MockFunction<Void, Any>("transaction(_:)")
    let performMock = MockFunction<Void, Void>("perform(_:)")
    let writeMock = MockFunction<Void, Int>("write(_:)")
    let measureMock = AsyncMockFunction<String, Any>("measure(_:_:)")
    let saveMock = AsyncMockFunction<Void, Int>("save(_:)")
    let insertMock = MockFunction<String, Void>("insert(_:)")

    func transaction<T>(_ body: () throws -> T) rethrows -> T {
        mockCast(try transactionMock.call((), orRun: try body() as Any), from: transactionMock)
    }
    func perform(_ work: () -> Void) { performMock.call((), orRun: work()) }
    func write(_ body: () throws -> Int) throws -> Int { try writeMock.call((), throwingOrRun: try body()) }
    func measure<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
        mockCast(try await measureMock.call(name, orRun: try await body() as Any), from: measureMock)
    }
    func save(_ body: () async throws -> Int) async throws -> Int {
        try await saveMock.call((), throwingOrRun: try await body())
    }
    func insert(_ row: String) { insertMock.call(row, default: ()) }
}

/// `call(_:orRun:)` and `call(_:throwingOrRun:)`: a mock of a method that runs the closure it is
/// given (`transaction { }`) runs it, as the real one would, unless a stub answers instead.
@Suite(.testInjector(base: Container()))
struct ClosureRunningMockTests {
    let database = MockDatabase().injected()

    @Test func anUnansweredCallRunsTheClosureAndAnswersWithItsResultWithoutAFailure() async throws {
        let id = database.transaction {
            database.insert("Ada")
            return 7
        }
        #expect(id == 7)
        database.perform { database.insert("Grace") }
        #expect(try database.write { 3 } == 3)
        #expect(await database.measure("load") { "done" } == "done")
        #expect(try await database.save { 4 } == 4)
        #expect(database.insertMock.calls == ["Ada", "Grace"])
        // Recorded before its closure ran: what the closure calls comes after it.
        database.transactionMock.assertCalled(before: database.insertMock)
        #expect(database.measureMock.calls == ["load"])
    }

    @Test func aStubAnswersInsteadAndTheClosureDoesNotRun() async throws {
        database.transactionMock.returns(42)
        database.performMock.returns(())
        database.writeMock.returns(9, where: { true })
        database.measureMock.returns("stubbed")
        database.saveMock.answers { _ in 5 }
        let id = database.transaction {
            database.insert("Ada")
            return 7
        }
        #expect(id == 42)
        database.perform { database.insert("Grace") }
        #expect(try database.write { 3 } == 9)
        #expect(await database.measure("load") { "done" } == "stubbed")
        #expect(try await database.save { 4 } == 5)
        database.insertMock.assertNotCalled()
        #expect(database.transactionMock.callCount == 1 && database.performMock.callCount == 1)
    }

    @Test func aThrowingMethodThrowsAStubbedErrorWithoutRunningTheClosure() async throws {
        database.writeMock.throwing(Boom())
        database.saveMock.throwing(Boom())
        #expect(throws: Boom.self) {
            try database.write {
                database.insert("Ada")
                return 3
            }
        }
        await #expect(throws: Boom.self) { try await database.save { 4 } }
        database.insertMock.assertNotCalled()
    }

    @Test func whatTheClosureThrowsIsThrown() async throws {
        #expect(throws: Boom.self) { try database.transaction { () throws -> Int in throw Boom() } }
        #expect(throws: Boom.self) { try database.write { throw Boom() } }
        await #expect(throws: Boom.self) {
            try await database.measure("load") { () async throws -> Int in throw Boom() }
        }
        #expect(database.transactionMock.callCount == 1 && database.writeMock.callCount == 1)
    }

    @Test func anErrorTheMethodCannotThrowIsReportedAndTheClosureRuns() async {
        database.transactionMock.throwing(Boom())
        database.measureMock.answers { _ in throw Boom() }
        withKnownIssue {
            #expect(database.transaction { 7 } == 7)
        } matching: {
            $0.mentions("MockDatabase.transaction(_:) was answered with an error (boom)")
        }
        await withKnownIssue {
            #expect(await database.measure("load") { 8 } == 8)
        } matching: {
            $0.mentions("MockDatabase.measure(_:_:) was answered with an error (boom)")
        }
    }

    @Test func valuesInOrderThatRanOutAreReportedThenTheClosureRuns() throws {
        database.transactionMock.returns(inOrder: [1])
        #expect(database.transaction { 7 } == 1)
        withKnownIssue {
            #expect(database.transaction { 7 } == 7)
        } matching: {
            $0.mentions("MockDatabase.transaction(_:) was called after its 1 answers ran out")
        }
        database.writeMock.returns(inOrder: [])
        database.writeMock.returnsDefault()
        #expect(try database.write { 3 } == 3)  // relaxed: no failure
    }
}
