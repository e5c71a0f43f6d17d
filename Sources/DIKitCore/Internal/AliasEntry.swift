/// An `implements` registration: resolves another key and casts the instance to `Alias`.
///
/// The target is looked up by key every time, in the container being resolved from, so an alias
/// follows a replaced registration and, in a test injector, reaches the injector's fresh instance.
///
/// Safety: every stored property is immutable; see `AnyEntry` for the rest.
final class AliasEntry<Alias>: AnyEntry, @unchecked Sendable {
    let target: ServiceKey

    init(key: ServiceKey, info: EntryInfo, target: ServiceKey, sequence: Int, isInherited: Bool, owner: Container) {
        self.target = target
        super.init(key: key, info: info, sequence: sequence, isInherited: isInherited, owner: owner)
    }

    override func clone(into owner: Container, sequence: Int) -> AnyEntry {
        AliasEntry(key: key, info: info, target: target, sequence: sequence, isInherited: true, owner: owner)
    }

    override func resolve(
        into result: UnsafeMutableRawPointer, from requester: Container, arguments: UnsafeRawPointer,
        stack: ResolutionStack
    ) throws {
        let value = try resolve(from: requester, arguments: arguments, stack: stack)
        result.initializeMemory(as: Alias.self, to: value)
    }

    override func resolveErased(
        from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack
    ) throws -> Any {
        try resolve(from: requester, arguments: arguments, stack: stack)
    }

    func resolve(from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack) throws -> Alias {
        if stack.contains(self) { throw ResolutionError.cycle(closing: self, on: stack) }
        stack.push(self)
        defer { stack.pop() }
        guard let entry = requester.entry(for: target) else {
            throw ResolutionError.aliasTargetMissing(self, in: requester, on: stack)
        }
        let instance = try entry.resolveErased(from: requester, arguments: arguments, stack: stack)
        guard let alias = instance as? Alias else {
            throw ResolutionError.typeMismatch(instance, alias: self, on: stack)
        }
        return alias
    }
}
