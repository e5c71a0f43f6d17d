// The constructors for each kind of ResolutionError, with their messages.

extension ResolutionError {
    /// - Parameters:
    ///   - arguments: The values given, to tell when they would fit a registration's argument
    ///     types had they been passed as those types.
    ///   - requested: The `Lazy` or `Provider` asked for, outermost first, when `key` is what they
    ///     wrap (`Lazy<Lazy<API>>`, `Lazy<API>` for `API`).
    static func missing(
        _ key: ServiceKey, type: Any.Type, argumentTypes: [Any.Type], arguments: Arguments = .none,
        registered: RegisteredKeys, on context: ResolutionContext, requested: [String] = []
    ) -> ResolutionError {
        let wanted = describeService(type, name: key.name, argumentTypes: argumentTypes)
        let path = context.path + requested + [wanted]
        let name = typeName(type)
        if !registered.argumentTypesOfSameName.isEmpty {
            let taking = registered.argumentTypesOfSameName.map { "(\(describeTypes($0)))" }
            var lines = ["\(name)\(describeName(key.name)) is registered taking: \(listed(taking))."]
            // The call to write, with the name asked for: `resolve(Greeter.self, name: "g", arguments: …)`.
            let nameArgument = key.name.map { ", name: \(String(reflecting: $0))" } ?? ""
            let call = "resolve(\(name).self\(nameArgument), arguments: …)"
            let resolveAsRegistered =
                registered.argumentTypesOfSameName.allSatisfy(\.isEmpty)
                ? "resolve it without arguments (`resolve(\(name).self\(nameArgument))`)"
                : "resolve it with arguments of those types, in that order (`\(call)`)"
            var fix = "\(resolveAsRegistered), or register a factory taking (\(describeTypes(argumentTypes)))."
            let values = arguments.values(count: argumentTypes.count)
            if let requested = requested.first {
                lines.append("A Lazy or Provider resolves what it wraps with no arguments.")
                fix =
                    "resolve \(name) with its arguments where they are known, instead of \(requested) "
                    + "(`\(call)`), or register a factory of \(name) taking no arguments."
            } else if let (fitting, casts) = registered.argumentTypesOfSameName.lazy.compactMap({
                types in casts(fitting: values, given: argumentTypes, as: types).map { (types, $0) }
            }).first {
                // `5` for an `Int?` parameter, a `ConsoleLogger` for an `any Logger` one.
                let first = typeName(casts[0].type)
                let what =
                    argumentTypes.count == 1
                    ? "the argument as \(first)"
                    : casts.map { "argument \($0.position + 1) as \(typeName($0.type))" }.joined(separator: ", ")
                lines.append(
                    "The values given would also fit (\(describeTypes(fitting))), but arguments are matched by the "
                        + "types they are passed as.")
                fix =
                    "pass \(what) (`arguments: value as \(first)`), or register a factory taking "
                    + "(\(describeTypes(argumentTypes)))."
            }
            return ResolutionError(
                kind: .argumentMismatch, path: path,
                message: FailureMessage(
                    "No registration for '\(name)'\(describeName(key.name)) taking (\(describeTypes(argumentTypes))).",
                    context: lines, fix: fix))
        }
        let summary = "No registration for '\(name)'\(describeName(key.name))."
        guard registered.total > 0 else {
            let registerName = key.name.map { ", name: \(String(reflecting: $0))" } ?? ""
            var context = ["Nothing is registered for \(name) in this container or its parents."]
            var fix =
                "register it (`container.register(\(name).self\(registerName)) { r in … }`), or add the "
                + "assembly that registers it."
            if registered.isEmptyProcessDefault {
                context = [
                    "This is the process-wide default container (`Container.shared` where no container is bound), "
                        + "and nothing is registered in it: the app probably never called `makeShared()` on the "
                        + "container it built.",
                    "In a test, this ran where the test's injector is not bound: `Task.detached` and Dispatch "
                        + "queues do not inherit it.",
                ]
                fix =
                    "call `Container(assemblies: [AppAssembly()]).makeShared()` at launch, before anything resolves; "
                    + "in a test, resolve (and make the objects that resolve) in the test's own task, or pass the "
                    + "injector to the code that needs it."
            }
            if !registered.similarlyNamed.isEmpty {
                let similar = registered.similarlyNamed
                context.append("Registered with similar names: \(similar.joined(separator: ", ")).")
                // A type that holds the other as a generic argument (`Optional<API>`, `Array<API>`)
                // cannot be resolved as it: `implements` would not help.
                let implementing = similar.filter {
                    !isGenericArgument($0, of: name) && !isGenericArgument(name, of: $0)
                }
                if similar == ["Optional<\(name)>"] {
                    fix += " To get the optional that is registered, resolve `\(name)?.self`."
                } else if !implementing.isEmpty {
                    fix +=
                        " If \(implementing.count == 1 ? implementing[0] : "one of those") is what \(name) should "
                        + "resolve to, add `.implements(\(name).self\(registerName))` to its registration."
                }
            }
            if let element = registered.registeredElement.map(typeName) {
                context.append(
                    "\(element) is registered: an array is resolved as a type of its own, not as every \(element).")
                fix =
                    "resolve every registration of \(element) with `resolveAll(\(element).self)` (in a factory, "
                    + "`try r.resolveAll(\(element).self)`), or register \(name) itself."
            }
            return ResolutionError(
                kind: .notRegistered, path: path, message: FailureMessage(summary, context: context, fix: fix))
        }
        var seen = Set<String>()
        let names = registered.shown.map { $0.name.map { String(reflecting: $0) } ?? "no name" }
            .filter { seen.insert($0).inserted }
        let more =
            registered.total > registered.shown.count
            ? ", … and \(grouped(registered.total - registered.shown.count)) more" : ""
        return ResolutionError(
            kind: .notRegistered, path: path,
            message: FailureMessage(
                summary, context: ["Registered names for \(name): \(names.joined(separator: ", "))\(more)."],
                fix: "register \(name)\(key.name.map { " with name \(String(reflecting: $0))" } ?? ""), or resolve "
                    + "one of the names above."))
    }

