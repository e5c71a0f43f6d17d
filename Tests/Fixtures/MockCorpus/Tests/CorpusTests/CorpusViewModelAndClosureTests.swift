import Corpus
import DITesting
import Foundation
import Testing

// Uses the mocks generate-mocks writes into Generated/Mocks.swift beside this file.

@Suite(.testInjector(base: Container()))
struct CorpusClosureTests {
    @Test func aClosureTheMethodIsGivenRunsWhenNothingAnswers() async throws {
        let mock = MockDatabase().injected()
        let database: any Database = try Container.shared.resolve()
        let id = database.transaction {
            database.insert("Ada")
            return 7
        }
        #expect(id == 7)
        database.perform { database.insert("Grace") }
        #expect(try database.write { 3 } == 3)
        #expect(await database.measure("load") { "done" } == "done")
        #expect(try await database.save { 4 } == 4)
        #expect(try database.typed { () throws(LoadError) -> Int in 9 } == 9)
        #expect(throws: LoadError.self) {
            try database.typed { () throws(LoadError) -> Int in throw LoadError(code: 1) }
        }
        #expect(mock.insertMock.calls == ["Ada", "Grace"])
        mock.transactionMock.assertCalled(before: mock.insertMock)
        // A stub answers instead, and the closure does not run.
        mock.transactionMock.returns(1)
        #expect(database.transaction { 7 } == 1)
        // Closures the mock has nothing to run with, or that do not give the result, are not run.
        mock.timedMock.returns(5)
        mock.retryMock.returns(6)
        mock.typedMock.returns(8)
        mock.untypedMock.returns(10)
        #expect(database.timed { database.insert("timed") } == 5)
        #expect(database.retry({ 2 }, onFailure: { database.insert("failed") }) == 6)
        database.onMain {}
        #expect(try database.typed { 9 } == 8)
        #expect(try database.untyped { 11 } == 10)
        database.nest { transform in database.insert("nested \(transform(1))") }
        mock.nestMock.assertCalled(times: 1)
        #expect(mock.insertMock.callCount == 2)
    }

    /// A middleware's `next`, given what the middleware was given: a mock that nothing answers
    /// calls it with that, passing the call on; a stub answers instead.
    @Test func aMiddlewareNothingAnswersPassesTheCallOn() async throws {
        let middleware = MockMiddleware()
        #expect(
            try await middleware.handle("request", context: 1) { request, context in "\(request) \(context)" }
                == "request 1")
        #expect(try await middleware.intercept("request", operationID: "get") { $0.count } == 7)
        // A closure taking what the method was not given runs with what the test gives; a stub
        // answers first.
        middleware.wrapMock.runsClosure(with: "three")
        #expect(middleware.wrap(3) { $0.count } == 5)
        middleware.wrapMock.returns(5)
        #expect(middleware.wrap(3) { _ in 0 } == 5)
        middleware.handleMock.assertCalled(where: { $0.request == "request" && $0.context == 1 }, times: 1)
        middleware.handleMock.returns("denied")
        #expect(try await middleware.handle("request", context: 1) { _, _ in "passed" } == "denied")
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusViewModelTests {
    @Test func aProtocolRefiningObservableIsMocked() async throws {
        let model = MockProfileModel().injected()
        model.nameMock.returns("Ada")
        let resolved = try Container.shared.resolve((any ProfileModel).self)
        #expect(resolved.name == "Ada")
        await resolved.reload()
        model.reloadMock.assertCalled(times: 1)
    }

    @Test func identifiableWithItsIDMadeATypeIsAnsweredByIDMock() async throws {
        let listing = MockListing().injected()
        listing.idMock.returns("row-1")
        let resolved: any Listing = try Container.shared.resolve()
        #expect(resolved.id == "row-1")
        #expect(listing.idMock.getCount == 1)
        let id = UUID()
        let row = MockRowModel()
        row.idMock.returns(id)
        #expect(row.id == id)  // nonisolated: read off the main actor
        #expect(await MainActor.run { row.id } == id)
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusResultTests {
    @Test func aProtocolResultNothingAnswersIsANewMockAndTheTestCarriesOn() async throws {
        let mock = MockSubscribing().injected()
        let subscribing: any Subscribing = try Container.shared.resolve()
        withKnownIssue {
            let subscription = subscribing.subscribe { _ in }
            subscription.cancel()  // the code under test carries on with it
            #expect(subscription is MockSubscription)
        } matching: {
            $0.comments.contains { "\($0)".contains("subscribe(_:) was called") }
        }
        // A relaxed mock answers with a new mock, without a failure; so does `Self`.
        mock.returnsDefault()
        #expect(subscribing.primary is MockSubscription)
        #expect(subscribing.screen() is MockScreen)
        #expect(subscribing.counter() is MockCounter)
        #expect(subscribing.connection() is MockConnection)
        #expect(subscribing.cache() is MockCache<Int>)
        MockSession.makeMock.returnsDefault()
        _ = MockSession.make()
        #expect(MockSession.makeMock.callCount == 1)
        #expect(subscribing.drafts().isEmpty)
        #expect(subscribing.backup() == nil)
        // A stub answers first.
        let primary = MockSubscription()
        mock.primaryMock.returns(primary)
        #expect(subscribing.primary === primary)
    }

    /// A tuple has no empty value, but its elements may: a call nothing answers gets theirs, and
    /// the test carries on (a relaxed mock's, without a failure); it stopped the test process.
    @Test func aTupleResultNothingAnswersIsATupleOfItsElementsDefaults() {
        let ranging = MockRanging()
        withKnownIssue {
            #expect(ranging.bounds() == (low: 0, high: 0))
        } matching: {
            $0.comments.contains { "\($0)".contains("bounds() was called but nothing answers it") }
        }
        ranging.returnsDefault()
        let entry = ranging.entry()
        #expect(entry.name.isEmpty && entry.next == nil && entry.subscription is MockSubscription)
        entry.handler(1)
        #expect(ranging.pair.0 == 0 && ranging.pair.1.0.isEmpty && !ranging.pair.1.1)
        ranging.boundsMock.returns((low: 1, high: 5))
        #expect(ranging.bounds() == (low: 1, high: 5))
    }

    /// Vapor hands its handlers `app.client.logging(to: req.logger)`: a mock of the client
    /// answers such a call, stubbed or not, with itself, so the stubs reach the end of the chain.
    @Test func aResultOfTheMocksOwnProtocolIsTheMockItself() throws {
        let mock = MockRequesting().injected()
        mock.sendMock.returns(200)
        let client: any Requesting = try Container.shared.resolve()
        withKnownIssue {
            #expect(client.logging(to: "request").retrying.send("/health") == 200)
        } matching: {
            let comment = $0.comments.map { "\($0)" }.joined()
            return comment.contains("logging(to:) was called") || comment.contains("retrying was read")
        }
        mock.returnsDefault()
        #expect(client.logging(to: "request") as AnyObject === mock)
        #expect(mock.retrying as AnyObject === mock)
        // A static requirement has no mock of its own to answer with: a new one.
        MockRequesting.sharedMock.returnsDefault()
        #expect(MockRequesting.shared() as AnyObject !== mock)
        #expect(mock.sendMock.callCount == 1)
    }

    /// A mock is `Sendable`, its protocol or not, as its stand-ins are: an answer can hand out
    /// another mock, and a detached task can call it.
    @Test func aMockOfAProtocolThatIsNotSendableIsSendable() async {
        let backup = MockRequesting()
        backup.sendMock.returns(7)
        let primary = MockRequesting()
        primary.loggingMock.answers { _ in backup }
        let sent = await Task.detached { primary.logging(to: "backup").send("/a") }.value
        #expect(sent == 7)
        backup.sendMock.assertCalled(with: "/a", times: 1)
    }
}

@Suite struct CorpusFunctionResultTests {
    @Test func aFunctionResultNothingAnswersIsAClosureThatDoesNothing() async throws {
        let mock = MockExpecting<Int>()
        try await withKnownIssue {
            let value = try mock.expression()
            #expect(value == nil)
            mock.handler()("ignored", 1)
            #expect(await mock.lookup()("key") == nil)
            #expect(mock.counter()() == 0)
            let mapper: (Int) -> String = mock.mapper()
            #expect(mapper(1) == "")
        } matching: {
            // Named, though the mock was never injected.
            $0.comments.contains { "\($0)".contains("MockExpecting<Int>.") && "\($0)".contains("nothing answers it") }
        }
        #expect(mock.expressionMock.getCount == 1)
        #expect(mock.handlerMock.callCount == 1)
        // A relaxed mock answers with the same closures, without a failure; a stub answers first.
        mock.returnsDefault()
        #expect(await mock.lookup()("key") == nil)
        mock.expressionMock.returns { 42 }
        let stubbed = try mock.expression()
        #expect(stubbed == 42)
        mock.counterMock.returns { 7 }
        #expect(mock.counter()() == 7)
    }
}

/// A closure given what the method does not have runs, when nothing answers, with the values the
/// test gives `runsClosure(with:)`; without them, the call is a failure that says so.
@Suite(.testInjector(base: Container()))
struct CorpusClosureValuesTests {
    @Test func aClosureRunsWithTheValuesTheTestGives() async throws {
        let mock = MockConnectionPool().injected()
        let pool: any ConnectionPool = try Container.shared.resolve()
        let connection = PooledConnection(id: 7)
        mock.writeMock.runsClosure(with: connection)
        mock.readMock.runsClosure(with: connection)
        mock.inTransactionMock.runsClosure(with: connection)
        mock.withConnectionMock.runsClosure(with: PooledConnection(id: 8))
        mock.respondMock.runsClosure(with: "/users", 200)
        mock.inspectMock.runsClosure(with: connection)
        let id = try pool.write { db in
            db.execute("INSERT")
            return db.id
        }
        #expect(id == 7)
        #expect(pool.read { $0.executed } == ["INSERT"])
        #expect(pool.inTransaction { $0.id + 1 } == 8)
        #expect(try await pool.withConnection { $0.id } == 8)
        #expect(await pool.respond(to: "/") { path, status in "\(status) \(path)" } == "200 /users")
        #expect(pool.inspect { $0.executed.count } == 1)
        mock.prepareMock.runsClosure(with: connection)
        var headers = ["a": "1"]
        pool.prepare(&headers) { $0.execute("PREPARE") }
        #expect(connection.executed == ["INSERT", "PREPARE"])
        #expect(mock.prepareMock.calls == [["a": "1"]])
        mock.respondMock.assertCalled(times: 1)
        // `async rethrows`, and a static requirement's stand-in, this test's own.
        mock.measuredMock.runsClosure(with: connection)
        #expect(await pool.measured("load") { db in db.id * 2 } == 14)
        await #expect(throws: LoadError.self) { try await pool.measured("fail") { _ in throw LoadError(code: 3) } }
        MockConnectionPool.sharedMock.runsClosure(with: PooledConnection(id: 9))
        #expect(MockConnectionPool.shared { $0.id } == 9)
    }

    /// A result that may be noncopyable comes only from the closure, which runs with the values
    /// the test gives; without them the call is a failure, and throws.
    @Test func aNoncopyableResultComesFromTheClosureRunWithTheValues() async throws {
        let watching = MockWatching()
        watching.watchMock.runsClosure(
            with: AsyncStream { continuation in
                for value in [1, 2, 3] { continuation.yield(value) }
                continuation.finish()
            })
        watching.inspectMock.runsClosure(with: 4, "four")
        let sum = try await watching.watch(key: "retries") { updates in
            var sum = 0
            for await value in updates { sum += value }
            return sum
        }
        #expect(sum == 6)
        let ticket = try watching.inspect { number, name in
            #expect(number == 4 && name == "four")
            return Ticket()
        }
        _ = consume ticket
        #expect(watching.watchMock.calls == ["retries"])
        let collector = FailureCollector()
        watching.inspectMock.reset()
        FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { _ = try watching.inspect { _, _ in Ticket() } }
        }
        #expect(collector.failures.first?.message.contains("only the closure can give its result") == true)
        #expect(collector.failures.first?.message.contains("The closure takes (Int, String).") == true)
    }

    /// An `inout` value: the closure changes the one the test gives, which is kept for the next call
    /// (and read back with `closureValues()`), even when the closure throws.
    @Test func aClosureChangesTheValueInPlaceAndTheChangeIsKept() async throws {
        let store = MockSettingsStore().injected()
        store.updateMock.runsClosure(with: PoolSettings(size: 1))
        store.update { $0.size += 1 }
        store.update { $0.size *= 10 }
        #expect(try store.updateMock.closureValues() == PoolSettings(size: 20))
        store.withLockMock.runsClosure(with: PoolSettings(size: 5))
        let doubled = store.withLock { settings in
            settings.size *= 2
            return settings.size
        }
        #expect(doubled == 10)
        #expect(throws: LoadError.self) {
            try store.withLock { settings in
                settings.size = 0
                throw LoadError(code: 1)
            }
        }
        #expect(try store.withLockMock.closureValues() == PoolSettings(size: 0))
        store.resizeMock.runsClosure(with: PoolSettings(size: 3), 100)
        let size = try await store.resize(by: 4) { settings, limit in
            settings.size = min(settings.size + 4, limit)
            return settings.size
        }
        #expect(size == 7)
        let (settings, limit): (PoolSettings, Int) = try store.resizeMock.closureValues()
        #expect(settings == PoolSettings(size: 7) && limit == 100)
        let watching = MockWatching()
        watching.modifyMock.runsClosure(with: [1])
        let ticket = try watching.modify { values in
            values.append(2)
            return Ticket()
        }
        _ = consume ticket
        #expect(try watching.modifyMock.closureValues() == [1, 2])
    }

    /// With typed throws: the closure throws the method's error type, which the call throws.
    @Test func aClosureOfAMethodWithTypedThrowsRunsWithTheValuesToo() async throws {
        let mock = MockConnectionPool().injected()
        let pool: any ConnectionPool = try Container.shared.resolve()
        mock.withTypedConnectionMock.runsClosure(with: PooledConnection(id: 3))
        mock.withAsyncTypedConnectionMock.runsClosure(with: PooledConnection(id: 4))
        mock.peekMock.runsClosure(with: PooledConnection(id: 5))
        #expect(try pool.withTypedConnection { db throws(LoadError) in db.id } == 3)
        #expect(try await pool.withAsyncTypedConnection { db throws(LoadError) in db.id } == 4)
        #expect(try pool.peek { $0.id } == 5)
        #expect(throws: LoadError.self) {
            try pool.withTypedConnection { _ throws(LoadError) -> Int in throw LoadError(code: 2) }
        }
        // A stubbed error of the method's type is thrown, and the closure does not run.
        mock.peekMock.throwing(LoadError(code: 1))
        #expect(throws: LoadError.self) { try pool.peek { $0.id } }
    }

    @Test func withoutValuesTheCallIsAFailureNamingRunsClosure() {
        let mock = MockConnectionPool().injected()
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            #expect(throws: UnansweredCall.self) { try mock.write { $0.id } }
        }
        #expect(collector.failures.count == 1)
        #expect(collector.failures.first?.message.contains(".runsClosure(with: …)") == true)
    }
}
