import DITesting
import Testing

protocol WeatherAPI: AnyObject, Sendable {
    func forecast(city: String) async throws -> Int
    func cities() -> [String]
    func log(_ event: String)
    func temperature(city: String, day: Int) -> Int
}

final class MockWeatherAPI: WeatherAPI, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [WeatherAPI.self] }
    let forecast = MockFunction<String, Int>("forecast(city:)")
    let citiesMock = MockFunction<Void, [String]>("cities()")
    let log = MockFunction<String, Void>("log(_:)")
    let temperature = MockFunction<(city: String, day: Int), Int>("temperature(city:day:)")

    func forecast(city: String) async throws -> Int { try forecast.call(city) }
    func cities() -> [String] { citiesMock.call((), default: []) }
    func log(_ event: String) { log.call(event, default: ()) }
    func temperature(city: String, day: Int) -> Int { temperature.call((city, day), default: 0) }
}

/// `MockFunction`: records calls, answers them, and reports unanswered calls and unmet counts.
@Suite(.testInjector(base: Container()))
struct MockFunctionTests {
    let api = MockWeatherAPI().injected()

    @Test func recordsEveryCallsArgumentsInOrder() async throws {
        api.forecast.returns(20)
        _ = try await api.forecast(city: "Berlin")
        _ = try await api.forecast(city: "Oslo")
        api.temperature.returns(12)
        #expect(api.temperature(city: "Rome", day: 2) == 12)
        #expect(api.forecast.calls == ["Berlin", "Oslo"])
        #expect(api.forecast.callCount == 2)
        #expect(api.temperature.calls.map(\.city) == ["Rome"])
    }

