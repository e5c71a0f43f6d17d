/// One registration as a container stores it, with the state of its scope.
///
/// Entries are owned by one container. A test injector does not share its base's entries: it
/// clones them on first use, so its singletons start empty (see `Container.entry(for:)`).
///
/// Safety: the descriptive fields are immutable. Subclasses keep user instances and callbacks in
/// fields read and written only under `owner`'s lock; `builder` is guarded by
/// `BuildCoordinator`'s lock. Instances are built outside every lock, published under the owner's
/// lock, and handed out as they are, as in every DI container.
class AnyEntry: @unchecked Sendable {
    let key: ServiceKey
    let info: EntryInfo
    /// Registration order within the owner.
    let sequence: Int
    /// `true` when this entry was cloned from a test injector's base rather than registered here.
    let isInherited: Bool
    /// The container whose lock guards this entry's state, and which builds its shared instances.
    unowned let owner: Container
    /// `true` only for `.singleton` entries built by a factory or holding an instance, the ones
    /// `Container` may answer from its cache without the slow path.
    let isCacheable: Bool
    /// The thread (by its resolution stack) building this entry's shared instance right now.
    /// Guarded by `BuildCoordinator`'s lock.
    var builder: ResolutionStack?

    init(key: ServiceKey, info: EntryInfo, sequence: Int, isInherited: Bool, owner: Container) {
        self.key = key
        self.info = info
        self.sequence = sequence
        self.isInherited = isInherited
        self.owner = owner
        self.isCacheable = info.scope == .singleton && info.aliasOf == nil
    }

    /// `info.serviceDescription`, computed once: describing a type costs microseconds, and spies
    /// and errors ask for it on every resolution. Guarded by `owner`'s lock.
    private var cachedDescription: String?

    var serviceDescription: String {
        if let cached = owner.withLock({ cachedDescription }) { return cached }
        let description = info.serviceDescription
        owner.withLock { cachedDescription = description }
        return description
    }

    /// A copy with the same registration and an empty cache, owned by `owner`.
    func clone(into owner: Container, sequence: Int) -> AnyEntry {
        preconditionFailure("\(Self.self) must override clone(into:sequence:)")
    }

    /// Resolves this entry as `Any`; `arguments` points at a tuple of the key's argument types.
    func resolveErased(
        from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack
    ) throws -> Any {
        preconditionFailure("\(Self.self) must override resolveErased(from:arguments:stack:)")
    }
}
