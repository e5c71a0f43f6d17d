// Shapes from swift-distributed-tracing and GRDB: an associated type named as the protocol it is
// constrained to, a generic subscript with a setter, a method generic over its associated type's name.

/// A span of work.
public protocol Span: AnyObject {
    func end()
}

/// Starts spans of its own type: inside the generic mock `MockTracer<Span>`, `Span` is the
/// parameter, so the protocol is written `Corpus.Span`.
public protocol Tracer {
    associatedtype Span: Corpus.Span
    func startSpan(_ name: String) -> Span
    func anySpan(_ name: String) -> any Corpus.Span
    func activeSpan() -> Span?
}

/// A generic subscript that can be set: its new value is recorded as `Any`.
public protocol Attributes {
    subscript<Value>(key: String) -> Value? { get set }
}

/// A method's generic parameter named as an associated type, as GRDB's requests have: renamed in
/// the generic mock, whose own parameter it would shadow.
public protocol Request<RowDecoder> {
    associatedtype RowDecoder
    func with<RowDecoder>(_ other: [RowDecoder]) -> Self
    func fetchAll() throws -> [RowDecoder]
}
