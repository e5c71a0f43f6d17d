import Foundation

/// Keeps forecasts already fetched during a run.
public protocol ForecastCache: AnyObject, Sendable {
    func forecast(for key: String) -> CityForecast?
    func store(_ forecast: CityForecast, for key: String)
}

/// How well the cache did, for the summary line.
public protocol CacheStatistics: AnyObject, Sendable {
    var hits: Int { get }
    var misses: Int { get }
}

/// An in-memory cache; one per container (a singleton), registered as both protocols.
public final class InMemoryForecastCache: ForecastCache, CacheStatistics, @unchecked Sendable {
    // Safety: all state is guarded by `lock`.
    private let lock = NSLock()
    private var entries: [String: CityForecast] = [:]
    private var counts = (hits: 0, misses: 0)

    public init() {}

    public var hits: Int { locked { counts.hits } }
    public var misses: Int { locked { counts.misses } }

    public func forecast(for key: String) -> CityForecast? {
        locked {
            let found = entries[key]
            if found == nil { counts.misses += 1 } else { counts.hits += 1 }
            return found
        }
    }

    public func store(_ forecast: CityForecast, for key: String) {
        locked { entries[key] = forecast }
    }
}

extension InMemoryForecastCache {
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