    /// A `Lazy` or `Provider` asked for with arguments, which it does not keep.
    static func deferredWithArguments(_ type: Any.Type, _ request: ResolutionRequest) -> ResolutionError {
        let argumentTypes = request.argumentTypes()
        let wanted = describeService(type, name: request.key.name, argumentTypes: argumentTypes)
        let wrapped = (type as? any DeferredResolution.Type).map { typeName($0.wrappedType) } ?? "?"
        return ResolutionError(
            kind: .argumentMismatch, path: request.context.path + [wanted],
            message: FailureMessage(
                "\(typeName(type)) cannot be resolved with arguments (\(describeTypes(argumentTypes))).",
                context: ["A Lazy or a Provider resolves \(wrapped) later, without arguments: it does not keep them."],
                fix: "resolve \(wrapped) with its arguments when you need it "
                    + "(`try resolver.resolve(\(wrapped).self, arguments: …)`), or keep the resolver to do so."))
    }

    static func aliasTargetMissing(_ alias: AliasRegistration, on context: ResolutionContext) -> ResolutionError {
        let target = alias.info.aliasOf.map(typeName) ?? "?"
        return ResolutionError(
            kind: .notRegistered, path: context.path,
            message: FailureMessage(
                "No registration for '\(target)', which '\(alias.info.serviceDescription)' is an alias of.",
                context: ["The alias was declared with implements(_:) at \(alias.info.location)."],
                fix: "register \(target) again in the same container as the alias."))
    }

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

    static func typeMismatch(_ instance: Any, alias: StoredRegistration, on context: ResolutionContext)
        -> ResolutionError
    {
        let actual = typeName(type(of: instance))
        let aliasName = typeName(alias.info.serviceType)
        let target = alias.info.aliasOf.map(typeName) ?? "?"
        return ResolutionError(
            kind: .typeMismatch, path: context.path,
            message: FailureMessage(
                "'\(actual)', registered for '\(target)', does not conform to '\(aliasName)'.",
                context: ["The alias was declared with implements(\(aliasName).self) at \(alias.info.location)."],
                fix: "make \(actual) conform to \(aliasName), or remove `.implements(\(aliasName).self)`."))
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
        return ResolutionError(
            kind: .argumentsNotHashable, path: context.path + [info.serviceDescription],
            message: FailureMessage(
                "'\(info.serviceDescription)' is registered with scope .\(info.scope) and arguments that are not "
                    + "all Hashable (\(unhashable.joined(separator: ", "))).",
                context: [
                    "A cached scope keeps one instance per distinct arguments, so it must compare them. "
                        + "Registered at \(info.location)."
                ],
                fix: "make \(unhashable.joined(separator: ", ")) Hashable, or register it as .transient."))
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

private func describeName(_ name: String?) -> String { name.map { " (name: \(String(reflecting: $0)))" } ?? "" }

/// The positions at which `values`, passed as `given`, would have fitted `types` had they been
/// passed as those types: `nil` unless every value fits and one at least needs it. An optional
/// passes as something else only unwrapped (`as` cannot), and a `nil` fits every optional type:
/// neither counts.
private func casts(fitting values: [Any], given: [Any.Type], as types: [Any.Type])
    -> [(position: Int, type: Any.Type)]?
{
    guard !values.isEmpty, values.count == types.count, given.count == types.count else { return nil }
    var casts: [(position: Int, type: Any.Type)] = []
    for (position, (value, (given, type))) in zip(values, zip(given, types)).enumerated() where given != type {
        guard !(given is any OptionalService.Type), isInstance(value, of: type) else { return nil }
        casts.append((position, type))
    }
    return casts.isEmpty ? nil : casts
}

/// Whether `inner` is one of the generic arguments spelled in `outer`: `API` in `Array<API>` or
/// `Dictionary<String, API>`.
private func isGenericArgument(_ inner: String, of outer: String) -> Bool {
    ["<\(inner)>", "<\(inner), ", ", \(inner)>", ", \(inner), "].contains { outer.contains($0) }
}
