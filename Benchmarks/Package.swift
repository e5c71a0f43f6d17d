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
        // 1,000 generated service types and their registrations, for the "large" and "verify" scenarios.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "Swinject", package: "Swinject"),
            ]),
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
