// The constructors for each kind of ResolutionError, with their messages.

extension ResolutionError {
    static func missing(
        _ key: ServiceKey, type: Any.Type, argumentTypes: [Any.Type], in container: Container, on stack: ResolutionStack
    ) -> ResolutionError {
        let requested = describeService(type, name: key.name, argumentTypes: argumentTypes)
        let path = stack.path + [requested]
        let name = typeName(type)
        let sameType = container.allEntries().filter { $0.key.service == key.service }
        let sameName = sameType.filter { $0.key.name == key.name }
        if !sameName.isEmpty {
            let taking = sameName.map { "(\(describeTypes($0.info.argumentTypes)))" }.joined(separator: ", ")
            return ResolutionError(
                kind: .argumentMismatch, path: path,
                summary:
                    "No registration for '\(name)'\(describeName(key.name)) taking (\(describeTypes(argumentTypes))).",
                context: "\(name)\(describeName(key.name)) is registered taking: \(taking).",
                fix: "resolve it with arguments of those types, in that order "
                    + "(`resolve(\(name).self, arguments: …)`), or register a factory taking "
                    + "(\(describeTypes(argumentTypes))).")
        }
        let summary = "No registration for '\(name)'\(describeName(key.name))."
        let named = key.name.map { " with name \"\($0)\"" } ?? ""
        guard !sameType.isEmpty else {
            return ResolutionError(
                kind: .notRegistered, path: path, summary: summary,
                context: "Nothing is registered for \(name) in this container or its parents.",
                fix: "register it (`container.register(\(name).self\(key.name.map { ", name: \"\($0)\"" } ?? "")) "
                    + "{ r in … }`), or add the assembly that registers it.")
        }
        let names = sameType.map { $0.key.name.map { "\"\($0)\"" } ?? "no name" }
        return ResolutionError(
            kind: .notRegistered, path: path, summary: summary,
            context: "Registered names for \(name): \(unique(names).joined(separator: ", ")).",
            fix: "register \(name)\(named), or resolve one of the names above.")
    }

    static func aliasTargetMissing(_ alias: AnyEntry, in container: Container, on stack: ResolutionStack)
        -> ResolutionError
    {
        let target = alias.info.aliasOf.map(typeName) ?? "?"
        return ResolutionError(
            kind: .notRegistered, path: stack.path,
            summary: "No registration for '\(target)', which '\(alias.serviceDescription)' is an alias of.",
            context: "The alias was declared with implements(_:) at \(alias.info.fileID):\(alias.info.line).",
            fix: "register \(target) again in the same container as the alias.")
    }

    static func cycle(closing entry: AnyEntry, on stack: ResolutionStack) -> ResolutionError {
        let start = stack.frames.firstIndex { $0 === entry } ?? 0
        let cycle = stack.frames[start...].map(\.serviceDescription) + [entry.serviceDescription]
        return ResolutionError(
            kind: .circularDependency, path: stack.path + [entry.serviceDescription],
            summary: "Circular dependency: \(cycle.joined(separator: " -> ")).",
            context: "Each service on the cycle needs the next one before it can be built.",
            fix: cycleFix)
    }

    static func crossThreadCycle(_ chain: [AnyEntry], on stack: ResolutionStack) -> ResolutionError {
        let closing = chain[chain.count - 1]
        let start = stack.frames.firstIndex { $0 === closing } ?? stack.frames.count
        let names = chain.map(\.serviceDescription)
        let cycle = stack.frames[start...].map(\.serviceDescription) + names
        return ResolutionError(
            kind: .circularDependency, path: stack.path + names,
            summary: "Circular dependency: \(cycle.joined(separator: " -> ")).",
            context: "\(names[0]) is being built on another thread, which is waiting for "
                + "\(closing.serviceDescription), which this thread is building.",
            fix: cycleFix)
    }

    private static var cycleFix: String {
        "break the cycle: resolve one side lazily (`@Injected`, or a closure that resolves later), "
            + "or set the property in `onResolved` of a `.singleton` or `.graph` registration."
    }

    static func factoryFailed(_ error: any Error, on stack: ResolutionStack, inOnResolved: Bool = false)
        -> ResolutionError
    {
        let entry = stack.frames.last
        let service = entry?.serviceDescription ?? "?"
        let location = entry.map { "\($0.info.fileID):\($0.info.line)" } ?? "?"
        let what = inOnResolved ? "The onResolved handler" : "The factory"
        return ResolutionError(
            kind: .factoryFailed, path: stack.path,
            summary: "\(what) for '\(service)' threw: \(error)",
            context: "Registered at \(location).",
            fix: "make it succeed, or handle the error where you resolve; the original error is "
                + "`underlyingError`.",
            underlyingError: error)
    }

    static func typeMismatch(_ instance: Any, alias: AnyEntry, on stack: ResolutionStack) -> ResolutionError {
        let actual = typeName(type(of: instance))
        let aliasName = typeName(alias.info.serviceType)
        let target = alias.info.aliasOf.map(typeName) ?? "?"
        return ResolutionError(
            kind: .typeMismatch, path: stack.path,
            summary: "'\(actual)', registered for '\(target)', does not conform to '\(aliasName)'.",
            context: "The alias was declared with implements(\(aliasName).self) at "
                + "\(alias.info.fileID):\(alias.info.line).",
            fix: "make \(actual) conform to \(aliasName), or remove `.implements(\(aliasName).self)`.")
    }

    static func valueTypeInWeakScope(_ value: Any, on stack: ResolutionStack) -> ResolutionError {
        let service = stack.frames.last?.serviceDescription ?? "?"
        return ResolutionError(
            kind: .valueTypeInWeakScope, path: stack.path,
            summary: "'\(service)' is registered with scope .weak, but its factory returned the value type "
                + "'\(type(of: value))'.",
            context: "Only class instances can be held weakly.",
            fix: "register it as .transient, .graph or .singleton, or return a class instance.")
    }
}

private func describeName(_ name: String?) -> String { name.map { " (name: \"\($0)\")" } ?? "" }

private func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
}
