// Requirements whose values a stand-in cannot keep: skipped, saying why.

/// A ticket, used once.
public struct Ticket: ~Copyable {
    /// A new ticket.
    public init() {}
}

/// Skipped: it hands out a noncopyable value.
public protocol TicketOffice {
    func issue() -> Ticket
}

/// Skipped: its result may be noncopyable.
public protocol Transacting {
    func perform<Result: ~Copyable>(_ body: () throws -> Result) rethrows -> Result
}
