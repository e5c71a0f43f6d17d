import DIKitCore

/// Turns a city's forecast into the text the command prints.
///
/// Its dependencies are `@Injected`: they resolve from the container that was `Container.shared`
/// when the presenter was created — the run's child container in the app, the test's injector in
/// tests.
public final class ForecastPresenter {
    @Injected var service: ForecastService
    @Injected var settings: Settings
    @Injected var statistics: any CacheStatistics
    private let container = Container.shared

    public init() {}

    /// The forecast for `city` as lines of text.
    public func render(city: String) throws -> String {
        let forecast = try service.forecast(for: city, days: settings.days)
        let formatter = try container.resolve(TemperatureFormatter.self, arguments: settings.unit)
        var lines = [
            "\(forecast.city)\(forecast.country.map { ", \($0)" } ?? ""): \(forecast.days.count)-day forecast "
                + "(source: \(settings.source))",
            "",
        ]
        for day in forecast.days {
            let condition = day.condition.padding(toLength: 14)
            let high = formatter.format(celsius: day.highCelsius).padding(toLength: 5, left: true)
            let low = formatter.format(celsius: day.lowCelsius).padding(toLength: 5, left: true)
            lines.append("  \(day.date)  \(condition) \(high) / \(low)   rain \(day.precipitationChance)%")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(toLength length: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, length - count))
        return left ? fill + self : self + fill
    }
}
