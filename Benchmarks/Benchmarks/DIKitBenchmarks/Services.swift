import Dependencies

/// A service with no dependencies.
final class Leaf: Sendable {}

/// A service with no dependencies, registered transient (unnamed, like `Leaf`'s singleton).
final class Twig: Sendable {}

/// `Top(Middle(Twig))`, for the graph scenario.
final class Middle: Sendable {
    let twig: Twig
    init(twig: Twig) { self.twig = twig }
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
