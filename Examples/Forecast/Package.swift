// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Forecast",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "DIKit", path: "../..")],
    targets: [
        .target(
            name: "ForecastKit",
            dependencies: [.product(name: "DIKitCore", package: "DIKit")],
            resources: [.copy("Resources/forecasts.json")]),
        .executableTarget(
            name: "forecast", dependencies: ["ForecastKit", .product(name: "DIKitCore", package: "DIKit")]),
        .testTarget(
            name: "ForecastKitTests",
            dependencies: [
                "ForecastKit",
                .product(name: "DIKitCore", package: "DIKit"),
                .product(name: "DITesting", package: "DIKit"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