    @Test func thousandConcurrentCallsAreCountedExactly() async throws {
        api.forecast.answers { city in city.count }
        let mock = api
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<1_000 { group.addTask { try await mock.forecast(city: "city-\(index)") } }
            for try await _ in group {}
        }
        #expect(api.forecast.callCount == 1_000)
        #expect(Set(api.forecast.calls).count == 1_000)
    }

    @Test func callsWhileAnotherTaskStubsAreAllRecordedAndAnswered() async throws {
        api.forecast.returns(1)
        let mock = api
        let answers = try await withThrowingTaskGroup(of: Int?.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    if index.isMultiple(of: 100) {
                        mock.forecast.returns(index.isMultiple(of: 200) ? 1 : 2)
                        return nil
                    }
                    return try await mock.forecast(city: "c\(index)")
                }
            }
            return try await group.reduce(into: [Int]()) { if let answer = $1 { $0.append(answer) } }
        }
        #expect(answers.count == 990)
        #expect(answers.allSatisfy { $0 == 1 || $0 == 2 })
        #expect(api.forecast.callCount == 990)
    }

    @Test func answersWithAValueInOrderOrByClosure() async throws {
        api.forecast.returns(7)
        #expect(try await api.forecast(city: "a") == 7)
        api.forecast.returns(inOrder: [1, 2])
        #expect(try await api.forecast(city: "a") == 1)
        #expect(try await api.forecast(city: "b") == 2)
        api.forecast.answers { $0 == "hot" ? 30 : 10 }
        #expect(try await api.forecast(city: "hot") == 30)
        api.temperature.answers { $0.day * 10 }
        #expect(api.temperature(city: "x", day: 3) == 30)
    }

    @Test func throwingAnswerIsThrown() async {
        api.forecast.throwing(Boom())
        await #expect(throws: Boom.self) { try await api.forecast(city: "a") }
        api.forecast.answers { _ in throw Boom() }
        await #expect(throws: Boom.self) { try await api.forecast(city: "b") }
    }

    @Test func voidResultNeedsNoAnswer() {
        api.log("started")
        #expect(api.log.calls == ["started"])
    }

    @Test func anOptionalVoidResultNeedsNoAnswerEither() throws {
        // A failable initializer's stand-in: unanswered, it succeeds without a failure.
        let initializer = MockFunction<Int, Void?>("init(port:)")
        let throwingInitializer = MockFunction<Int, Void?>("init(id:)")
        let collector = FailureCollector()
        let answers = try FailureReporting.withReporter(collector) { () throws -> [Void?] in
            let unanswered: Void? = initializer.call(80, default: ())
            let unansweredThrowing: Void? = try throwingInitializer.call(1)
            initializer.returns(nil, for: 0)
            return [unanswered, unansweredThrowing, initializer.call(0, default: ())]
        }
        #expect(answers.map { $0 != nil } == [true, true, false])
        #expect(collector.failures.isEmpty)
        #expect(initializer.calls == [80, 0])
    }

    @Test func unansweredThrowingCallIsReportedAndThrows() async {
        await withKnownIssue {
            await #expect(throws: UnansweredCall.self) { try await api.forecast(city: "Berlin") }
        } matching: { issue in
            issue.mentions("MockWeatherAPI.forecast(city:) was called with (\"Berlin\") but nothing answers it.")
                && issue.mentions("To fix: stub it before the code under test calls it")
        }
    }

    @Test func aRelaxedThrowingMethodAnswersTheEmptyValueOfItsResult() async throws {
        api.forecast.returnsDefault()
        #expect(try await api.forecast(city: "Berlin") == 0)
        let names = MockFunction<Int, [String]>("names(_:)")
        names.returnsDefault()
        #expect(try names.call(1) == [])
        let flag = MockFunction<Void, Bool>("flag()")
        flag.returns(inOrder: [true])
        flag.returnsDefault()
        #expect(try flag.call(()) == true)
        #expect(try flag.call(()) == false)  // after the values ran out
        #expect(api.forecast.callCount == 1)
        let load = AsyncMockFunction<String, [Int]>("load(_:)")
        load.returnsDefault()
        #expect(try await load.call("a") == [])
    }

    @Test func aRelaxedThrowingMethodWhoseResultHasNoEmptyValueSaysSo() {
        struct Forecast { let high: Int }
        let load = MockFunction<String, Forecast>("load(_:)")
        load.returnsDefault()
        withKnownIssue {
            #expect(throws: UnansweredCall.self) { try load.call("Oslo") }
        } matching: { issue in
            issue.mentions(
                "load(_:) was called with (\"Oslo\") and answers with defaults (returnsDefault()), but Forecast has "
                    + "no default value to return.")
                && issue.mentions(
                    "returnsDefault() answers with nil, zero, false, an empty string or collection, a stream that ends, "
                        + "a fixed URL, Locale, TimeZone or Calendar, a Result that succeeds with one of these, or a "
                        + "MockDefaultValue's default.")
                && issue.mentions("To fix: stub it before the code under test calls it")
                && issue.mentions(
                    "`extension Forecast: MockDefaultValue { static var mockDefaultValue: Forecast { … } }`")
        }
    }

    @Test func aRelaxedThrowingMethodReturningAProtocolSaysToAnswerWithAMock() {
        // An extension cannot make `any Clock` a MockDefaultValue: the fix says to stub it.
        let clock = MockFunction<Void, any Clock>("clock()")
        clock.returnsDefault()
        withKnownIssue {
            #expect(throws: UnansweredCall.self) { try clock.call(()) }
        } matching: { issue in
            issue.mentions("but any Clock has no default value to return.")
                && issue.mentions(
                    "any Clock is a protocol's existential, which cannot be given a default: answer with a mock of it")
                && !issue.mentions("extension")
        }
    }

    @Test func unansweredNonThrowingCallIsReportedAndReturnsTheDefault() {
        withKnownIssue {
            #expect(api.cities() == [])
        } matching: {
            $0.mentions("MockWeatherAPI.cities() was called but nothing answers it.")
        }
    }

    /// A stand-in made `of:` its mock names it before the mock is `injected()`, or when it never
    /// is (passed to the code under test by hand); without it, it names the function alone.
    @Test func aStandInMadeOfItsMockNamesItWithoutBeingInjected() async {
        let named = MockFunction<Void, Int>("count()", of: MockWeatherAPI.self)
        let property = MockProperty<String>("name", of: MockWeatherAPI.self)
        let loading = AsyncMockFunction<String, Int>("load(_:)", of: MockWeatherAPI.self)
        let unnamed = MockFunction<Void, Int>("count()")
        await withKnownIssue {
            #expect(named.call((), default: 0) == 0)
            #expect(property.get(default: "") == "")
            #expect(await loading.call("x", default: 0) == 0)
            #expect(unnamed.call((), default: 0) == 0)
        } matching: {
            $0.mentions("MockWeatherAPI.count() was called but nothing answers it.")
                || $0.mentions("MockWeatherAPI.name was read but nothing answers it.")
                || $0.mentions("MockWeatherAPI.load(_:) was called with (\"x\") but nothing answers it.")
                || ($0.mentions("count() was called but nothing answers it.") && !$0.mentions("MockWeatherAPI"))
        }
        #expect(named.mockDescription == "MockWeatherAPI.count()")
        #expect(unnamed.mockDescription == "count()")
    }

    @Test func aCheckOfAFunctionWithNoArgumentsDoesNotListItsCalls() {
        api.citiesMock.returns([])
        _ = api.cities()
        withKnownIssue {
            api.citiesMock.assertCalled(times: 2)
        } matching: {
            $0.mentions("Expected MockWeatherAPI.cities() to be called exactly 2 times, but it was called 1 time.")
                && !$0.mentions("Calls, in order")
        }
    }

    @Test func sequenceThatRunsOutIsReported() async {
        api.forecast.returns(inOrder: [1])
        _ = try? await api.forecast(city: "a")
        await withKnownIssue {
            _ = try? await api.forecast(city: "b")
        } matching: {
            $0.mentions("after its 1 answers ran out")
        }
    }

    // No lock is held while an argument describes itself: its `description` is user code, and may
    // read the mock it was passed to.
    @Test func anUnansweredCallsArgumentsDescribeThemselvesWithNoLockHeld() async {
        let mock = MockFunction<SelfDescribingArgument, Int>("record(_:)")
        let argument = SelfDescribingArgument(mock)
        withKnownIssue {
            #expect(mock.call(argument, default: -1) == -1)
        } matching: {
            $0.mentions("record(_:) was called with (argument seen by 1 call) but nothing answers it.")
        }
        mock.returns(inOrder: [7])
        #expect(mock.call(argument, default: -1) == 7)
        withKnownIssue {
            #expect(mock.call(argument, default: -1) == -1)
        } matching: {
            $0.mentions("record(_:) was called with (argument seen by 3 calls) after its 1 answers ran out.")
        }
    }

    // Describing arguments is user code, and costs: a call answered without a failure (a `Void`
    // method's, a relaxed method's, one that runs its closure) does not describe them.
    @Test func aCallAnsweredWithoutAFailureDoesNotDescribeItsArguments() async throws {
        let descriptions = Counter()
        let send = MockFunction<CountedArgument, Void>("send(_:)")
        let count = MockFunction<CountedArgument, Int>("count(_:)")
        count.returnsDefault()
        let run = MockFunction<CountedArgument, Int>("run(_:_:)")
        for index in 0..<3 {
            send.call(CountedArgument(index, descriptions), default: ())
            #expect(try count.call(CountedArgument(index, descriptions)) == 0)
            #expect(run.call(CountedArgument(index, descriptions), orRun: 7) == 7)
        }
        #expect(send.callCount == 3)
        #expect(descriptions.value == 0)
    }

    @Test func errorAnswerForANonThrowingMethodIsReported() {
        api.temperature.throwing(Boom())
        withKnownIssue {
            #expect(api.temperature(city: "x", day: 1) == 0)
        } matching: {
            $0.mentions("was answered with an error (boom), but the mock's method cannot throw")
        }
    }

    @Test func anAnswerThatThrowsForANonThrowingMethodIsReported() {
        api.temperature.answers { _ in throw Boom() }
        withKnownIssue {
            #expect(api.temperature(city: "x", day: 1) == 0)  // the method's default
        } matching: {
            $0.mentions("was answered with an error (boom), but the mock's method cannot throw")
        }
    }

    @Test func stubbingAfterTheCallAnswersLaterCalls() async throws {
        await withKnownIssue {
            _ = try? await api.forecast(city: "early")
        } matching: {
            $0.mentions("nothing answers it")
        }
        api.forecast.returns(5)
        #expect(try await api.forecast(city: "late") == 5)
        #expect(api.forecast.calls == ["early", "late"])
    }

    @Test func assertionsReportAtTheCaller() {
        let line = #line + 2
        withKnownIssue {
            api.forecast.assertCalled(times: 1)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.mentions(
                    "Expected MockWeatherAPI.forecast(city:) to be called exactly 1 time, but it never was.")
        }
        api.log("x")
        withKnownIssue {
            api.log.assertNotCalled()
        } matching: {
            $0.mentions("not to be called, but it was called 1 time")
        }
        api.log.assertCalled()
    }
}

