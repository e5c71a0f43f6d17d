// swift-tools-version: 6.2
// Protocol shapes real apps have, for generate-mocks: `.ci/run` generates their mocks into
// Tests/CorpusTests/Generated/Mocks.swift, Tests/MainActorCorpusTests/Generated/Mocks.swift,
// Tests/AnalyticsTests/Generated/Mocks.swift, Tests/ApproachableTests/Generated/Mocks.swift and
// Tests/NonsendingTests/Generated/Mocks.swift (not committed; the tool makes the folder) and builds
// and runs the tests that use them.
import PackageDescription

/// What a new Xcode 26 app target sets: main-actor by default, and approachable concurrency.
let approachable: [SwiftSetting] = [
    .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "MockCorpus",
    platforms: [.iOS(.v16), .tvOS(.v16), .macOS(.v13), .watchOS(.v9)],
    dependencies: [.package(name: "DIKit", path: "../../..")],
    targets: [
        .target(name: "CorpusBase"),
        // Declares a type named as one of CorpusBase's.
        .target(name: "CorpusMail"),
        // Its `FeatureModule` refines DIKit's `Assembly`: a protocol of another package.
        .target(
            name: "Corpus", dependencies: ["CorpusBase", "CorpusMail", .product(name: "DIKitCore", package: "DIKit")]),
        // A module that declares a type of its own name.
        .target(name: "Analytics"),
        // A module as a new Xcode 26 app declares it.
        .target(name: "Approachable", swiftSettings: approachable),
        // A library whose async functions run in their caller's isolation by default, as
        // swift-configuration's do; its mocks are used from a test target without that default.
        .target(name: "Nonsending", swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
        .testTarget(
            name: "CorpusTests",
            dependencies: ["Corpus", .product(name: "DITesting", package: "DIKit")]),
        .testTarget(
            name: "AnalyticsTests",
            dependencies: ["Analytics", .product(name: "DITesting", package: "DIKit")]),
        // The same mocks in a target whose code is main-actor by default, as in a new Xcode 26 app.
        .testTarget(
            name: "MainActorCorpusTests",
            dependencies: ["Corpus", .product(name: "DITesting", package: "DIKit")],
            swiftSettings: [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
        .testTarget(
            name: "ApproachableTests",
            dependencies: ["Approachable", .product(name: "DITesting", package: "DIKit")],
            swiftSettings: approachable),
        .testTarget(
            name: "NonsendingTests",
            dependencies: ["Nonsending", .product(name: "DITesting", package: "DIKit")]),
    ],
    swiftLanguageModes: [.v6]
)
