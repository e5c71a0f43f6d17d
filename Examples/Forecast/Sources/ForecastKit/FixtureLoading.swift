import Foundation

/// Loads the bundled forecast fixtures.
public protocol FixtureLoading: Sendable {
    func loadForecasts() throws -> [CityForecast]
}

/// Reads `forecasts.json` from the package's resource bundle.
public struct BundleFixtureLoader: FixtureLoading {
    public init() {}

    public func loadForecasts() throws -> [CityForecast] {
        guard let url = Bundle.module.url(forResource: "forecasts", withExtension: "json") else {
            throw ForecastError.unreadableData("forecasts.json is missing from the bundle")
        }
        do {
            return try JSONDecoder().decode(FixtureFile.self, from: Data(contentsOf: url)).cities
        } catch {
            throw ForecastError.unreadableData("\(error)")
        }
    }

    private struct FixtureFile: Decodable {
        let cities: [CityForecast]
    }
}
