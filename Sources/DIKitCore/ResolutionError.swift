/// Why a service could not be resolved: what was asked for, the whole resolution path, and how to
/// fix it.
///
/// Every description has three parts: what went wrong, the path from the outermost `resolve`
/// call to the failing service, and a "To fix" line naming the API to use:
///
/// ```text
/// No registration for 'PaymentService' (name: "stripe").
///   Resolution path: CheckoutModel -> PaymentService (name: "stripe")
///   Registered names for PaymentService: "paypal".
///   To fix: register PaymentService with name "stripe", or resolve one of the names above.
/// ```
///
/// Check ``kind`` and ``path`` in tests rather than the text:
///
/// ```swift
/// let error = try #require(throws: ResolutionError.self) { try container.resolve(API.self) }
/// #expect(error.kind == .notRegistered)
/// ```
public struct ResolutionError: Error, CustomStringConvertible {
    /// The kinds of resolution failure.
    public enum Kind: Sendable, Hashable {
        /// Nothing is registered for the requested type and name.
        case notRegistered
        /// The type and name are registered, but with other argument types.
        case argumentMismatch
        /// Building the service needs the service itself — the same registration, built by the
        /// same container with equal arguments — directly or through others.
        case circularDependency
        /// A factory or an `onResolved` handler threw; see ``ResolutionError/underlyingError``.
        case factoryFailed
        /// An `implements` alias names a type the registered instance does not conform to.
        case typeMismatch
        /// A `.weak` registration's factory returned a value type, which cannot be held weakly.
        case valueTypeInWeakScope
        /// A `.singleton`, `.weak` or `.graph` registration was resolved with arguments that are not
        /// all `Hashable`, so DIKit cannot tell which instance they ask for.
        case argumentsNotHashable
        /// A factory registered with `{ @MainActor _ in … }` was resolved off the main actor.
        case mainActorRequired
        /// The resolution went deeper than ``ResolutionError/depthLimit`` levels: most likely
        /// unbounded recursion through arguments that never repeat.
        case depthLimitExceeded
        /// A ``Lazy``, ``Provider`` or property wrapper was used after its container was released.
        case containerReleased
        /// A `.singleton` or custom-scoped service captures a shorter-lived one (`.graph`, `.weak`,
        /// or another custom scope's), which then lives as long as it. `resolve` never throws it:
        /// `DITesting`'s `verifyAssemblies` reports it.
        case captiveDependency
    }

    /// How many services deep one resolution may go before it fails with
    /// ``Kind-swift.enum/depthLimitExceeded``, instead of overflowing the thread's stack.
    public static var depthLimit: Int { ResolutionContext.depthLimit }

    /// What went wrong.
    public let kind: Kind
    /// The services being resolved when it went wrong, outermost first, ending with the one that
    /// failed, e.g. `["ForecastService", "HTTPClient", "Session"]`. Names and argument types are
    /// included where they apply: `Theme (name: "dark")`.
    public let path: [String]
    /// The error a factory or `onResolved` handler threw, for ``Kind-swift.enum/factoryFailed``.
    public let underlyingError: (any Error)?
    /// The full message: the failure, the resolution path, context, and how to fix it.
    public let description: String
    /// The message without its path line, to render again with a longer path.
    private let message: FailureMessage

    init(kind: Kind, path: [String], message: FailureMessage, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.path = path
        self.underlyingError = underlyingError
        self.message = message
        var rendered = message
        rendered.context.insert("Resolution path: \(path.joined(separator: " -> "))", at: 0)
        self.description = rendered.description
    }

    /// The same error, found while resolving `outer` (outermost first): for `DITesting`, which
    /// resolves a property wrapper's service on behalf of the object that declares it.
    package func within(_ outer: [String]) -> ResolutionError {
        ResolutionError(kind: kind, path: outer + path, message: message, underlyingError: underlyingError)
    }

    /// The same error with `note` as one more context line, for `DITesting`.
    package func adding(note: String) -> ResolutionError {
        var message = message
        message.context.append(note)
        return ResolutionError(kind: kind, path: path, message: message, underlyingError: underlyingError)
    }

    /// This circular dependency, met through `subject` (`@Injected Clock`, `Lazy<Clock>`,
    /// `Provider<Clock>`), which was read while `owner` was being built: when `owner` is on the
    /// cycle, the message says that reading it then deferred nothing, instead of offering the
    /// wrapper already in use.
    func readWhileBuilding(_ subject: String, owner: String) -> ResolutionError {
        guard let closing = path.last, let start = path.firstIndex(of: closing),
            path[start...].contains(owner)
        else { return self }
        var message = message
        message.context.append(
            "\(subject) was read while \(owner) was being built (from its initializer or its factory): read then, it "
                + "resolves at once, and defers nothing.")
        message.fix =
            "read \(subject) once \(owner) is built, not while it is being built; or set the dependency in an "
            + "`onResolved` handler, which runs once the whole graph is built."
        return ResolutionError(kind: kind, path: path, message: message, underlyingError: underlyingError)
    }

    /// The same error, raised by the `onResolved` handler of `service`, whose registrations
    /// being built were `trail` (outermost first).
    func inHandler(of service: String, trail: [String]) -> ResolutionError {
        var message = message
        message.summary += " (while running the onResolved handler of \(service))"
        return ResolutionError(kind: kind, path: trail + path, message: message, underlyingError: underlyingError)
    }
}
