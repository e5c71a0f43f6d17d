// The constructors for each kind of ResolutionError, with their messages.

extension ResolutionError {
    static func cycle(closing registration: StoredRegistration, on context: ResolutionContext) -> ResolutionError {
        let start = context.frames.firstIndex { $0.registration === registration } ?? 0
        let cycle = context.path[start...] + [registration.info.serviceDescription]
        return ResolutionError(
            kind: .circularDependency, path: context.path + [registration.info.serviceDescription],
            message: FailureMessage(
                "Circular dependency: \(cycle.joined(separator: " -> ")).",
                context: ["Each service on the cycle needs the next one before it can be built."],
                fix: cycleFix))
    }

    /// `chain`'s `onResolved` handlers each resolve the next, whose handler would start the chain
    /// again.
    static func handlerCycle(_ chain: [StoredRegistration]) -> ResolutionError {
        let names = chain.map(\.info.serviceDescription)
        return ResolutionError(
            kind: .circularDependency, path: names,
            message: FailureMessage(
                "Circular dependency through onResolved handlers: \(names.joined(separator: " -> ")).",
                context: [
                    """
                    The onResolved handler of each service resolves the next, and each resolve builds a new \
                    instance whose handler runs in turn: the handlers would run without end.
                    """
                ],
                fix: """
                    resolve the service outside its own handler chain, or give it a scope that shares \
                    the instance (a singleton's handler that resolves its own service gets the same instance).
                    """))
    }

    /// `chain`'s `onResolved` handlers each resolved the next, past ``ResolutionContext/depthLimit``.
    static func handlersTooDeep(_ chain: [StoredRegistration]) -> ResolutionError {
        let names = chain.map(\.info.serviceDescription)
        return ResolutionError(
            kind: .depthLimitExceeded, path: names,
            message: FailureMessage(
                """
                onResolved handlers resolved services whose handlers resolved others, more than \
                \(ResolutionContext.depthLimit) in a chain: probably unbounded recursion.
                """,
                context: ["The chain starts \(names.prefix(3).joined(separator: " -> ")) -> …"],
                fix: "make the chain stop (a handler that resolves with new arguments each time needs a base case)."))
    }

    static func crossThreadCycle(_ chain: [String], on context: ResolutionContext) -> ResolutionError {
        let closing = chain[chain.count - 1]
        let path = context.path
        let start = path.lastIndex(of: closing) ?? path.count
        let cycle = path[start...] + chain
        return ResolutionError(
            kind: .circularDependency, path: path + chain,
            message: FailureMessage(
                "Circular dependency: \(cycle.joined(separator: " -> ")).",
                context: chain.indices.dropLast().map { index in
                    "\(chain[index]) is being built on another thread, which is waiting for \(chain[index + 1])"
                        + (index + 1 == chain.count - 1 ? ", which this thread is building." : ".")
                },
                fix: cycleFix))
    }

    /// An `@Injected` property, a `Lazy` or a `Provider` read again, on the same thread, while its
    /// first read was still resolving it.
    static func reentered(_ subject: String, on context: ResolutionContext) -> ResolutionError {
        let path = context.path
        return ResolutionError(
            kind: .circularDependency, path: path + [subject],
            message: FailureMessage(
                "Circular dependency: \(subject) was read again while it was being resolved, on the same thread.",
                context: [
                    "Resolving it built \(path.isEmpty ? "a service" : path.joined(separator: " -> ")), which reads "
                        + "\(subject) again before the first read has a value."
                ],
                fix: "read the property later (not from an initializer or factory that its own resolution runs), "
                    + "or set the dependency in an `onResolved` handler, which runs once the whole graph is built."))
    }

    private static var cycleFix: String {
        "break the cycle: take one side as `Lazy<Service>` or `Provider<Service>` (or an `@Injected` property), "
            + "or set it in an `onResolved` handler, which runs once the whole graph is built, whichever side is "
            + "resolved first."
    }

