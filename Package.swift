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
        .plugin(name: "generate-mocks", targets: ["GenerateMocks"]),
    ],
    targets: [
        .target(name: "DIKitCore", swiftSettings: upcomingFeatures),
        .target(name: "DITesting", dependencies: ["DIKitCore"], swiftSettings: upcomingFeatures),
        // generate-mocks: the command plugin, the tool it runs, and the tool's logic, which the
        // tests call directly. The toolchain is all they use.
        .plugin(
            name: "GenerateMocks",
            capability: .command(
                intent: .custom(
                    verb: "generate-mocks",
                    description: "Writes a DIKit mock of each protocol of a target, from its symbol graph"),
                permissions: [.writeToPackageDirectory(reason: "to write the generated mocks to --output")]),
            dependencies: ["dikit-generate-mocks"]),
        .executableTarget(
            name: "dikit-generate-mocks", dependencies: ["MockGeneration"], swiftSettings: upcomingFeatures),
        .target(name: "MockGeneration", swiftSettings: upcomingFeatures),
        .testTarget(name: "MockGenerationTests", dependencies: ["MockGeneration"], swiftSettings: testFeatures),
        .testTarget(name: "DIKitCoreTests", dependencies: ["DIKitCore"], swiftSettings: testFeatures),
        .testTarget(
            name: "DITestingTests", dependencies: ["DIKitCore", "DITesting"], swiftSettings: testFeatures),
        // Code as a new Xcode 26 app target writes it: main-actor isolated by default, with
        // approachable concurrency.
        .testTarget(
            name: "DIKitMainActorTests", dependencies: ["DIKitCore", "DITesting"],
            swiftSettings: testFeatures + [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
