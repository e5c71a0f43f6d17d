// The errors of a resolve that nothing registered answers: a missing service, one registered with
// other arguments, a `Lazy` or `Provider` given arguments, an alias whose target is gone.

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
            return argumentMismatch(
                key, type: type, argumentTypes: argumentTypes, arguments: arguments, registered: registered,
                path: path, requested: requested.first)
        }
        let summary = "No registration for '\(name)'\(describeName(key.name))."
        guard registered.total > 0 else {
            let registerName = nameArgument(key.name)
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
        let names = registered.names.map { $0.map { String(reflecting: $0) } ?? "no name" }
        let more =
            registered.unlisted > 0
            ? ", … and \(grouped(registered.unlisted)) more registration\(registered.unlisted == 1 ? "" : "s")" : ""
        return ResolutionError(
            kind: .notRegistered, path: path,
            message: FailureMessage(
                summary, context: ["Registered names for \(name): \(names.joined(separator: ", "))\(more)."],
                fix: "register \(name)\(key.name.map { " with name \(String(reflecting: $0))" } ?? ""), or resolve "
                    + "one of the names above."))
    }

    /// `key`'s type and name are registered, but with other argument types than `argumentTypes`.
    private static func argumentMismatch(
        _ key: ServiceKey, type: Any.Type, argumentTypes: [Any.Type], arguments: Arguments,
        registered: RegisteredKeys, path: [String], requested: String?
    ) -> ResolutionError {
        let name = typeName(type)
        let taking = registered.argumentTypesOfSameName.map { "(\(describeTypes($0)))" }
        var lines = ["\(name)\(describeName(key.name)) is registered taking: \(listed(taking))."]
        // The call to write, with the name asked for: `resolve(Greeter.self, name: "g", arguments: …)`.
        let named = nameArgument(key.name)
        let call = "resolve(\(name).self\(named), arguments: …)"
        let resolveAsRegistered =
            registered.argumentTypesOfSameName.allSatisfy(\.isEmpty)
            ? "resolve it without arguments (`resolve(\(name).self\(named))`)"
            : "resolve it with arguments of those types, in that order (`\(call)`)"
        var fix = "\(resolveAsRegistered), or register a factory taking (\(describeTypes(argumentTypes)))."
        let values = arguments.values(count: argumentTypes.count)
        if let requested {
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
        let target = alias.targetDescription
        return ResolutionError(
            kind: .notRegistered, path: context.path,
            message: FailureMessage(
                "No registration for '\(target)', which '\(alias.info.serviceDescription)' is an alias of.",
                context: ["The alias was declared with \(alias.declaration) at \(alias.info.location)."],
                fix: "register \(target) again in the same container as the alias."))
    }
}

extension AliasRegistration {
    /// The registration the alias resolves, as errors name it: `UserStore (name: "disk")`.
    var targetDescription: String {
        info.aliasOf.map { describeService($0, name: target.name, argumentTypes: info.argumentTypes) } ?? "?"
    }

    /// The call that declared the alias, as errors quote it: `implements(Reading.self, name: "y")`.
    var declaration: String { "implements(\(typeName(info.serviceType)).self\(nameArgument(info.name)))" }
}

private func describeName(_ name: String?) -> String { name.map { " (name: \(String(reflecting: $0)))" } ?? "" }

/// `name` as the argument of a call written in a fix: `, name: "dark"`, or nothing.
private func nameArgument(_ name: String?) -> String { name.map { ", name: \(String(reflecting: $0))" } ?? "" }

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
