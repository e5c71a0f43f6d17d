/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(Clock.self, scope: .singleton) { _ in SystemClock() }
/// ```
public enum Scope: Sendable, Hashable, CustomStringConvertible {
    /// A new instance on every resolve. The default.
    case transient
    /// One instance per container, built lazily on first resolve and exactly once, even when many
    /// threads resolve it for the first time at once.
    ///
    /// The instance belongs to the container that holds the registration: a child container
    /// resolving its parent's singleton gets the parent's instance, built from the parent's
    /// registrations. A failed build is not cached; the next resolve tries again.
    case singleton
    /// Shared while something else holds a strong reference to it, rebuilt after it is released.
    ///
    /// Only class instances can be held weakly: resolving a `.weak` registration whose factory
    /// returns a value type throws ``ResolutionError/Kind-swift.enum/valueTypeInWeakScope``.
    case weak
    /// One instance per outermost `resolve` call: every service built while resolving, say,
    /// `CheckoutModel` shares one instance; the next outermost call gets a new one.
    case graph

    /// The case's name: `transient`, `singleton`, `weak` or `graph`.
    public var description: String {
        switch self {
        case .transient: "transient"
        case .singleton: "singleton"
        case .weak: "weak"
        case .graph: "graph"
        }
    }
}
