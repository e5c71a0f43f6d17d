import DIKitCore
import DITesting
import ForecastKit
import Testing

@Suite struct ForecastCommandTests {
    @Test func printsTheBundledForecast() throws {
        try withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector throws in
            let outcome = ForecastCommand.run(["Berlin", "--days", "2"], app: injector)
            #expect(outcome.status == 0)
            #expect(outcome.output.hasPrefix("Berlin, Germany: 2-day forecast (source: fixture)"))
            #expect(outcome.output.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        }
    }

    @Test func eachRunUsesAChildContainerAndSharesTheAppsSingletons() {
        withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector in
            injector.expect(FixtureLoading.self, resolved: .exactly(1))
            _ = ForecastCommand.run(["Berlin"], app: injector)
            _ = ForecastCommand.run(["Oslo", "--unit", "fahrenheit"], app: injector)
            #expect(injector.resolutionCount(of: TemperatureFormatter.self) == 2)
            #expect(injector.registrations.filter { $0.serviceType == Settings.self }.count == 3)
        }
    }

    @Test func generatedSourceIsChosenByName() {
        withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector in
            let outcome = ForecastCommand.run(["Springfield", "--source", "generated"], app: injector)
            #expect(outcome.status == 0)
            injector.assertResolved(ForecastSource.self, name: "generated", times: 1)
            injector.assertNotResolved(ForecastSource.self, name: "fixture")
        }
    }

    @Test(arguments: [
        ([String](), "forecast: which city?"),
        (
            ["Atlantis"],
            "forecast: unknown city 'Atlantis' (known cities: Berlin, Lisbon, Nairobi, Oslo, Reykjavik, Tokyo)"
        ),
        (["Oslo", "--days", "0"], "forecast: --days needs a number from 1 to 7"),
        (["Oslo", "--unit", "kelvin"], "forecast: --unit needs celsius or fahrenheit"),
        (["Oslo", "--source", "web"], "forecast: --source needs one of: fixture, generated"),
        (["Oslo", "--verbose"], "forecast: unknown option '--verbose'"),
        (["Oslo", "Bergen"], "forecast: give one city, not 'Oslo' and 'Bergen'"),
        (["Oslo!", "--source", "generated"], "forecast: unknown city 'Oslo!' (known cities: )"),
    ])
    func badInputIsAOneLineErrorAndStatusOne(arguments: [String], message: String) {
        let outcome = ForecastCommand.run(arguments, app: Container(assemblies: ForecastApp.assemblies))
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.error.hasPrefix(message))
        #expect(!outcome.error.contains("\n"))
    }

    @Test func helpPrintsTheUsage() {
        let outcome = ForecastCommand.run(["--help"], app: Container())
        #expect(outcome.status == 0)
        #expect(outcome.output == ForecastCommand.usage)
    }
}
