import Dependencies

/// A service with no dependencies.
final class Leaf: Sendable {}

/// `Top(Middle(Leaf))`, for the graph scenario.
final class Middle: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

final class Top: Sendable {
    let middle: Middle
    init(middle: Middle) { self.middle = middle }
}

// swift-dependencies has keys, not registrations.
enum LeafKey: DependencyKey {
    static let liveValue = Leaf()
}

extension DependencyValues {
    var leaf: Leaf {
        get { self[LeafKey.self] }
        set { self[LeafKey.self] = newValue }
    }
}

struct LeafReader {
    @Dependency(\.leaf) var leaf
}
