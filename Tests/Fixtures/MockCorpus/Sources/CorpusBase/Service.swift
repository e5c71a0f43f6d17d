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

/// A channel handler's shape, as SwiftNIO's `ChannelInboundHandler` and Combine's
/// `ObservableObject` have: associated types with defaults, which a refinement may fix to other
/// types, and requirements with default implementations, some for those defaults only.
public protocol Handler {
    associatedtype Input
    associatedtype Output = Never
    associatedtype Events: Sequence = [String] where Events.Element == String
    var events: Events { get }
    func handle(_ input: Input) -> Output?
}

extension Handler where Events == [String] {
    /// No events.
    public var events: [String] { [] }
}

extension Handler {
    /// Nothing.
    public func handle(_ input: Input) -> Output? { nil }
}

/// Requirements whose defaults call each other, the one to implement told by its deprecated
/// default, as swift-log's `LogHandler` has: a refinement's mock implements `write(event:)` and
/// leaves the deprecated requirement to its default, which passes its calls on to it.
public protocol Sink {
    func write(event: String)
    @available(*, deprecated, renamed: "write(event:)")
    func write(message: String, level: Int)
}

extension Sink {
    /// What the deprecated requirement writes, until a conformance implements it.
    @available(*, deprecated, message: "Implement write(event:) instead of using the default implementation")
    public func write(event: String) { write(message: event, level: 0) }

    /// Passes the call on to `write(event:)`.
    @available(*, deprecated, renamed: "write(event:)")
    public func write(message: String, level: Int) { write(event: "\(level): \(message)") }
}

/// Types named as Foundation's, in a module other than the mocked one: the mocks of `Corpus` name
/// them `CorpusBase.Notification` and `CorpusBase.Unit`, since their file imports Foundation too.
public struct Notification: Sendable, Equatable {
    /// What it says.
    public let title: String
    /// A notification saying `title`.
    public init(title: String) { self.title = title }
}

/// A payment, named as SwiftUI's `Transaction`: on Apple platforms a mock's file may import
/// SwiftUI, so the mocks name it `CorpusBase.Transaction`.
public struct Transaction: Sendable, Equatable {
    /// How much.
    public let amount: Int
    /// A payment of `amount`.
    public init(amount: Int) { self.amount = amount }
}

/// A unit of temperature.
public enum Unit: Sendable, Equatable {
    case celsius
    case fahrenheit
}

/// A to-do, named as the standard library's `Task`, which it hides in every file importing this
/// module: the mock of `Corpus`' `Todos` names the standard library's `Swift.Task`.
public struct Task: Sendable, Equatable {
    /// What to do.
    public let title: String
    /// A to-do of `title`.
    public init(title: String) { self.title = title }
}
