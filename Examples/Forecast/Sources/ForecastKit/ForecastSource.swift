import Foundation

/// Where forecasts come from. Registered by name: "fixture" (bundled data, the default) and
/// "generated" (made up from the city's name, for any city).
public protocol ForecastSource: Sendable {
    func forecast(for city: String) throws -> CityForecast
}

/// Reads forecasts from the bundled fixture file, once.
public final class FixtureForecastSource: ForecastSource {
    private let forecasts: [String: CityForecast]

    public init(loader: any FixtureLoading) throws {
        let cities = try loader.loadForecasts()
        forecasts = Dictionary(cities.map { ($0.city.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func forecast(for city: String) throws -> CityForecast {
        guard let forecast = forecasts[city.lowercased()] else {
            throw ForecastError.unknownCity(city, known: forecasts.values.map(\.city).sorted())
        }
        return forecast
    }
}

/// Makes up a plausible week for any city, the same every time for the same name.
public struct GeneratedForecastSource: ForecastSource {
    public init() {}

    public func forecast(for city: String) throws -> CityForecast {
        let name = city.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }) else {
            throw ForecastError.unknownCity(city, known: [])
        }
        var seed = name.unicodeScalars.reduce(UInt64(1_469_598_103_934_665_603)) {
            ($0 ^ UInt64($1.value)) &* 1_099_511_628_211
        }
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        let conditions = [("Sunny", 0), ("Partly cloudy", 10), ("Cloudy", 25), ("Light rain", 60), ("Showers", 75)]
        let days = (0..<7).map { offset in
            let high = Double(next(4...24))
            let (condition, rain) = conditions[next(0...4)]
            return DailyForecast(
                date: "day \(offset + 1)", condition: condition, highCelsius: high,
                lowCelsius: high - Double(next(3...9)), precipitationChance: rain)
        }
        return CityForecast(city: name.capitalized, country: nil, days: days)
    }
}
