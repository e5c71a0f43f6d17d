/// The `.graph` instances of one outermost resolve: the instances every service built for it
/// shares.
///
/// A `Lazy`, `@Injected` or `@SafelyInjected` made while the graph is built belongs to it: its
/// first call, made later, resolves in this graph again, so that it gets the instances its siblings
/// got (`Lazy<UnitOfWork>` the unit of work of the screen that holds the lazy; a `Lazy<Parent>` the
/// parent that holds its child), not a graph of its own.
///
/// While a resolve runs in the graph, the graph holds its instances. When that resolve ends, it
/// holds its class instances weakly and lets go of the rest (a value is a copy: nothing to share):
/// a later call gets what is still alive, and builds again what is not; and the graph keeps no
/// instance alive (an object holding a lazy of its own graph would otherwise hold itself). It
/// keeps the registrations and argument values its instances were built for.
///
/// Several threads may call lazies of one graph at once, so the instances are behind a lock. Two
/// that build the same instance at once may each keep their own; the first one stored is shared
/// from then on.
///
/// Safety: the entries hold user instances, handed out as every resolve hands them out; they are
/// read and written only under their lock, which no access holds while user code runs or a user
/// object is released.
final class ResolutionGraph: @unchecked Sendable {
    /// Where an instance is found: its registration and its arguments' hash. The arguments
    /// themselves are compared outside the lock.
    struct Key: Hashable {
        let registration: ObjectIdentifier
        let argumentsHash: Int
    }

    struct Entry {
        /// Keeps `Key.registration` alive and unique while the graph lives.
        let registration: StoredRegistration
        let arguments: ArgumentIdentity
        /// The instance's box while a resolve runs in the graph; a weak reference to it after.
        let instance: SharedInstance
        /// The class instance in the box, if the instance is one: what is held weakly after.
        let object: AnyObject?
    }

    private let entries = LockedValue<[Key: [Entry]]>([:])

    /// The instances built for `registration` with arguments whose hash is that of `arguments`,
    /// first stored first: the caller picks one whose arguments match, and that is still alive.
    func candidates(of registration: StoredRegistration, arguments: ArgumentIdentity) -> [Entry] {
        let key = Key(registration: ObjectIdentifier(registration), argumentsHash: arguments.hash)
        return entries.withLock { $0[key] } ?? []
    }

    /// Keeps `value`, built for `registration` with `arguments`.
    func store<Service>(_ value: Service, of registration: StoredRegistration, arguments: ArgumentIdentity) {
        let key = Key(registration: ObjectIdentifier(registration), argumentsHash: arguments.hash)
        let object: AnyObject? = if case .object(let object) = WeakTarget(value) { object } else { nil }
        let entry = Entry(registration: registration, arguments: arguments, instance: .strong(value), object: object)
        entries.withLock { $0[key, default: []].append(entry) }
    }

    /// Ends a resolve in this graph, which something made during it may call again: from now on
    /// the graph holds its class instances weakly, and no other instance. Returns what it let go
    /// of, to be released after the lock.
    func loosen() -> Any {
        entries.withLock { entries in
            let held = entries
            entries = entries.compactMapValues { list in
                let kept = list.compactMap { entry -> Entry? in
                    guard !entry.instance.isWeak else { return entry }
                    guard let object = entry.object else { return nil }
                    return Entry(
                        registration: entry.registration, arguments: entry.arguments,
                        instance: .weak(WeakReference(object)), object: nil)
                }
                return kept.isEmpty ? nil : kept
            }
            return held
        }
    }
}
