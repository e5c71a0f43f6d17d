import Corpus
import CorpusBase
import DITesting
import Foundation
import Testing

// Uses the mocks generate-mocks writes into Mocks.swift beside this file.

@Suite(.testInjector(base: Container()))
struct CorpusTests {
    @Test func methodsAnswerAndRecord() async throws {
        let weather = MockWeatherService().injected()
        weather.forecastCityMock.returns(Forecast(city: "Rome", high: 20))
        weather.forecastCityDaysMock.returns([], where: { $0.city == "Rome" && $0.days == 2 })
        weather.temperatureRangeMock.returns((low: 1, high: 2))
        let service: any WeatherService = try Container.shared.resolve()
        #expect(try await service.forecast(city: "Rome").high == 20)
        #expect(service.temperatureRange(for: "x").high == 2)
        weather.forecastCityMock.assertCalled(with: "Rome", times: 1)
        weather.cachedForecastMock.returnsDefault()
        #expect(service.cachedForecast("Oslo") == nil)
        weather.cachedForecastMock.assertCalled(times: 1)
        service.log("hello")
        #expect(weather.logMock.calls == ["hello"])
        await service.refresh()
        weather.refreshMock.assertCalled(times: 1)
    }

    @Test func overloadsHaveDistinctStandIns() {
        let formatter = MockFormatter()
        formatter.formatIntMock.returns("int")
        formatter.formatDoubleMock.returns("double")
        formatter.formatValueUnitMock.returns("unit")
        #expect(formatter.format(1) == "int")
        #expect(formatter.format(1.5) == "double")
        #expect(formatter.format(value: 1, unit: "m") == "unit")
        formatter.parseIntMock.returns(2)
        formatter.parseDoubleMock.returns(2.5)
        #expect(formatter.parse("2") as Int == 2)
        #expect(formatter.parse("2.5") as Double == 2.5)
    }

    @Test func genericsClosuresAndVariadics() throws {
        let storage = MockStorage()
        storage.loadMock.returns(42)
        #expect(try storage.load(Int.self, key: "k") == 42)
        try storage.save("value", key: "k")
        #expect(storage.saveMock.calls.map(\.key) == ["k"])
        storage.sumMock.answers { $0.reduce(0, +) }
        #expect(storage.sum(1, 2, 3) == 6)
        storage.transformMock.returns(7)
        #expect(storage.transform { $0 } == 7)
        var value = 1
        storage.increment(&value)
        #expect(storage.incrementMock.calls == [1] && value == 1)
        storage.incrementMock.answers { $0 + 1 }
        storage.increment(&value)
        #expect(value == 2)
        storage.lazyValueMock.returns("lazy")
        #expect(storage.lazyValue("x") == "lazy")
        #expect(storage.lazyValueMock.calls == ["x"])
        // A parameter pack is recorded as the tuple of its values.
        storage.record(1, "two")
        storage.record()
        let first = try #require(storage.recordMock.calls.first as? (Int, String))
        #expect(first == (1, "two"))
        #expect(storage.recordMock.calls.last is Void)
        storage.echoMock.answers { $0 }
        #expect(storage.echo(3, "four") == (3, "four"))
        storage.findMock.returns(5, where: { $0.key == "five" })
        storage.findMock.returns(Int?.none as Any, where: { $0.key == "none" })
        #expect(storage.find(Int.self, key: "five") == 5)
        #expect(storage.find(Int.self, key: "none") == nil)
        storage.containsMock.returns(true)
        #expect(storage.contains(Int?.none))
        #expect(storage.containsMock.calls.first.map { $0 as? Int } == .some(nil))
        // A throwing autoclosure is recorded as its value where the method may throw it (rethrows).
        storage.evaluateMock.answers { $0 * 2 }
        #expect(storage.evaluate(21) == 42)
        #expect(storage.evaluateMock.calls == [21])
        storage.ignoreMock.returns(1)
        #expect(storage.ignore(2) == 1)
        #expect(storage.ignoreMock.callCount == 1)
    }

