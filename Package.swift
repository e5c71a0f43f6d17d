// swift-tools-version: 6.2
import PackageDescription

let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Tests read like the code DIKit users write (`container.register(API.self)`, as in SPEC.md),
// which `ExistentialAny` would flag; every other upcoming feature applies to them too.
let testFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "DIKit",
    platforms: [.iOS(.v16), .tvOS(.v16), .macOS(.v13), .watchOS(.v9)],
    products: [
        .library(name: "DIKitCore", targets: ["DIKitCore"]),
        .library(name: "DITesting", targets: ["DITesting"]),
    ],
    targets: [
        .target(name: "DIKitCore", swiftSettings: upcomingFeatures),
        .target(name: "DITesting", dependencies: ["DIKitCore"], swiftSettings: upcomingFeatures),
        .testTarget(name: "DIKitCoreTests", dependencies: ["DIKitCore"], swiftSettings: testFeatures),
        .testTarget(
            name: "DITestingTests", dependencies: ["DIKitCore", "DITesting"], swiftSettings: testFeatures),
        // Code as a new Xcode 26 app target writes it: main-actor isolated by default.
        .testTarget(
            name: "DIKitMainActorTests", dependencies: ["DIKitCore", "DITesting"],
            swiftSettings: testFeatures + [.defaultIsolation(MainActor.self)]),
    ],
    swiftLanguageModes: [.v6]
)
