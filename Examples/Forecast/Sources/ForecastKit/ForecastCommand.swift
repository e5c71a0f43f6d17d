import ArgumentParser
import DIKitCore
import Foundation

/// The `forecast` command: swift-argument-parser reads the arguments (help, `--days 3` and
/// `--days=3`, exit 64 on a usage error); the run happens in a child container of the app's.
///
/// ```sh
/// forecast Berlin --days 3 --unit fahrenheit
/// ```
public struct ForecastCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Prints a city's forecast, from services wired with DIKit.",
        discussion: """
            Known cities, from the bundled fixture: Berlin, Lisbon, Nairobi, Oslo, Reykjavik, Tokyo. \
            With --source generated, any city gets a made-up week.
            """)

    @Argument(help: "The city, e.g. Berlin.")
    public var city: String

    @Option(help: "How many days to show, from 1 to 7.")
    public var days: Int = 5

    @Option(help: "The temperature unit: celsius or fahrenheit.")
    public var unit: TemperatureUnit = .celsius

    @Option(help: "Where forecasts come from: fixture or generated.")
    public var source: String = "fixture"

    public init() {}

    public func validate() throws {
        guard (1...7).contains(days) else { throw ValidationError("--days needs a number from 1 to 7") }
        guard ForecastApp.sourceNames.contains(source) else {
            throw ValidationError("--source needs one of: \(ForecastApp.sourceNames.joined(separator: ", "))")
        }
        guard !city.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("which city?") }
    }

    public func run() throws {
        let outcome = execute(app: Container(assemblies: ForecastApp.assemblies))
        if let text = outcome.output { print(text) }
        if let error = outcome.error {
            FileHandle.standardError.write(Data((error + "\n").utf8))
            throw ExitCode.failure
        }
    }

    /// What a run printed: the forecast, or one line of error.
    public struct Outcome: Equatable, Sendable {
        public let output: String?
        public let error: String?
    }

    /// Runs against `app`, the container holding the app's registrations: this run's settings live
    /// in a child container, so the app's registrations stay as they are.
    public func execute(app: Container) -> Outcome {
        let run = app.makeChild()
        run.register(Settings.self, instance: Settings(unit: unit, days: days, source: source))
        do {
            let text = try Container.withShared(run) { try ForecastPresenter().render(city: city) }
            return Outcome(output: text, error: nil)
        } catch let error as ResolutionError {
            if let underlying = error.underlyingError as? ForecastError {
                return Outcome(output: nil, error: "forecast: \(underlying)")
            }
            let summary = error.description.split(separator: "\n").first.map(String.init) ?? "\(error)"
            return Outcome(output: nil, error: "forecast: \(summary)")
        } catch {
            return Outcome(output: nil, error: "forecast: \(error)")
        }
    }
}

extension TemperatureUnit: ExpressibleByArgument {}
