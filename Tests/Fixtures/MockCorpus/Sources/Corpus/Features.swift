import DIKitCore

/// A protocol refining one of another package's (DIKit's `Assembly`): the plugin reads that
/// package's symbol graph too, and the mock implements `assemble(into:)` and `dependencies`.
public protocol FeatureModule: Assembly {
    var featureName: String { get }
}

/// Attributes before the modifiers a witness adds (`nonisolated(nonsending)`, `nonisolated`),
/// where Swift takes them.
public protocol Flushing: Sendable {
    @discardableResult func flush() async -> Int
    @Sendable func handle(_ value: Int) async throws -> Int
    @Sendable func snapshot() -> sending [Int]
}
