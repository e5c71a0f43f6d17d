/// Fetches forecasts from the selected source, through the cache.
public final class ForecastService: Sendable {
    private let source: any ForecastSource
    private let cache: any ForecastCache

    public init(source: any ForecastSource, cache: any ForecastCache) {
        self.source = source
        self.cache = cache
    }

    /// The first `days` days of `city`'s forecast.
    public func forecast(for city: String, days: Int) throws -> CityForecast {
        let key = city.lowercased()
        let full: CityForecast
        if let cached = cache.forecast(for: key) {
            full = cached
        } else {
            full = try source.forecast(for: city)
            cache.store(full, for: key)
        }
        return CityForecast(city: full.city, country: full.country, days: Array(full.days.prefix(days)))
    }
}
