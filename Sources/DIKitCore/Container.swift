/// A thread-safe dependency-injection container: registrations in, services out.
///
/// ```swift
/// let container = Container()
/// container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
/// container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
/// let api = try container.resolve(API.self)
/// ```
///
/// Registering and resolving are safe from any thread. No lock is held while a factory runs, so
/// factories may resolve other services freely; singletons are still built exactly once.
///
/// `Container` is open so that `DITesting`'s `SpyContainer` can extend it; its methods are not
/// overridable.
///
/// Safety: all mutable state (`entries`, `nextSequence`, `assembledTypes`, and the scope state
/// of the entries this container owns) is read and written only while holding `lock`.
open class Container: Resolver, @unchecked Sendable {
    /// Where a lookup goes when this container has no registration for a key.
    enum Fallback {
        case none
        /// A child container: the parent resolves its own registrations, keeping its instances.
        case parent(Container)
        /// A test injector: the base's registrations are cloned on first use, with empty caches.
        case template(Container)
    }

    @usableFromInline final let lock = Lock()
    // Guarded by `lock`, which makes every access exclusive; the runtime check would only add cost.
    @exclusivity(unchecked) @usableFromInline final var entries: [ServiceKey: AnyEntry] = [:]
    private var nextSequence = 0
    private var assembledTypes: Set<ObjectIdentifier> = []
    private let fallback: Fallback
    let observer: (any ContainerObserver)?
    /// Whether `observer` wants resolutions: the inlined fast path checks this flag.
    @usableFromInline final let observesResolutions: Bool
    /// `observer`, if it observes resolutions: `nil` keeps the fast path.
    final var resolutionObserver: (any ContainerObserver)? { observesResolutions ? observer : nil }

    /// Creates an empty container.
    public init() {
        fallback = .none
        observer = nil
        observesResolutions = false
    }

    init(fallback: Fallback, observer: (any ContainerObserver)?) {
        self.fallback = fallback
        self.observer = observer
        observesResolutions = observer?.observesResolutions == true
    }

    /// Creates an empty container reporting to `observer`.
    package convenience init(observer: any ContainerObserver) {
        self.init(fallback: .none, observer: observer)
    }

    /// Creates a container that starts with `template`'s registrations but none of its
    /// instances, reporting to `observer`. Nothing is copied up front: each registration is cloned
    /// on first use, so creating one costs the same whatever the size of `template`.
    package init(template: Container, observer: (any ContainerObserver)?) {
        fallback = .template(template)
        self.observer = observer
        observesResolutions = observer?.observesResolutions == true
    }

    /// Creates a child container.
    ///
    /// The child resolves its own registrations first, then its parent's. Registering in the
    /// child never changes the parent. The parent's singletons stay single: they are built by the
    /// parent, from the parent's registrations, and shared with every child; transient and graph
    /// registrations of the parent are built with the child as their resolver, so they see the
    /// child's registrations.
    ///
    /// ```swift
    /// let screen = container.makeChild()
    /// screen.register(Theme.self) { _ in HighContrastTheme() }
    /// ```
    public final func makeChild() -> Container {
        Container(fallback: .parent(self), observer: observer)
    }

    /// Whether something is registered for `type` and `name`, here or in a parent, with any
    /// argument types.
    public final func isRegistered<Service>(_ type: Service.Type = Service.self, name: String? = nil) -> Bool {
        if entry(for: ServiceKey(type, name: name)) != nil { return true }
        let service = ObjectIdentifier(type)
        return allEntries().contains { $0.key.service == service && $0.key.name == name }
    }

    // MARK: Storage

    final func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Stores the entry `make` builds for `key`, replacing any earlier one (and keeping its place
    /// in registration order).
    final func insert<NewEntry: AnyEntry>(_ key: ServiceKey, _ make: (_ sequence: Int) -> NewEntry) -> NewEntry {
        let entry = lock.withLock {
            let sequence: Int
            if let existing = entries[key] {
                sequence = existing.sequence
            } else {
                sequence = nextSequence
                nextSequence += 1
            }
            let entry = make(sequence)
            entries[key] = entry
            return entry
        }
        observer?.didRegister(entry.info)
        return entry
    }

    /// Puts `new` in place of `old`, if `old` is still this container's registration for its key.
    final func replace(_ old: AnyEntry, with new: AnyEntry) {
        lock.withLock {
            if entries[old.key] === old { entries[old.key] = new }
        }
    }

    /// Marks an assembly type as assembled; `false` if it already was.
    final func markAssembled(_ type: any Assembly.Type) -> Bool {
        lock.withLock { assembledTypes.insert(ObjectIdentifier(type)).inserted }
    }

    /// The cached instance of a `.singleton` registered or cloned here, if already built: the hot
    /// path, inlined into callers so it is specialized for `Service` (no generic metadata lookups).
    /// Sets `found` to this container's entry for `key`, if any, for the slow path to reuse.
    @inlinable
    final func cachedSingleton<Service>(_ key: ServiceKey, as type: Service.Type, entry found: inout AnyEntry?)
        -> Service?
    {
        guard !observesResolutions else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        // Safe: `isCacheable` entries are `Entry`s, and the key holds `Service`'s identity.
        if entry.isCacheable, let instance = unsafeDowncast(entry, to: Entry<Service>.self).instance {
            return instance
        }
        found = entry  // saves the slow path a second lookup
        return nil
    }

    /// The entry for `key`: this container's own, else the parent's, else a fresh clone of the
    /// template's.
    final func entry(for key: ServiceKey) -> AnyEntry? {
        lock.lock()
        if let entry = entries[key] {
            lock.unlock()
            return entry
        }
        lock.unlock()
        switch fallback {
        case .none:
            return nil
        case .parent(let parent):
            return parent.entry(for: key)
        case .template(let template):
            guard let original = template.entry(for: key) else { return nil }
            let clone = original.clone(into: self, sequence: original.sequence)
            return lock.withLock {
                if let existing = entries[key] { return existing }
                entries[key] = clone
                return clone
            }
        }
    }

    /// Every registration visible here, in registration order: the parent's or template's first,
    /// then this container's own; an override takes the place of the registration it replaces.
    final func allEntries() -> [AnyEntry] {
        var list: [AnyEntry]
        switch fallback {
        case .none: list = []
        case .parent(let container), .template(let container): list = container.allEntries()
        }
        var index: [ServiceKey: Int] = [:]
        for (position, entry) in list.enumerated() { index[entry.key] = position }
        let own = lock.withLock { Array(entries.values) }.sorted { $0.sequence < $1.sequence }
        for entry in own {
            if let position = index[entry.key] {
                list[position] = entry
            } else {
                index[entry.key] = list.count
                list.append(entry)
            }
        }
        return list
    }
}

extension Container {
    /// Every registration visible here, in registration order, for `DITesting`.
    package var visibleRegistrations: [EntryInfo] { allEntries().map(\.info) }
}
