import DIKitCore
import DITesting
import ForecastKit
import XCTest

/// The same app, tested the XCTest way: each method runs in its own injector.
final class ForecastServiceXCTests: DITestCase {
    override var assemblies: [any Assembly] { ForecastApp.assemblies }

    private var source: MockForecastSource!

    override func setUp() {
        super.setUp()
        source = MockForecastSource().answering().injected()
    }

    func testServiceTrimsToTheRequestedDays() throws {
        let service = try injector.resolve(ForecastService.self)
        let forecast = try service.forecast(for: "Testville", days: 1)
        XCTAssertEqual(forecast.days.map(\.date), ["mon"])
        injector.assertResolved(ForecastSource.self, times: 1)
    }

    func testCacheIsASingletonSharedByServices() throws {
        let first = try injector.resolve(ForecastService.self)
        let second = try injector.resolve(ForecastService.self)
        _ = try first.forecast(for: "Testville", days: 2)
        _ = try second.forecast(for: "Testville", days: 2)
        XCTAssertEqual(source.forecastMock.callCount, 1)
        XCTAssertEqual(try injector.resolve(CacheStatistics.self).hits, 1)
    }
}