    @Test func propertiesStaticsAndSubscripts() async throws {
        let session = MockSession()
        session.tokenMock.returns("abc")
        #expect(session.token == "abc")
        session.userName = "ada"
        #expect(session.userNameMock.setCalls == ["ada"])
        session.profileMock.returns(Data([1]))
        #expect(try await session.profile == Data([1]))
        session.subscriptKeyMock.returns(3)
        #expect(session["k"] == 3)
        session["k"] = 4
        #expect(session.subscriptKeySetMock.calls.map(\.newValue) == [4])
        session.reset()
        session.resetMock.assertCalled(times: 1)
        // Static stand-ins are this test's: stubbed and counted here only.
        MockSession.currentMock.returns("now")
        #expect(MockSession.current == "now")
        MockSession.makeMock.returns(session)
        #expect(MockSession.make() === session)
        #expect(MockSession.currentMock.getCount == 1)
    }

    @Test func staticStandInsAreEachTestsOwn() {
        #expect(MockSession.currentMock.getCount == 0)
        #expect(MockSession.makeMock.callCount == 0)
    }

    @Test func inheritedRequirementsAreMocked() async throws {
        let repository = MockRepository()
        repository.nameMock.returns("repo")
        #expect(repository.name == "repo")
        repository.allMock.returns([])
        #expect(try await repository.all().isEmpty)
    }

    @Test func protocolsOfAnotherGlobalActor() async {
        let ledger = MockLedger()  // made from anywhere: its initializer is nonisolated
        ledger.balanceMock.returns(10)
        await ledger.record(5)
        #expect(await ledger.balance == 10)
        ledger.recordMock.assertCalled(with: 5, times: 1)
        ledger.labelMock.returns("main")
        #expect(ledger.label() == "main")
        _ = MockLedger(name: "other")
        #expect(MockLedger.initMock.calls == ["other"])
    }

    /// Protocols requiring a class isolated to a global actor, and isolated to it too: each mock
    /// subclasses the class, made on its actor, and is registered and resolved as any other.
    @Test @MainActor func protocolsRequiringAnIsolatedClass() throws {
        try withTestInjector(base: Container()) { injector in
            let view = MockMainViewLike().injected()
            view.showMock.returnsDefault()
            let resolved: any MainViewLike = try injector.resolve()
            resolved.show()
            view.showMock.assertCalled(times: 1)
        }
    }

    @Test @StoreActor func aProtocolRequiringAClassOfAnotherGlobalActor() throws {
        try withTestInjector(base: Container()) { injector in
            let view = MockStoreViewLike().injected()
            let resolved: any StoreViewLike = try injector.resolve()
            #expect(resolved === view)
        }
    }

    @Test @MainActor func mainActorProtocols() async {
        let screen = MockScreen()
        screen.title = "Home"
        #expect(screen.title == "Home")
        await screen.select(row: 2)
        screen.selectMock.assertCalled(with: 2)
        MockScreen.identifierMock.returns("home")
        #expect(MockScreen.identifier == "home")
    }
}

@Suite struct CorpusShapesTests {
    @Test func rethrowingOperatorsAndRestatedRequirements() throws {
        let pipeline = MockPipeline()
        pipeline.mapMock.returns([1])
        #expect(pipeline.map { $0 } == [1])
        pipeline.descriptionMock.returns("pipe")
        #expect(pipeline.description == "pipe")
        MockPipeline.opEqualEqualMock.returns(true)
        #expect(pipeline == pipeline)
        pipeline.optionalHandlerMock.returnsDefault()
        pipeline.optionalHandler(nil)
        pipeline.fetchMock.returnsDefault()
        pipeline.fetch { _ in }
        #expect(pipeline.fetchMock.callCount == 1)
    }

    @Test func comparableMocksAreOrderedByIdentityAndLocalizedErrorsNeedNoMore() throws {
        let ranks = [MockRanked(), MockRanked()]
        #expect(ranks.sorted().count == 2)
        #expect(ranks[0] == ranks[0] && ranks[0] != ranks[1])
        #expect((ranks[0] < ranks[1]) != (ranks[1] < ranks[0]))
        let failure = MockAppFailure()
        failure.codeMock.returns(7)
        let error: any Error = failure
        #expect((error as? any AppFailure)?.code == 7)
        #expect(failure.errorDescription == nil)
    }

