/// The reference-backed storage of the property wrappers: the container captured when the
/// wrapper was created, and the instance once resolved.
///
/// Safety: `container` and `name` are immutable; `instance` is read and written only under
/// `lock`. The instance is resolved outside the lock and published once; a thread that loses the
/// race gets the published one.
final class InjectionBox<Service>: @unchecked Sendable {
    let container: Container
    let name: String?
    private let lock = Lock()
    private var instance: Service?

    init(name: String?) {
        container = .shared
        self.name = name
    }

    /// Resolves anew, every time.
    func resolve() throws -> Service {
        try container.resolve(Service.self, name: name)
    }

    /// The instance resolved on first use, then kept. Failures are not kept.
    func resolveOnce() throws -> Service {
        if let instance = lock.withLock({ instance }) { return instance }
        let resolved = try resolve()
        return lock.withLock {
            if let instance { return instance }
            instance = resolved
            return resolved
        }
    }
}
