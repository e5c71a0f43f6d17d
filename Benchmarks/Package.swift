// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "DIKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "DIKit", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        // The services of every scenario, the hand-written baseline, and 1,024 distinct service types
        // made by generic composition, for the "large", "register", "isolation" and "verify" scenarios.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ]),
        // Deterministic instruction counts under valgrind: see instruction-counts.sh.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "DITesting", package: "DIKit"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Tools/InstructionCounts"),
        .executableTarget(
            name: "DIKitBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "DITesting", package: "DIKit"),
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/DIKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    ],
    swiftLanguageModes: [.v6]
)
