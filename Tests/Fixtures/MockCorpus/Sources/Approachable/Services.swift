import Foundation

// A module as a new Xcode 26 app declares it: main-actor by default, its async functions running
// where they are called, its conformances isolated where its types are (approachable
// concurrency). Its tests have the same settings; the mocks generated from it compile there.

/// An order, `nonisolated` so that any code may compare and send it.
nonisolated public struct Order: Equatable, Sendable {
    /// Its number.
    public let id: Int

    /// The order numbered `id`.
    public init(id: Int) { self.id = id }
}

/// A service of the app, main-actor like everything the module declares.
public protocol OrderService {
    func orders() async throws -> [Order]
    func place(_ order: Order) async throws
    var count: Int { get }
}

/// A refinement of another protocol of the module, which such a module's symbol graph marks
/// `@MainActor` though what it refines is not: its mock is nonisolated, as that one's is.
public protocol OrderHistory: OrderService {
    func past() async throws -> [Order]
}

/// Async closures, which such a module's symbol graph spells `nonisolated(nonsending)`.
public protocol Persistence {
    func transaction<T>(_ body: () async throws -> T) async rethrows -> T
    func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void)
}

/// `inout` parameters of methods returning nothing, sync and async: a stub gives their new values.
public protocol OrderAdjusting {
    func adjust(_ order: inout Order)
    func reprice(_ order: inout Order, total: inout Int) async throws
}

/// A view model's protocol.
public protocol OrderRowModel: Identifiable where ID == Int {
    var title: String { get }
}

/// Opted out of the module's default: usable from any thread.
nonisolated public protocol Clock: Sendable {
    func now() -> Date
}

/// A class that is not `Sendable`, handed out as a `sending` result.
nonisolated public final class Snapshot {
    /// An empty snapshot.
    public init() {}
}

/// `sending` results of each isolation such a module writes.
public protocol Snapshots {
    func take() -> sending Snapshot
    nonisolated(nonsending) func takeLater() async -> sending Snapshot
    @concurrent func render() async -> sending Snapshot
}

/// Results that are protocols of the module: a call nothing answers returns a new mock of each.
public protocol OrderRows {
    func row(for order: Order) -> any OrderRowModel
    func clock() -> any Clock
}

/// A class of the module, main-actor like everything it declares, though its declaration does not
/// say so.
open class OrderCell {
    /// A cell.
    public init() {}
}

/// A protocol requiring that class, main-actor as it is: its mock subclasses it, on the main
/// actor.
public protocol OrderCellLike: OrderCell {
    func configure(_ order: Order)
}

/// A refinement whose extension implements what it refines by calling its own requirement.
public protocol CachedOrders: OrderService {
    func cachedCount() -> Int
}

extension CachedOrders {
    /// What the cache holds.
    public var count: Int { cachedCount() }
}

/// A job any code may run, as swift-service-lifecycle's `Service` is.
nonisolated public protocol Job: Sendable {
    func run() async throws
    func name() -> String
}

/// A refinement whose (main-actor) extension implements what it refines.
public protocol NightlyJob: Job {
    func work() async
}

extension NightlyJob {
    /// Does the work.
    public func run() async throws { await work() }

    /// The job's name.
    public func name() -> String { "nightly" }
}

/// A delegate, as UIKit-era code declares one: its mock subclasses `NSObject`.
public protocol OrderDelegate: NSObjectProtocol {
    func didPlace(_ order: Order)
}
