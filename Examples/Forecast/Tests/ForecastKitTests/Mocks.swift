import DITesting
import ForecastKit

/// A forecast source that answers from memory; `forecast` records its calls.
final class MockForecastSource: ForecastSource, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [ForecastSource.self] }
    let forecast = MockFunction<String, CityForecast>("forecast(for:)")

    init(_ forecasts: [CityForecast] = [.sample]) {
        let byCity = Dictionary(uniqueKeysWithValues: forecasts.map { ($0.city.lowercased(), $0) })
        forecast.answers { city in
            guard let forecast = byCity[city.lowercased()] else {
                throw ForecastError.unknownCity(city, known: byCity.values.map(\.city).sorted())
            }
            return forecast
        }
    }

    func forecast(for city: String) throws -> CityForecast { try forecast.call(city) }
}

extension CityForecast {
    static let sample = CityForecast(
        city: "Testville", country: "Mockland",
        days: [
            DailyForecast(date: "mon", condition: "Sunny", highCelsius: 20, lowCelsius: 10, precipitationChance: 0),
            DailyForecast(date: "tue", condition: "Rain", highCelsius: 15, lowCelsius: 9, precipitationChance: 90),
        ])
}
