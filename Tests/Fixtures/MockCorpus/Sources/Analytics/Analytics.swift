/// A protocol named like its module, as an app's `Analytics` module declares `Analytics`: the
/// name hides the module (`Analytics.Analytics` looks for a member of the protocol), so the mocks
/// of this module name its types unqualified.
public protocol Analytics: Sendable {
    var sessionID: String { get }
    func track(_ event: String)
}

/// A base class of the same module, which a protocol requires.
open class Tracker {
    /// A tracker.
    public init() {}
}

/// A protocol requiring that class: its mock subclasses `Tracker`, unqualified too.
public protocol TrackerLike: Tracker {
    func flush() async throws -> Int
}
