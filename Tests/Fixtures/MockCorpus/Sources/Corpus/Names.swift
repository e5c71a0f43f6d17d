import CorpusBase

/// Types named as DIKit's own, as apps name theirs (an OAuth `Provider` and its `Scope`s): a
/// mock's file imports both modules, so it names these by their module (`Corpus.Scope`).
public enum Provider: String, Sendable {
    case apple
    case google
}

/// An OAuth scope.
public struct Scope: Sendable, Equatable {
    /// What it grants: `email`.
    public let name: String
    /// A scope named `name`.
    public init(_ name: String) { self.name = name }
}

/// A sign-up, named as DIKit's `Registration`.
public struct Registration: Sendable, Equatable {
    /// Who signs up.
    public let email: String
    /// A sign-up of `email`.
    public init(email: String) { self.email = email }
}

/// A protocol naming them, and `CorpusBase.Lazy`.
public protocol SignIn: Sendable {
    func token(for provider: Provider, scopes: [Scope]) async throws -> String
    func register(_ registration: Registration) throws -> Provider?
    func retry(after delay: Lazy) -> Bool
}

/// A protocol whose mock would be named as DIKit's `MockProperty`, hiding it from the mocks that
/// use it: its mock is `PropertyMock`.
public protocol Property: Sendable {
    var address: String { get }
    func price(in currency: String) -> Int
}

/// A protocol naming `CorpusBase`'s `Notification` and `Unit`, in a file that does not import
/// Foundation: its mock's file does, so the mock names them by their module; and its
/// `Transaction`, named as SwiftUI's.
public protocol Alerting: Sendable {
    func post(_ notification: Notification) -> Bool
    func temperature(in unit: Unit) -> Double
    func charge(_ transaction: Transaction) -> Bool
}

/// A protocol naming `CorpusBase`'s `Task` and the standard library's.
public protocol Todos: Sendable {
    func add(_ task: Task) -> Result<Int, any Error>
    func sync() -> _Concurrency.Task<Void, Never>
}

/// A protocol whose requirements are named as the DITesting functions mocks call for their
/// answers: its mock calls those by their module (`DITesting.mockDefault()`), not its own
/// witnesses.
public protocol Defaulting: Sendable {
    func mockDefault() -> Int
    func count() -> Int
    func decode<Value>(_ type: Value.Type) -> Value
    func mockCast(_ value: Int) -> Int
}

/// A protocol whose parameters are named as their requirements' stand-ins, or as a DITesting
/// function the mock calls: the witness reaches its stand-in through `self` (`Self`) and the
/// function by its module.
public protocol Shadowing: Sendable {
    func load(loadMock: Int) -> Int
    func save(_ saveMock: String)
    func value(of mockDefault: Int) -> Int
    static func make(makeMock: Int) -> Int
}

/// A protocol whose parameters have a label and no name (`to _:`), or neither (`_:`), as a
/// protocol may declare them: its mock names each by its label, unless another parameter has
/// that name, else by its position.
public protocol Messaging: Sendable {
    func send(_: String, to _: String, cc: String) -> Bool
    func forward(from _: String, _ from: String) -> Bool
}
