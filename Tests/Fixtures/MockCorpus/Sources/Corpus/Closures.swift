// A method given a closure it runs, which a mock runs too.

/// Methods given a closure to run: the one that takes nothing and returns what the method returns
/// is run by the mock when nothing answers; the others are not.
public protocol Database: Sendable {
    func transaction<T>(_ body: () throws -> T) rethrows -> T
    func perform(_ work: () -> Void)
    func write(_ body: () throws -> Int) throws -> Int
    func measure<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T
    func save(_ body: @Sendable () async throws -> Int) async throws -> Int
    func timed(_ body: () -> Void) -> Int
    func retry(_ attempt: () throws -> Int, onFailure: () -> Void) rethrows -> Int
    func onMain(_ body: @MainActor () -> Void)
    func typed(_ body: () throws(LoadError) -> Int) throws(LoadError) -> Int
    func untyped(_ body: () throws -> Int) throws(LoadError) -> Int
    func insert(_ row: String)
    func nest(_ body: ((Int) -> Int) -> Void)
}

/// A middleware, as Hummingbird's `RouterMiddleware` and swift-openapi-runtime's `ServerMiddleware`
/// are: given what to call next, with what it was given (all of it, or some), which a mock that
/// nothing answers calls, passing the call on.
public protocol Middleware: Sendable {
    func handle(_ request: String, context: Int, next: (String, Int) async throws -> String) async throws -> String
    func intercept(_ request: String, operationID: String, next: @Sendable (String) async throws -> Int)
        async throws -> Int
    func wrap(_ value: Int, next: (String) -> Int) -> Int
}

/// Requirements whose results are functions (Spectre's `ExpectationType.expression`), answered,
/// when nothing else does, by a closure that does nothing: returns nothing, `nil`, or the default
/// of its result (found only when it is called).
public protocol Expecting {
    associatedtype Value
    var expression: () throws -> Value? { get }
    func handler() -> (String, Int) -> Void
    func lookup() -> @Sendable (String) async -> Int?
    func counter() -> () -> Int
    func transform() -> (Int) async throws -> Value
    func mapper<T>() -> (Int) -> T
}

/// A database handle a pool lends its closures: not `Sendable`, as GRDB's `Database` is not.
public final class PooledConnection {
    /// Which connection it is.
    public let id: Int
    /// The statements executed on it, in order.
    public private(set) var executed: [String] = []
    /// Connection `id`.
    public init(id: Int) { self.id = id }
    /// Executes `sql`.
    public func execute(_ sql: String) { executed.append(sql) }
}

/// Methods given a closure that takes what the method does not have — GRDB's `write { db in }`,
/// postgres-nio's `withConnection { connection in }` — which a mock runs, when nothing answers,
/// with the values a test gives `runsClosure(with:)`.
public protocol ConnectionPool: Sendable {
    func write<T>(_ updates: (PooledConnection) throws -> T) throws -> T
    func read<T>(_ body: (PooledConnection) -> T) -> T
    func inTransaction(_ body: (PooledConnection) throws -> Int) rethrows -> Int
    func withConnection<R: Sendable>(_ body: @Sendable (PooledConnection) async throws -> R) async throws -> R
    func respond(to path: String, _ handler: (String, Int) async -> String) async -> String
    func inspect(_ body: (borrowing PooledConnection) -> Int) -> Int
    func withTypedConnection<R>(_ body: (PooledConnection) throws(LoadError) -> R) throws(LoadError) -> R
    func withAsyncTypedConnection(_ body: (PooledConnection) async throws(LoadError) -> Int) async throws(LoadError)
        -> Int
    func peek(_ body: (PooledConnection) -> Int) throws(LoadError) -> Int
    func prepare(_ headers: inout [String: String], _ body: (PooledConnection) -> Void)
    func measured<T>(_ label: String, _ body: (PooledConnection) async throws -> T) async rethrows -> T
    static func shared<T>(_ body: (PooledConnection) -> T) -> T
}

/// A pool's settings, which its closures change in place.
public struct PoolSettings: Sendable, Equatable {
    /// How many connections it keeps.
    public var size: Int
    /// Settings for `size` connections.
    public init(size: Int) { self.size = size }
}

/// Closures that change a value in place (`inout`): the mock runs them on the value a test gives
/// `runsClosure(with:)`, and keeps what they leave for the next call, as a real store would.
public protocol SettingsStore: Sendable {
    func update(_ change: (inout PoolSettings) -> Void)
    func withLock<R>(_ body: (inout PoolSettings) throws -> R) rethrows -> R
    func resize(by step: Int, _ body: (inout PoolSettings, Int) async throws -> Int) async throws -> Int
}