    @Test func aMockOfTwoHashableProtocolsIsHashedByIdentity() throws {
        let first = MockBookmark()
        let bookmarks: Set = [first, first, MockBookmark()]
        #expect(bookmarks.count == 2 && first.description == "MockBookmark")
    }

    @Test func aProtocolsTypealiasesAreWrittenOut() throws {
        let loading = MockLoading()
        loading.load(URL(fileURLWithPath: "/a")) { _ in }
        #expect(loading.loadMock.calls.map(\.url.path) == ["/a"])
        loading.cachedMock.returns(nil)
        #expect(loading.cached() == nil)
        #expect(loading.run { 3 } == 3)
        let shelf = MockShelf<String>()
        shelf.allMock.returns(["a"])
        #expect(shelf.all() == ["a"])
        let numbers = MockNumberShelf()
        numbers.sumMock.answers { $0.reduce(0, +) }
        #expect(numbers.sum(of: [1, 2]) == 3)
    }

    @Test func aRequirementTakingANoncopyableValueIsLeftToItsDefault() throws {
        let counter = MockTicketCounter()
        counter.countMock.returns(2)
        counter.redeem(Ticket())
        #expect(counter.count() == 2)
        counter.assertNotCalled(except: counter.countMock)
    }

    @Test func borrowedAndConsumedValuesAreRecorded() throws {
        let measuring = MockMeasuring()
        measuring.lengthMock.answers { $0.text.count + $0.suffix.count }
        #expect(measuring.length(of: "abc", plus: "de") == 5)
        #expect(measuring.lengthMock.calls.map(\.text) == ["abc"])
    }

    /// A result that may be noncopyable is what the closure the method runs returns; the call is
    /// recorded, and a throwing method throws what its stand-in is stubbed to throw.
    @Test func aResultThatMayBeNoncopyableIsTheClosures() async throws {
        struct Busy: Error {}
        let transacting = MockTransacting()
        let ticket = transacting.perform { Ticket() }
        _ = consume ticket
        let count = transacting.perform { 3 }
        #expect(count == 3)
        #expect(transacting.performMock.callCount == 2)
        let named = try await transacting.run("first") { "done" }
        #expect(named == "done")
        transacting.runMock.throwing(Busy(), for: "second")
        await #expect(throws: Busy.self) { _ = try await transacting.run("second") { 7 } }
        #expect(transacting.runMock.calls == ["first", "second"])
    }

    /// A noncopyable value, or one that may be, is not recorded: the call is, with the rest of
    /// its arguments, and answered as any other.
    @Test func noncopyableValuesAreNotRecordedAndTheCallsAreAnswered() throws {
        struct Jammed: Error {}
        let scanner = MockTicketScanner()
        scanner.scanMock.returns(true, for: 3)
        scanner.scanMock.returns(false, for: 4)
        scanner.redeemMock.throwing(Jammed())
        scanner.weighMock.answers { $0 == "kg" ? 1.5 : 3.3 }
        let (atThree, atFour) = (scanner.scan(Ticket(), at: 3), scanner.scan(Ticket(), at: 4))
        #expect(atThree && !atFour)
        #expect(throws: Jammed.self) { try scanner.redeem(Ticket()) }
        let (ticketWeight, stringWeight) = (
            scanner.weigh(Ticket(), unit: "kg"), scanner.weigh("a copyable value", unit: "lb")
        )
        #expect(ticketWeight == 1.5 && stringWeight == 3.3)
        scanner.scanMock.assertCalled(with: 3, times: 1)
        #expect(scanner.redeemMock.callCount == 1)
        #expect(scanner.weighMock.calls == ["kg", "lb"])
    }
}

