// Results that are protocols the corpus mocks: a call nothing answers returns a new mock of the
// protocol, when `MockP()` alone makes one, or the mock itself, when it is a mock of that protocol.

/// What a subscription hands back.
public protocol Subscription: AnyObject, Sendable {
    func cancel()
}

/// Requirements whose results are protocols of the module.
public protocol Subscribing {
    func subscribe(_ handler: @escaping @Sendable (Int) -> Void) -> any Subscription
    var primary: Subscription { get }
    func screen() -> any Screen
    func counter() -> any Counter
    func connection() -> any Connection
    /// A generic mock, made for the primary associated type the result gives: `MockCache<Int>()`.
    func cache() -> any Cache<Int>
    /// Not answered by a new mock: a subclass, one of a collection, an optional.
    func view() -> any ViewLike
    func drafts() -> [any Drafting]
    func backup() -> (any Subscription)?
    /// Not answered by a new mock: the protocol's `init()` would record the making.
    func settings() -> any Settings
}

/// A protocol that requires `init()`.
public protocol Settings {
    init()
    var name: String { get }
}

/// A client set up by calls that return one (Vapor's `Client.logging(to:)`): a call nothing
/// answers returns the mock itself, so the chain keeps its stubs; a static one, a new mock.
public protocol Requesting {
    func logging(to label: String) -> any Requesting
    var retrying: Requesting { get }
    func send(_ path: String) -> Int
    static func shared() -> any Requesting
}

/// Tuple results: a call nothing answers returns a tuple of its elements' defaults.
public protocol Ranging {
    func bounds() -> (low: Int, high: Int)
    func entry() -> (name: String, subscription: any Subscription, handler: (Int) -> Void, next: Int?)
    var pair: (Int, ([String], Bool)) { get }
}
