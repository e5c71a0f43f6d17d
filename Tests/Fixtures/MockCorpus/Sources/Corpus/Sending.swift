// `sending` results.

/// A class that is not `Sendable`, handed out as a `sending` result.
public final class Draft {
    /// An empty draft.
    public init() {}
}

/// `sending` results: the witnesses are `nonisolated`, so that a main-actor mock, or one in a
/// target whose code is main-actor by default, can send what its stand-in hands out.
public protocol Drafting {
    func draft() -> sending Draft
    func draftLater() async throws -> sending Draft
    @concurrent func render() async -> sending Draft
    /// Not answered by the mock itself, which is not disconnected from the test: a new mock.
    func fork() -> sending any Drafting
}

/// The same on the main actor: the witnesses are `nonisolated`, which meets a main-actor requirement.
@MainActor public protocol MainDrafting {
    func draft() -> sending Draft
    func draftLater() async -> sending Draft
}
