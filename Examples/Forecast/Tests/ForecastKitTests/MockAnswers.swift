import DITesting
import ForecastKit

// What the tests' generated mocks (Mocks.swift) answer. Generated mocks are regenerated as the
// protocols change; what a test needs from them lives here.

extension MockForecastSource {
    /// Answers `forecast(for:)` from `forecasts`, by city name in any case; an unknown city throws.
    @discardableResult
    func answering(_ forecasts: [CityForecast] = [.sample]) -> Self {
        let byCity = Dictionary(uniqueKeysWithValues: forecasts.map { ($0.city.lowercased(), $0) })
        forecastMock.answers { city in
            guard let forecast = byCity[city.lowercased()] else {
                throw ForecastError.unknownCity(city, known: byCity.values.map(\.city).sorted())
            }
            return forecast
        }
        return self
    }
}

extension CityForecast {
    static let sample = CityForecast(
        city: "Testville", country: "Mockland",
        days: [
            DailyForecast(date: "mon", condition: "Sunny", highCelsius: 20, lowCelsius: 10, precipitationChance: 0),
            DailyForecast(date: "tue", condition: "Rain", highCelsius: 15, lowCelsius: 9, precipitationChance: 90),
        ])
}
