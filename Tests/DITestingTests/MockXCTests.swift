import DIKitCore
import DITesting
import XCTest

/// The mock behaviours of issue 20 under XCTest: each failure at the caller's line, naming the
/// mock, the function and the arguments.
final class MockXCTests: XCTestCase {
    func testPerArgumentAssertionsReportAtTheCallersLine() {
        let line = #line + 5
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                api.forecast.returns(1, for: "Rome")
                api.forecast.assertCalled(with: "Rome", times: 1)
            }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "Expected MockWeatherAPI.forecast(city:) to be called with (\"Rome\") exactly 1 time") == true)
    }

    func testStubsPerArgumentAnswerInAnXCTestCase() async throws {
        let api = MockWeatherAPI()
        api.forecast.returns(0)
        api.forecast.returns(20, for: "Rome")
        let rome = try await api.forecast(city: "Rome")
        let oslo = try await api.forecast(city: "Oslo")
        XCTAssertEqual(rome, 20)
        XCTAssertEqual(oslo, 0)
        XCTAssertEqual(api.forecast.callCount(for: "Rome"), 1)
    }

    func testAssertNotCalledOnAMockNamesWhatWasCalled() {
        let line = #line + 6
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { _ in
                let api = MockWeatherAPI().injected()
                api.log("x")
                _ = api.temperature(city: "Rome", day: 1)
                api.assertNotCalled()
            }
        }
        XCTAssertEqual(failures.filter { $0.line == line }.count, 1)
        let notCalled = failures.first { $0.description.hasPrefix("Expected no calls to MockWeatherAPI") }
        XCTAssertTrue(notCalled?.description.contains("MockWeatherAPI.log(_:) (1 time)") == true)
    }

    func testAnExpectationWithArgumentsIsCheckedWhenTheScopeEnds() {
        let line = #line + 3
        let failures = failuresOfNestedTest {
            withTestInjector(base: Container()) { _ in
                MockWeatherAPI().injected().forecast.expect(called: .once, with: "Rome")
            }
        }
        XCTAssertEqual(failures.map(\.line), [line])
    }
}
