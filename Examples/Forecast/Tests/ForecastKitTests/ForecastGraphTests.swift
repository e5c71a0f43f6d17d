import DIKitCore
import DITesting
import ForecastKit
import Testing

@Suite struct ForecastGraphTests {
    @Test func theWholeAppGraphResolves() {
        let report = verifyAssemblies(
            ForecastApp.assemblies, arguments: [.sample(TemperatureFormatter.self, TemperatureUnit.celsius)])
        #expect(report.isValid)
        #expect(report.skipped.isEmpty)
        #expect(report.verified.count == 9)
        #expect(report.duplicates.isEmpty)
    }

    /// The wiring as reviewed: a change to it shows up here, and in review.
    @Test func wiringSnapshot() {
        let report = verifyAssemblies(
            ForecastApp.assemblies, arguments: [.sample(TemperatureFormatter.self, TemperatureUnit.celsius)])
        #expect(
            report.dependencyGraph.description == """
                ForecastService -> ForecastCache
                ForecastService -> ForecastSource
                ForecastSource (name: "fixture") -> FixtureLoading
                ForecastSource -> ForecastSource (name: "fixture")
                ForecastSource -> Settings
                """)
    }

    @Test func storageRegistersSharedInstances() {
        let records = recordRegistrations(of: [StorageAssembly()])
        #expect(
            records.map { "\($0.serviceType) \($0.scope)" } == [
                "Settings singleton", "TemperatureFormatter transient", "FixtureLoading singleton",
                "ForecastCache singleton", "CacheStatistics singleton",
            ])
        #expect(records.last?.aliasOf.map { "\($0)" } == "ForecastCache")
    }
}
