// Requirements whose values a stand-in cannot keep: taken, they are not recorded; returned, the
// protocol is skipped, saying why.

/// A ticket, used once.
public struct Ticket: ~Copyable {
    /// A new ticket.
    public init() {}
}

/// Skipped: it hands out a noncopyable value.
public protocol TicketOffice {
    func issue() -> Ticket
}

/// Mocked: its results may be noncopyable, and the closures it runs answer.
public protocol Transacting {
    func perform<Result: ~Copyable>(_ body: () throws -> Result) rethrows -> Result
    func run<Result: ~Copyable>(_ name: String, _ body: () async throws -> Result) async throws -> Result
}

/// Mocked: its results may be noncopyable, which only its closures give, run with the values a test
/// gives (as swift-configuration's `ConfigProvider.watchValue(forKey:type:updatesHandler:)`).
public protocol Watching: Sendable {
    func watch<Return: ~Copyable>(
        key: String, updatesHandler: (_ updates: AsyncStream<Int>) async throws -> Return
    ) async throws -> Return
    func inspect<Return: ~Copyable>(_ body: (Int, String) throws -> Return) throws -> Return
    func modify<Return: ~Copyable>(_ body: (inout [Int]) throws -> Return) throws -> Return
}

/// Skipped: its result may be noncopyable, and the closure that makes one needs a ticket the
/// mock does not have.
public protocol Leasing {
    func lease<Result: ~Copyable>(_ body: (borrowing Ticket) throws -> Result) rethrows -> Result
}

/// Mocked: its requirement taking a noncopyable value has a default, which the mock leaves it to.
public protocol TicketCounter {
    func count() -> Int
    func redeem(_ ticket: consuming Ticket)
}

extension TicketCounter {
    /// Lets the ticket go.
    public func redeem(_ ticket: consuming Ticket) {}
}

/// Mocked: the tickets and the values that may be noncopyable are not recorded, the rest is.
public protocol TicketScanner {
    func scan(_ ticket: borrowing Ticket, at gate: Int) -> Bool
    func redeem(_ ticket: consuming Ticket) throws
    func weigh<Item: ~Copyable>(_ item: borrowing Item, unit: String) -> Double
}

/// Copyable values taken `borrowing` and `consuming`: the stand-in records a copy of the borrowed
/// one, which the witness may not give away.
public protocol Measuring {
    func length(of text: borrowing String, plus suffix: consuming String) -> Int
}

/// An associated type that is `Never` unless a conformance says otherwise, taken by requirements:
/// no call can pass one, so the mock's witnesses have empty bodies.
public protocol Failing {
    associatedtype Failure: Error = Never
    func fail(with failure: Failure)
    func recover(_ failure: Failure) -> Int
    func attempts() -> Int
    /// Throws what it fails with: nothing, unless a conformance says otherwise. The mock's witness
    /// tries nothing (a `try` would warn).
    func retry() throws(Failure) -> Int
    /// The same, read.
    var last: Int { get throws(Failure) }
}

/// A primary associated type thrown by a getter and a method: the mock is generic in it, and its
/// getter names it as it is (`throws(Failure)`; `MockSourcing.Failure` would be a circular
/// reference).
public protocol Sourcing<Failure> {
    associatedtype Failure: Error
    /// The current value.
    var value: Int { get throws(Failure) }
    /// The next value.
    func next() throws(Failure) -> Int
}

/// An associated type that is `Never` unless a conformance says otherwise, thrown by a closure the
/// protocol takes: the mock is generic in it (`MockBatching<Never>()`), since Swift 6.3 crashes
/// building that witness with it fixed to `Never`.
public protocol Batching {
    associatedtype Failure: Error = Never
    /// Runs `body` in a transaction, throwing what it throws.
    func transaction(_ body: () throws(Failure) -> Int) throws(Failure) -> Int
    /// Called with each committed count.
    var onCommit: ((Int) throws(Failure) -> Void)? { get set }
}