@Suite struct CorpusKeywordTests {
    @Test func aProtocolNamedTypeIsMocked() {
        let type = MockType()
        type.kindMock.returns("scalar")
        #expect(type.kind == "scalar")
        let resolving = MockTypeResolving().returnsDefault()
        #expect(resolving.resolve("Query") is MockType)
    }

    @Test func keywordsGenericsAndFailableInits() throws {
        let reporting = MockReporting()
        reporting.defaultMock.returns(3)
        #expect(reporting.default() == 3)
        reporting.decodeMock.returns([1, 2])
        #expect(try reporting.decode(Int.self, from: Data()) == [1, 2])
        reporting.compareMock.returns(true)
        #expect(reporting.compare(reporting))
        #expect(MockReporting(code: 1) != nil)
    }

    @Test func parametersNamedWithKeywordsAreRecordedUnderTheirNames() {
        let binding = MockBinding()
        binding.valueMock.returns(4, for: "a")
        #expect(binding.value(for: "a") == 4)
        binding.set(default: 1, in: "x")
        #expect(binding.setMock.calls.map(\.default) == [1])
        #expect(binding.setMock.calls.map(\.in) == ["x"])
        binding.bindMock.answers { $0.let + $0.var + $0.value }
        #expect(binding.bind(let: 2, var: 3, `inout`: 4) == 9)
        // Unnamed, the same parameters are recorded under their labels.
        binding.moveMock.answers { $0.from + $0.default + $0.let == 6 && $0.in == "x" }
        #expect(binding.move(from: 1, in: "x", default: 2, let: 3))
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusActorTests {
    @Test func anActorProtocolsMockIsAnActorStubbedWithoutAwait() async throws {
        let mock = MockCounter().injected()
        mock.incrementMock.returns(1)
        mock.countMock.returns(5)
        mock.loadMock.answers { id async throws in "item \(id)" }
        mock.nameMock.returns("counter")
        let counter: any Counter = try Container.shared.resolve()
        #expect(await counter.increment() == 1)
        #expect(await counter.count == 5)
        #expect(try await counter.load(id: 2) == "item 2")
        await counter.reset()
        #expect(counter.name() == "counter")
        mock.incrementMock.assertCalled(times: 1)
        mock.resetMock.assertCalled(times: 1)
        #expect(mock.loadMock.calls == [2])
        _ = await MockCounter(start: 3)
        MockCounter.initMock.assertCalled(with: 3, times: 1)
    }
}

@Suite(.testInjector(base: Container()))
struct CorpusNestedTests {
    @Test func aNestedProtocolsMockIsNamedByItsPath() async throws {
        let mock = MockNetworkingClient().injected()
        mock.getMock.returns(Data([1]))
        let client: any Networking.Client = try Container.shared.resolve()
        #expect(try await client.get(path: "/a") == Data([1]))
        #expect(mock.getMock.calls == ["/a"])
    }
}

/// A subscript Swift cannot declare in a generic mock is left to the extension that implements it;
/// in a mock that is not generic, it answers through its stand-in.
@Suite struct CorpusAliasTests {
    struct Quantity: Column { typealias Row = Int }

    @Test func aSubscriptLeftToItsExtensionAnswersAsTheExtensionDoes() {
        let aliasing = MockColumnAliasing<Int>()
        aliasing.aliasMock.returns("i")
        let column: AliasedColumn<MockColumnAliasing<Int>, Quantity> = aliasing[dynamicMember: \Int.quantity]
        _ = column
        #expect(aliasing.alias == "i")
        aliasing.assertNotCalled(except: aliasing.aliasMock)
    }

    @Test func aMockThatIsNotGenericStubsTheSubscript() {
        let renaming = MockIntColumnRenaming()
        renaming.subscriptMock.returns(RenamedColumn<MockIntColumnRenaming, Quantity>())
        let renamed: RenamedColumn<MockIntColumnRenaming, Quantity> = renaming[column: \Int.quantity]
        _ = renamed
        #expect(renaming.subscriptMock.callCount == 1)
    }
}

extension Int {
    fileprivate var quantity: CorpusAliasTests.Quantity { CorpusAliasTests.Quantity() }
}
