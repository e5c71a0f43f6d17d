/// One registration as a container stores it, with the state of its scope.
///
/// Entries are owned by one container. A test injector does not share its base's entries: it
/// clones them on first use, so its singletons start empty (see `Container.entry(for:)`).
///
/// Safety: the descriptive fields are immutable. Subclasses keep user instances and callbacks in
/// fields read and written only under `owner`'s lock; `builder` is guarded by
/// `BuildCoordinator`'s lock. Instances are built outside every lock, published under the owner's
/// lock, and handed out as they are, as in every DI container.
@usableFromInline
class AnyEntry: @unchecked Sendable {
    let key: ServiceKey
    let info: EntryInfo
    /// Registration order within the owner.
    let sequence: Int
    /// `true` when this entry was cloned from a test injector's base rather than registered here.
    let isInherited: Bool
    /// The container whose lock guards this entry's state, and which builds its shared instances.
    ///
    /// Safety: `unowned(unsafe)` because the owner always outlives every use of the entry: an
    /// entry is reached through its owner's table, through a child or test injector (which retain
    /// their parent or base), or through a `Registration` (which retains the container).
    unowned(unsafe) let owner: Container
    /// `true` only for `.singleton` entries built by a factory or holding an instance, the ones
    /// `Container` may answer from its cache without the slow path.
    @usableFromInline let isCacheable: Bool
    /// The thread (by its resolution stack) building this entry's shared instance right now.
    /// Guarded by `BuildCoordinator`'s lock.
    @exclusivity(unchecked) var builder: ResolutionStack?

    init(key: ServiceKey, info: EntryInfo, sequence: Int, isInherited: Bool, owner: Container) {
        self.key = key
        self.info = info
        self.sequence = sequence
        self.isInherited = isInherited
        self.owner = owner
        self.isCacheable = info.scope == .singleton && info.aliasOf == nil
    }

    /// `Theme`, `Theme (name: "dark")`: how errors and paths name this registration.
    var serviceDescription: String { info.serviceDescription }

    /// A copy with the same registration and an empty cache, owned by `owner`.
    func clone(into owner: Container, sequence: Int) -> AnyEntry {
        preconditionFailure("\(Self.self) must override clone(into:sequence:)")
    }

    /// Resolves this entry into `result`, uninitialized memory for the key's service type;
    /// `arguments` points at a tuple of the key's argument types. A virtual call, so the generic
    /// caller needs no metadata for the entry's concrete class.
    func resolve(
        into result: UnsafeMutableRawPointer, from requester: Container, arguments: UnsafeRawPointer,
        stack: ResolutionStack
    ) throws {
        preconditionFailure("\(Self.self) must override resolve(into:from:arguments:stack:)")
    }

    /// Resolves this entry as `Any`; `arguments` points at a tuple of the key's argument types.
    func resolveErased(
        from requester: Container, arguments: UnsafeRawPointer, stack: ResolutionStack
    ) throws -> Any {
        preconditionFailure("\(Self.self) must override resolveErased(from:arguments:stack:)")
    }
}