    static func tooDeep(at registration: StoredRegistration, on context: ResolutionContext) -> ResolutionError {
        depth(
            at: registration, on: context,
            "went deeper than \(ResolutionContext.depthLimit) levels: probably unbounded recursion.",
            fix: "make the recursion stop (a factory that resolves its own type with new arguments each time needs "
                + "a base case), or resolve the next level lazily with `Provider<Service>`.")
    }

    static func stackExhausted(at registration: StoredRegistration, on context: ResolutionContext) -> ResolutionError {
        depth(
            at: registration, on: context,
            "used nearly all of this thread's \(context.threadStack.size / 1024) KB stack after \(context.frames.count) levels.",
            fix: "make the graph shallower (resolve deep parts lazily with `Lazy<Service>` or `Provider<Service>`), or "
                + "resolve it on a thread with a larger stack.")
    }

    private static func depth(
        at registration: StoredRegistration, on context: ResolutionContext, _ what: String, fix: String
    ) -> ResolutionError {
        let path = context.path
        let info = registration.info
        return ResolutionError(
            kind: .depthLimitExceeded, path: path + [info.serviceDescription],
            message: FailureMessage(
                "Resolving '\(path.first ?? info.serviceDescription)' \(what)",
                context: [
                    "Top of the path: \(path.prefix(5).joined(separator: " -> ")) -> …; it stopped at "
                        + "\(info.serviceDescription), registered at \(info.location)."
                ],
                fix: fix))
    }

    /// What a factory's error becomes: itself if it is a `ResolutionError` from a nested resolve,
    /// else a `.factoryFailed` (or `.mainActorRequired`) error naming the registration.
    @inline(never)
    static func thrown(_ error: any Error, by registration: StoredRegistration, on context: ResolutionContext)
        -> ResolutionError
    {
        if let error = error as? ResolutionError { return error }
        if error is MainActorRequired { return .mainActorRequired(registration, on: context) }
        return .factoryFailed(error, on: context)
    }

    static func factoryFailed(_ error: any Error, on context: ResolutionContext) -> ResolutionError {
        failed(error, trail: context.registrations, what: "The factory")
    }

    static func handlerFailed(_ error: any Error, trail: [StoredRegistration]) -> ResolutionError {
        failed(error, trail: trail, what: "An onResolved handler")
    }

    private static func failed(_ error: any Error, trail: [StoredRegistration], what: String) -> ResolutionError {
        let info = trail.last?.info
        return ResolutionError(
            kind: .factoryFailed, path: trail.map(\.info.serviceDescription),
            message: FailureMessage(
                "\(what) for '\(info?.serviceDescription ?? "?")' threw: \(error)",
                context: ["Registered at \(info?.location ?? "?")."],
                fix: "make it succeed, or handle the error where you resolve; the original error is "
                    + "`underlyingError`."),
            underlyingError: error)
    }

    static func typeMismatch(_ instance: Any, alias: AliasRegistration, on context: ResolutionContext)
        -> ResolutionError
    {
        let actual = typeName(type(of: instance))
        let aliasName = typeName(alias.info.serviceType)
        return ResolutionError(
            kind: .typeMismatch, path: context.path,
            message: FailureMessage(
                "'\(actual)', registered for '\(alias.targetDescription)', does not conform to '\(aliasName)'.",
                context: ["The alias was declared with \(alias.declaration) at \(alias.info.location)."],
                fix: "make \(actual) conform to \(aliasName), or remove `.\(alias.declaration)`."))
    }

    static func internalInconsistency(_ detail: String, on context: ResolutionContext) -> ResolutionError {
        ResolutionError(
            kind: .typeMismatch, path: context.path,
            message: FailureMessage(
                "DIKit found an inconsistency: \(detail).", fix: "please report this as a DIKit bug, with the path."))
    }

    static func valueTypeInWeakScope(_ value: Any, on context: ResolutionContext) -> ResolutionError {
        let service = context.frames.last?.registration.info.serviceDescription ?? "?"
        return ResolutionError(
            kind: .valueTypeInWeakScope, path: context.path,
            message: FailureMessage(
                "'\(service)' is registered with scope .weak, but its factory returned the value type "
                    + "'\(type(of: value))'.",
                context: ["Only class instances can be held weakly."],
                fix: "register it as .transient, .graph or .singleton, or return a class instance."))
    }

