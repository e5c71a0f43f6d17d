// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Forecast",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "DIKit", path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "ForecastKit",
            dependencies: [
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.copy("Resources/forecasts.json")]),
        .executableTarget(name: "forecast", dependencies: ["ForecastKit"]),
        .testTarget(
            name: "ForecastKitTests",
            dependencies: [
                "ForecastKit",
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "DITesting", package: "DIKit"),
            ]),
        // The DocC articles' snippets, verbatim (`.ci/check-snippets`).
        .testTarget(
            name: "DocSnippetTests",
            dependencies: [
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "DITesting", package: "DIKit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
