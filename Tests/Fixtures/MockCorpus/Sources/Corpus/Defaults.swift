import CorpusBase

/// A protocol whose refinement implements its requirements, as gRPC's generated
/// `StreamingServiceProtocol` is: what a server calls.
public protocol StreamingHandler: Sendable {
    func handle(_ values: [String]) async throws -> [String]
    func routes() -> [String]
}

extension StreamingHandler {
    /// What a server routes to the handler.
    public func routes() -> [String] { ["handle"] }
}

/// The refinement an app implements, as gRPC's `SimpleServiceProtocol`: it implements the
/// inherited requirement by calling its own of the same name. Its mock leaves the inherited
/// requirements to these implementations, so what a server calls reaches what a test stubs.
public protocol SimpleHandler: StreamingHandler {
    func handle(_ value: String) async throws -> String
}

extension SimpleHandler {
    /// Each value, handled in turn.
    public func handle(_ values: [String]) async throws -> [String] {
        var results: [String] = []
        for value in values { results.append(try await handle(value)) }
        return results
    }
}

/// A protocol with a requirement that its refinement implements only for `Equatable` types,
/// which a mock is not: its mock implements it.
public protocol Labelled {
    func label() -> String
}

/// See ``Labelled``.
public protocol LabelledItem: Labelled {
    var id: Int { get }
}

extension LabelledItem where Self: Equatable {
    /// The identifier, as a label.
    public func label() -> String { "\(id)" }
}

/// A refinement fixing associated types of another module's protocol, one over its default
/// (`Output == Int` over `= Never`, as `OutboundOut == ByteBuffer` over SwiftNIO's): the mock's
/// typealiases say so, and the defaults, one constrained to `Events == [String]`, meet the rest.
public protocol LineReader: Handler where Input == String, Output == Int {
    func didRead(line: String)
}

/// A refinement of a protocol whose default for `write(event:)` is deprecated, to say to
/// implement it: its mock does.
public protocol AuditSink: Sink {
    func flush()
}
