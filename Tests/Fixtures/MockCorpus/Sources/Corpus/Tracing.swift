// Shapes from swift-distributed-tracing: an associated type named as the protocol it is
// constrained to, and a generic subscript with a setter.

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
