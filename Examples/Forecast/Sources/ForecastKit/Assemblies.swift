import DIKitCore

/// Settings and formatting: what every other layer builds on.
public struct CoreAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register(Settings.self, instance: Settings())
        container.register(TemperatureFormatter.self) { (_, unit: TemperatureUnit) in
            TemperatureFormatter(unit: unit)
        }
    }
}

/// The bundled data and the run's cache.
public struct StorageAssembly: Assembly {
    public init() {}

    public var dependencies: [any Assembly] { [CoreAssembly()] }

    public func assemble(into container: Container) {
        container.register(FixtureLoading.self, scope: .singleton) { _ in BundleFixtureLoader() }
        container.register(ForecastCache.self, scope: .singleton) { _ in InMemoryForecastCache() }
            .implements(CacheStatistics.self)
    }
}

/// The forecast sources, by name, and the one the settings select.
public struct SourcesAssembly: Assembly {
    public init() {}

    public var dependencies: [any Assembly] { [StorageAssembly()] }

    public func assemble(into container: Container) {
        container.register(ForecastSource.self, name: "fixture", scope: .singleton) { r in
            try FixtureForecastSource(loader: r.resolve())
        }
        container.register(ForecastSource.self, name: "generated") { _ in GeneratedForecastSource() }
        container.register(ForecastSource.self) { r in
            let settings: Settings = try r.resolve()
            return try r.resolve(ForecastSource.self, name: settings.source)
        }
    }
}

/// The forecast feature itself.
public struct FeatureAssembly: Assembly {
    public init() {}

    public var dependencies: [any Assembly] { [SourcesAssembly()] }

    public func assemble(into container: Container) {
        container.register(ForecastService.self) { r in
            ForecastService(source: try r.resolve(), cache: try r.resolve())
        }
    }
}

/// Everything the app registers.
public enum ForecastApp {
    /// The app's assemblies; their dependencies bring in the rest.
    public static var assemblies: [any Assembly] { [FeatureAssembly()] }

    /// The names `--source` accepts.
    public static let sourceNames = ["fixture", "generated"]
}
