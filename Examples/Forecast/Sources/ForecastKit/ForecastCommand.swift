import DIKitCore

/// The `forecast` command: parses its arguments, runs in a child container of the app's, and
/// returns what to print and the exit status. Bad input is a one-line error and status 1.
public enum ForecastCommand {
    /// What a run produced.
    public struct Outcome: Equatable, Sendable {
        public let output: String
        public let error: String
        public let status: Int32
    }

    public static let usage =
        "usage: forecast <city> [--days 1-7] [--unit celsius|fahrenheit] [--source fixture|generated]"

    /// Runs the command against `app`, the container holding the app's registrations.
    public static func run(_ arguments: [String], app: Container) -> Outcome {
        if arguments == ["--help"] || arguments == ["-h"] { return Outcome(output: usage, error: "", status: 0) }
        let city: String
        let settings: Settings
        do {
            (city, settings) = try parse(arguments)
        } catch {
            return Outcome(output: "", error: "forecast: \(error.message) (\(usage))", status: 1)
        }
        // This run's settings live in a child container: the app's registrations stay as they are.
        let run = app.makeChild()
        run.register(Settings.self, instance: settings)
        do {
            let text = try Container.withShared(run) { try ForecastPresenter().render(city: city) }
            return Outcome(output: text, error: "", status: 0)
        } catch let error as ForecastError {
            return Outcome(output: "", error: "forecast: \(error)", status: 1)
        } catch let error as ResolutionError {
            if let underlying = error.underlyingError as? ForecastError {
                return Outcome(output: "", error: "forecast: \(underlying)", status: 1)
            }
            let summary = error.description.split(separator: "\n").first.map(String.init) ?? "\(error)"
            return Outcome(output: "", error: "forecast: \(summary)", status: 1)
        } catch {
            return Outcome(output: "", error: "forecast: \(error)", status: 1)
        }
    }

    private struct UsageError: Error {
        let message: String
    }

    private static func parse(_ arguments: [String]) throws(UsageError) -> (String, Settings) {
        var settings = Settings()
        var city: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--days":
                guard let value = remaining.popFirst(), let days = Int(value), (1...7).contains(days) else {
                    throw UsageError(message: "--days needs a number from 1 to 7")
                }
                settings.days = days
            case "--unit":
                guard let value = remaining.popFirst(), let unit = TemperatureUnit(rawValue: value) else {
                    throw UsageError(message: "--unit needs celsius or fahrenheit")
                }
                settings.unit = unit
            case "--source":
                guard let value = remaining.popFirst(), ForecastApp.sourceNames.contains(value) else {
                    throw UsageError(
                        message: "--source needs one of: \(ForecastApp.sourceNames.joined(separator: ", "))")
                }
                settings.source = value
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)'")
            default:
                if let city { throw UsageError(message: "give one city, not '\(city)' and '\(argument)'") }
                city = argument
            }
        }
        guard let city, !city.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(message: "which city?")
        }
        return (city, settings)
    }
}
