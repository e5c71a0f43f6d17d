import DITesting
import ForecastKit
import Foundation

/// A forecast source that answers from memory and counts its calls.
final class MockForecastSource: ForecastSource, AutoInjectMock, @unchecked Sendable {
    static var registeredTypes: [Any.Type] { [ForecastSource.self] }

    // Safety: `calls` is guarded by `lock`.
    private let lock = NSLock()
    private var calls = 0
    private let forecasts: [String: CityForecast]

    init(_ forecasts: [CityForecast] = [.sample]) {
        self.forecasts = Dictionary(uniqueKeysWithValues: forecasts.map { ($0.city.lowercased(), $0) })
    }

    var callCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }

    func forecast(for city: String) throws -> CityForecast {
        lock.lock()
        calls += 1
        lock.unlock()
        guard let forecast = forecasts[city.lowercased()] else {
            throw ForecastError.unknownCity(city, known: forecasts.values.map(\.city).sorted())
        }
        return forecast
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