    static func argumentsNotHashable(_ registration: StoredRegistration, on context: ResolutionContext)
        -> ResolutionError
    {
        let info = registration.info
        let unhashable = info.argumentTypes.filter { !($0 is any Hashable.Type) }.map(typeName)
        // A function or a tuple cannot conform to Hashable: it must be wrapped.
        let structural = unhashable.filter { $0.hasPrefix("(") || $0.contains("->") }
        let nominal = unhashable.filter { !structural.contains($0) }
        let fixes =
            (nominal.isEmpty ? [] : ["make \(nominal.joined(separator: ", ")) Hashable"])
            + (structural.isEmpty
                ? []
                : [
                    "pass \(structural.joined(separator: ", ")) inside a Hashable type of your own (a class is "
                        + "compared by identity)"
                ])
        return ResolutionError(
            kind: .argumentsNotHashable, path: context.path + [info.serviceDescription],
            message: FailureMessage(
                "'\(info.serviceDescription)' is registered with scope .\(info.scope) and arguments that are not "
                    + "all Hashable (\(unhashable.joined(separator: ", "))).",
                context: [
                    "A cached scope keeps one instance per distinct arguments, so it must compare them. "
                        + "Registered at \(info.location)."
                ],
                fix: "\(fixes.joined(separator: ", and ")), or register it as .transient."))
    }

    static func mainActorRequired(_ registration: StoredRegistration, on context: ResolutionContext)
        -> ResolutionError
    {
        let info = registration.info
        return ResolutionError(
            kind: .mainActorRequired, path: context.path,
            message: FailureMessage(
                "'\(info.serviceDescription)' has a @MainActor factory, but was resolved off the main actor.",
                context: ["Registered at \(info.location)."],
                fix: "resolve it from main-actor code (a @MainActor function, or `await MainActor.run { … }`), or "
                    + "register a nonisolated factory."))
    }

    /// A `.singleton` or custom-scoped service that captures a shorter-lived one when built, or in
    /// a property that keeps it (a `.graph`, `.weak` or other custom-scoped service), for `DITesting`.
    package static func captiveDependency(
        _ captor: RegistrationInfo, captures captured: RegistrationInfo, path: [String], throughProperty: Bool
    ) -> ResolutionError {
        let (owner, service) = (captor.serviceDescription, captured.serviceDescription)
        let holder = captor.scope == .singleton ? "the singleton '\(owner)'" : "'\(owner)', which is .\(captor.scope),"
        return ResolutionError(
            kind: .captiveDependency, path: path,
            message: FailureMessage(
                "Captive dependency: \(holder) captures '\(service)', which is .\(captured.scope).",
                context: [
                    "\(service) then lives as long as \(owner), not as its scope says. \(owner) is registered at "
                        + "\(captor.location), \(service) at \(captured.location)."
                ],
                fix: (throughProperty
                    ? "read \(service) through `@InjectedProvider`, which resolves it on every access, "
                    : "take \(service) as `Provider<\(typeName(captured.serviceType))>` (or resolve it when needed), ")
                    + "or give \(owner) a shorter scope."))
    }

    static func containerReleased(_ type: Any.Type, name: String?) -> ResolutionError {
        let service = describeService(type, name: name, argumentTypes: [])
        return ResolutionError(
            kind: .containerReleased, path: [service],
            message: FailureMessage(
                "Cannot resolve '\(service)': its container has been released.",
                context: [
                    "Lazy, Provider, @Injected, @SafelyInjected and @InjectedProvider hold their container weakly, "
                        + "so that a service never keeps its own container alive."
                ],
                fix: "keep the container alive while the objects that resolve from it are used (`makeShared()` "
                    + "keeps the default; a test injector lives for its test)."))
    }
}
