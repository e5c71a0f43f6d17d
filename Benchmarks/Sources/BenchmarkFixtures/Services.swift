import Dependencies

/// A service with no dependencies.
public final class Leaf: Sendable {
    public init() {}
}

/// A service with no dependencies, registered transient (unnamed, like `Leaf`'s singleton).
public final class Twig: Sendable {
    public init() {}
}

/// `Top(Middle(Twig))`, for the graph scenario.
public final class Middle: Sendable {
    public let twig: Twig
    public init(twig: Twig) { self.twig = twig }
}

public final class Top: Sendable {
    public let middle: Middle
    public init(middle: Middle) { self.middle = middle }
}

// swift-dependencies has keys, not registrations.
public enum LeafKey: DependencyKey {
    public static let liveValue = Leaf()
}

extension DependencyValues {
    public var leaf: Leaf {
        get { self[LeafKey.self] }
        set { self[LeafKey.self] = newValue }
    }
}

public struct LeafReader {
    @Dependency(\.leaf) public var leaf
    public init() {}
}
