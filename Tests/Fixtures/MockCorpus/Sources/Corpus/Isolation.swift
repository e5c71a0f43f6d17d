// Requirements that run on an actor their caller gives them.

/// An iterator taking its caller's isolation, as `AsyncIteratorProtocol.next(isolation:)` does: the
/// witnesses run there, and are not also `nonisolated(nonsending)`, which Swift refuses.
public protocol Polling {
    func next(isolation actor: isolated (any Actor)?) async throws -> Int?
    func drain(on actor: isolated any Actor) async -> [Int]
}
