import ArgumentParser
import DIKitCore
import DITesting
import ForecastKit
import Testing

@Suite struct ForecastCommandTests {
    func command(_ arguments: [String]) throws -> ForecastCommand { try ForecastCommand.parse(arguments) }

    @Test func printsTheBundledForecast() throws {
        try withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector throws in
            let outcome = try command(["Berlin", "--days", "2"]).execute(app: injector)
            #expect(outcome.error == nil)
            let output = try #require(outcome.output)
            #expect(output.hasPrefix("Berlin, Germany: 2-day forecast (source: fixture)"))
            #expect(output.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        }
    }

    @Test func optionsTakeTheirValueAfterASpaceOrAnEqualsSign() throws {
        #expect(try command(["Berlin", "--days", "3"]).days == 3)
        #expect(try command(["Berlin", "--days=3"]).days == 3)
        #expect(try command(["--unit=fahrenheit", "--", "Berlin"]).unit == .fahrenheit)
        #expect(try command(["--", "-Berlin"]).city == "-Berlin")
    }

    @Test func eachRunUsesAChildContainerAndSharesTheAppsSingletons() throws {
        try withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector in
            injector.expect(FixtureLoading.self, resolved: .exactly(1))
            _ = try command(["Berlin"]).execute(app: injector)
            _ = try command(["Oslo", "--unit", "fahrenheit"]).execute(app: injector)
            #expect(injector.resolutionCount(of: TemperatureFormatter.self) == 2)
            #expect(injector.registrations.filter { $0.serviceType == Settings.self }.count == 3)
        }
    }

    @Test func generatedSourceIsChosenByNameAndNamesNoCountry() throws {
        try withTestInjector(base: Container(), assemblies: ForecastApp.assemblies) { injector in
            let outcome = try command(["Springfield", "--source", "generated"]).execute(app: injector)
            #expect(outcome.output?.hasPrefix("Springfield: 5-day forecast (source: generated)") == true)
            injector.assertResolved(ForecastSource.self, name: "generated", times: 1)
            injector.assertNotResolved(ForecastSource.self, name: "fixture")
        }
    }

    @Test(arguments: [
        ([String](), "Missing expected argument '<city>'"),
        (["Oslo", "--days", "0"], "--days needs a number from 1 to 7"),
        (["Oslo", "--unit", "kelvin"], "The value 'kelvin' is invalid for '--unit <unit>'"),
        (["Oslo", "--source", "web"], "--source needs one of: fixture, generated"),
        (["Oslo", "--verbose"], "Unknown option '--verbose'"),
        (["Oslo", "Bergen"], "Unexpected argument 'Bergen'"),
    ])
    func usageErrorsExitWith64(arguments: [String], message: String) {
        do {
            _ = try ForecastCommand.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(ForecastCommand.exitCode(for: error) == .validationFailure)
            #expect(ForecastCommand.exitCode(for: error).rawValue == 64)
            #expect(ForecastCommand.message(for: error).contains(message))
        }
    }

    @Test(arguments: [
        (
            ["Atlantis"],
            "forecast: unknown city 'Atlantis' (known cities: Berlin, Lisbon, Nairobi, Oslo, Reykjavik, Tokyo)"
        ),
        (["Oslo!", "--source", "generated"], "forecast: unknown city 'Oslo!'"),
    ])
    func anUnknownCityIsOneLineOfError(arguments: [String], message: String) throws {
        let outcome = try command(arguments).execute(app: Container(assemblies: ForecastApp.assemblies))
        #expect(outcome.output == nil)
        #expect(outcome.error == message)
    }

    @Test func helpNamesEveryOption() {
        let help = ForecastCommand.helpMessage()
        for option in ["<city>", "--days <days>", "--unit <unit>", "--source <source>", "--help"] {
            #expect(help.contains(option))
        }
    }
}
