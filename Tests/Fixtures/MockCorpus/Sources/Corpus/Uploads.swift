import Foundation

/// An upload's progress, named as Foundation's `Progress`: the mock below names this one
/// `Corpus.Progress`, and Foundation's `Foundation.Progress`.
public struct Progress: Sendable, Equatable {
    /// How much is done, from 0 to 1.
    public var fraction: Double
    /// Progress of `fraction`.
    public init(fraction: Double) { self.fraction = fraction }
}

/// A protocol naming both `Progress` types.
public protocol Uploading: Sendable {
    func upload(_ data: Data, reporting progress: Foundation.Progress) -> Progress
}
