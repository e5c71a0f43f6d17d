import DIKitCore
import DITesting
import ForecastKit
import Testing

/// Each test runs in its own injector over the app's assemblies, with the mock source the trait
/// registers.
@Suite(
    .testInjector(base: Container(), assemblies: ForecastApp.assemblies) {
        MockForecastSource().answering().injected(using: $0)
    })
struct ForecastPresenterTests {
    let injector = SpyContainer.current
    var source: MockForecastSource { injector.mock(MockForecastSource.self)! }

    @Test func rendersTheSourcesForecast() throws {
        injector.expect(ForecastSource.self, resolved: .exactly(1))
        injector.expect(FixtureLoading.self, resolved: .never)

        let text = try ForecastPresenter().render(city: "Testville")

        #expect(
            text == """
                Testville, Mockland: 2-day forecast (source: fixture)

                  mon  Sunny           20°C /  10°C   rain 0%
                  tue  Rain            15°C /   9°C   rain 90%
                """)
        #expect(source.forecastMock.callCount == 1)
    }

    @Test func secondRenderComesFromTheCache() throws {
        let presenter = ForecastPresenter()
        _ = try presenter.render(city: "Testville")
        _ = try presenter.render(city: "testville")
        #expect(source.forecastMock.callCount == 1)
        let statistics = try injector.resolve(CacheStatistics.self)
        #expect(statistics.hits == 1 && statistics.misses == 1)
        injector.assertResolved(ForecastService.self, times: 1)
    }

    @Test(arguments: [(TemperatureUnit.celsius, "20°C"), (.fahrenheit, "68°F")])
    func showsTheChosenUnit(unit: TemperatureUnit, high: String) throws {
        injector.register(Settings.self, instance: Settings(unit: unit))
        let text = try ForecastPresenter().render(city: "Testville")
        #expect(text.contains(high))
    }

    @Test func unknownCityIsAForecastError() {
        #expect(throws: ForecastError.unknownCity("Nowhere", known: ["Testville"])) {
            try ForecastPresenter().render(city: "Nowhere")
        }
    }
}

/// A strict injector: everything the test resolves is registered by its own assemblies or by the
/// test, and the mock it registers must be used.
@Test(
    .testInjector(base: Container(assemblies: [CoreAssembly()]), assemblies: ForecastApp.assemblies, strict: true) {
        MockForecastSource().answering().injected(using: $0)
    })
func presenterUsesOnlyTheTestsWiring() throws {
    let text = try ForecastPresenter().render(city: "Testville")
    #expect(text.hasPrefix("Testville, Mockland"))
}
