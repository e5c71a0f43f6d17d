/// One city's forecast, day by day.
public struct CityForecast: Codable, Sendable, Equatable {
    public let city: String
    /// `nil` where the source does not know it (the generated source).
    public let country: String?
    public let days: [DailyForecast]

    public init(city: String, country: String?, days: [DailyForecast]) {
        self.city = city
        self.country = country
        self.days = days
    }
}

/// The weather expected on one day.
public struct DailyForecast: Codable, Sendable, Equatable {
    public let date: String
    public let condition: String
    public let highCelsius: Double
    public let lowCelsius: Double
    public let precipitationChance: Int

    public init(date: String, condition: String, highCelsius: Double, lowCelsius: Double, precipitationChance: Int) {
        self.date = date
        self.condition = condition
        self.highCelsius = highCelsius
        self.lowCelsius = lowCelsius
        self.precipitationChance = precipitationChance
    }
}

/// The unit temperatures are shown in.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius
    case fahrenheit
}

/// What one run of the command asked for.
public struct Settings: Sendable, Equatable {
    public var unit: TemperatureUnit
    public var days: Int
    /// The name of the `ForecastSource` registration to use.
    public var source: String

    public init(unit: TemperatureUnit = .celsius, days: Int = 5, source: String = "fixture") {
        self.unit = unit
        self.days = days
        self.source = source
    }
}

/// Why a forecast could not be shown.
public enum ForecastError: Error, Equatable, CustomStringConvertible {
    case unknownCity(String, known: [String])
    case unreadableData(String)

    public var description: String {
        switch self {
        case .unknownCity(let city, let known):
            known.isEmpty
                ? "unknown city '\(city)'"
                : "unknown city '\(city)' (known cities: \(known.joined(separator: ", ")))"
        case .unreadableData(let reason):
            "the forecast data could not be read: \(reason)"
        }
    }
}
