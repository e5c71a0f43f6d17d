import DITesting
import Testing

/// A `FailureReporter` plugged in with `FailureReporting.withReporter` receives every failure.
@Suite struct FailureReporterTests {
    @Test func aBoundReporterReceivesFailuresAtTheCallersLine() {
        let collector = FailureCollector()
        let line = #line + 2
        FailureReporting.withReporter(collector) {
            SpyContainer(base: Container()).assertResolved(API.self, times: 1)
        }
        #expect(collector.failures.count == 1)
        #expect(collector.failures.first?.line == line)
        #expect(collector.failures.first?.fileID == #fileID)
        #expect(collector.failures.first?.message.hasPrefix("Expected API to be resolved exactly 1 time") == true)
    }

    @Test func anInjectorKeepsItsReporterOffTheTestsTask() async {
        let collector = FailureCollector()
        await FailureReporting.withReporter(collector) {
            await withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                await Task.detached { _ = api.cities() }.value
            }
        }
        #expect(
            collector.failures.map(\.message).contains {
                $0.contains("cities() was called but nothing answers it")
            })
    }

    @Test func mocksMadeUnderAReporterReportToIt() {
        let collector = FailureCollector()
        let mock = FailureReporting.withReporter(collector) { MockWeatherAPI() }
        mock.forecast.assertCalled(times: 1)
        #expect(collector.failures.count == 1)
    }

    @Test func expectationsAtTheEndOfAScopeGoToTheReporter() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: Container()) { injector in
                injector.expect(API.self, resolved: .once)
            }
        }
        #expect(collector.failures.map(\.message).first?.contains("exactly 1 time by the end of the test") == true)
    }
}

@Suite struct ExpectationsOutsideAnInjectorTests {
    @Test func expectCalledWithOutsideAnInjectorIsReportedNotChecked() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            MockWeatherAPI().forecast.expect(called: .once, with: "Rome")
        }
        #expect(collector.failures.count == 1)
        #expect(
            collector.failures.first?.message.contains(
                "expect(called:with:) needs a test injector to check it when the test ends") == true)
        #expect(collector.failures.first?.message.contains("check now with assertCalled(with:times:).") == true)
    }

    @Test func expectCalledOutsideAnInjectorIsReportedNotChecked() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            MockWeatherAPI().forecast.expect(called: .once)
        }
        #expect(collector.failures.count == 1)
        let message = collector.failures.first?.message ?? ""
        #expect(
            message.contains("forecast(city:).expect(called:) needs a test injector to check it when the test ends"))
        #expect(message.contains("check now with assertCalled(times:)."))
    }
}

@Suite struct AsyncMockFunctionAnswerTests {
    @Test func anUnansweredNonThrowingAsyncCallIsRecordedAndReportedOnce() async {
        let collector = FailureCollector()
        let load = FailureReporting.withReporter(collector) { AsyncMockFunction<Int, Int>("load(_:)") }
        let value = await load.call(1, default: 7)
        #expect(value == 7)
        #expect(load.callCount == 1)
        #expect(collector.failures.count == 1)
    }

    @Test func anAsyncAnswerThatThrowsInANonThrowingCallIsReportedOnce() async {
        struct Offline: Error {}
        let collector = FailureCollector()
        let load = FailureReporting.withReporter(collector) { AsyncMockFunction<Int, Int>("load(_:)") }
        load.answers { _ in throw Offline() }
        let value = await load.call(1, default: 7)
        #expect(value == 7)
        #expect(load.callCount == 1)
        #expect(collector.failures.count == 1)
        #expect(collector.failures.first?.message.contains("was answered with an error") == true)
    }
}

/// A reporter bound inside an injector's scope takes the failures raised where it is bound, from
/// the injector and from mocks wherever they were made; a mock made under it reports to it from
/// anywhere. (A test of a test helper checks its failures this way, inside a `.testInjector` suite.)
@Suite(.testInjector(base: Container()))
struct ReporterBoundInsideAnInjectorTests {
    let madeBefore = MockWeatherAPI().injected()

    @Test func anUnansweredCallOfAMockMadeInsideTheBindingGoesToIt() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            let api = MockWeatherAPI().injected()
            _ = api.cities()
        }
        #expect(
            collector.failures.map(\.message).contains { $0.contains("cities() was called but nothing answers it") })
    }

    @Test func anUnansweredCallOfAMockMadeBeforeTheBindingGoesToIt() async {
        let collector = FailureCollector()
        await FailureReporting.withReporter(collector) {
            _ = madeBefore.cities()
            await #expect(throws: (any Error).self) { _ = try await madeBefore.forecast(city: "Oslo") }
        }
        #expect(collector.failures.count == 2)
    }

    @Test func aMockMadeUnderTheBindingReportsToItFromADetachedTask() async {
        let collector = FailureCollector()
        let api = FailureReporting.withReporter(collector) { MockWeatherAPI().injected() }
        await Task.detached { _ = api.cities() }.value
        #expect(collector.failures.count == 1)
    }

    @Test func theInjectorsAssertionsGoToIt() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            SpyContainer.current.assertResolved(WeatherAPI.self, times: 1)
            madeBefore.forecast.assertCalled(times: 1)
        }
        #expect(collector.failures.count == 2)
        #expect(collector.failures.first?.message.contains("Expected WeatherAPI to be resolved") == true)
    }
}