/// Call expectations are checked when the injector's scope ends, in strict injectors too.
@Suite struct MockFunctionExpectationTests {
    @Test func unmetCallExpectationIsReportedWhenTheScopeEnds() {
        let line = #line + 4
        withKnownIssue {
            withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                api.forecast.expect(called: .exactly(1))
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.mentions(
                    "Expected MockWeatherAPI.forecast(city:) to be called exactly 1 time by the end of the test, "
                        + "but it never was.")
        }
    }

    @Test func metCallExpectationInAStrictInjectorReportsNothing() async throws {
        try await withTestInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { injector in
            let api = MockWeatherAPI().injected()
            api.forecast.returns(1)
            api.forecast.expect(called: .atLeast(1))
            let resolved = try injector.resolve(WeatherAPI.self)
            _ = try await resolved.forecast(city: "x")
        }
    }

    @Test func unansweredCallOnADetachedTaskReachesTheTest() async {
        await withKnownIssue {
            await withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                let detached = Task.detached { _ = try? await api.forecast(city: "far") }
                await detached.value
            }
        } matching: {
            $0.mentions("forecast(city:) was called with (\"far\") but nothing answers it.")
        }
    }
}

/// An argument whose description reads the mock it is passed to (weakly: the mock keeps it).
final class SelfDescribingArgument: CustomStringConvertible, Sendable {
    let describe: @Sendable () -> String
    init(_ mock: MockFunction<SelfDescribingArgument, Int>) {
        describe = { [weak mock] in
            let count = mock?.callCount ?? 0
            return "argument seen by \(count) call\(count == 1 ? "" : "s")"
        }
    }
    var description: String { describe() }
}
