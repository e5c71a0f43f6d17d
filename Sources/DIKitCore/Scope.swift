/// How long a resolved instance lives, and who shares it.
///
/// ```swift
/// container.register(Clock.self, scope: .singleton) { _ in SystemClock() }
/// ```
///
/// Define your own scopes for instances that live until an event of your app, such as a log-out:
///
/// ```swift
/// extension Scope { static let session = Scope.custom("session") }
/// container.register(Account.self, scope: .session) { _ in Account() }
/// container.reset(scope: .session)   // at log-out: the next resolve builds a new Account
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
    /// `CheckoutModel` shares one instance; the next outermost call gets a new one. A ``Lazy`` or
    /// an `@Injected` property made during that resolve shares it too when it resolves later,
    /// while something still holds it; a ``Provider`` starts a new graph on every call.
    case graph
    /// A scope of your own, named `name`: one instance per container (and argument values), like
    /// ``singleton``, kept until ``Container/reset(scope:)`` drops this scope's instances (or
    /// ``Container/reset()`` drops them all). Custom scopes with the same name are the same scope;
    /// a custom scope is never a built-in one, even named as one (`.custom("singleton")` is not
    /// ``singleton``: `reset(scope: .singleton)` leaves its instances), so give yours a name of its
    /// own.
    case custom(String)

    /// The scope's name: `transient`, `singleton`, `weak`, `graph`, or a custom scope's name.
    public var description: String {
        switch self {
        case .transient: "transient"
        case .singleton: "singleton"
        case .weak: "weak"
        case .graph: "graph"
        case .custom(let name): name
        }
    }

    /// Whether the container that owns the registration keeps its instances: `.singleton`,
    /// `.weak` (while held elsewhere) and custom scopes.
    var isShared: Bool {
        switch self {
        case .transient, .graph: false
        case .singleton, .weak, .custom: true
        }
    }
}
