// A library built with `NonisolatedNonsendingByDefault`: its async requirements run in their
// caller's isolation, which its symbol graph does not say. Their mocks must too, to take and
// return its non-`Sendable` values in a test target without that default.

/// A document: not `Sendable`.
public final class Document {
    /// What it says.
    public var text: String

    /// A document saying `text`.
    public init(text: String) { self.text = text }
}

/// Opens and saves documents.
public protocol DocumentStore {
    func open(_ name: String) async throws -> Document
    func save(_ document: Document) async throws
    var current: Document? { get async }
    /// Runs off the caller's isolation: its mock does too.
    @concurrent func compact() async
    /// Lends the open document to `body`, in the caller's isolation.
    func withDocument<R>(_ body: (Document) async throws -> R) async throws -> R
}

/// Made from a document, asynchronously.
public protocol DocumentView {
    init(document: Document) async
}
