/// Why a service stops.
public enum StopReason: Sendable, Equatable {
    case loggedOut
    case failed(code: Int)
}

/// A protocol of another module of the package, which a protocol of `Corpus` refines: its mock
/// implements these requirements too.
public protocol Service: Sendable {
    var identifier: String { get }
    func start() async throws
    func stop(reason: StopReason)
}

/// A protocol with an associated type, which a protocol of `Corpus` fixes.
public protocol Store<Item> {
    associatedtype Item
    func items() -> [Item]
}

/// A type named as one of DIKit's, in a module other than the mocked one: the mocks of `Corpus`
/// name it `CorpusBase.Lazy`, since their files import DIKit too.
public struct Lazy: Sendable, Equatable {
    /// How long.
    public let seconds: Int
    /// A delay of `seconds`.
    public init(seconds: Int) { self.seconds = seconds }
}

/// A type named as one of another module of the package (`CorpusMail.Envelope`).
public struct Envelope: Sendable, Equatable {
    /// What it holds.
    public var contents: String
    /// An envelope holding `contents`.
    public init(contents: String) { self.contents = contents }
}

/// A protocol naming `Envelope`, which a protocol of `Corpus` refines in a file that imports
/// `CorpusMail` too.
public protocol Sending {
    func send(_ envelope: Envelope) -> Bool
}
