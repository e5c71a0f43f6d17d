import Foundation

/// The plain baseline: what a container written in a few lines costs — an
/// `[ObjectIdentifier: Any]` behind a pthread mutex, and a checked cast.
///
/// Instances are looked up by `ObjectIdentifier` of their type; factories likewise (closures
/// returning `Any`, whose result is cast), for the transient and graph baselines.
public final class BaselineContainer: @unchecked Sendable {
    // Safety: both dictionaries are only touched while `mutex` is held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var instances: [ObjectIdentifier: Any] = [:]
    private var factories: [ObjectIdentifier: (BaselineContainer) -> Any] = [:]

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func store<Service: AnyObject>(_ instance: Service) {
        pthread_mutex_lock(mutex)
        instances[ObjectIdentifier(Service.self)] = instance
        pthread_mutex_unlock(mutex)
    }

    public func store<Service: AnyObject>(_ type: Service.Type, factory: @escaping (BaselineContainer) -> Service) {
        pthread_mutex_lock(mutex)
        factories[ObjectIdentifier(type)] = factory
        pthread_mutex_unlock(mutex)
    }

    /// Stores an instance under its dynamic type, for the generated types of the large scenario.
    public func store(erased instance: AnyObject) {
        pthread_mutex_lock(mutex)
        instances[ObjectIdentifier(type(of: instance))] = instance
        pthread_mutex_unlock(mutex)
    }

    /// Stores a factory under a type's identity: what a registration costs in the baseline.
    public func store(factoryFor type: AnyObject.Type, _ factory: @escaping @Sendable (BaselineContainer) -> AnyObject)
    {
        pthread_mutex_lock(mutex)
        factories[ObjectIdentifier(type)] = factory
        pthread_mutex_unlock(mutex)
    }

    /// Lookup + cast behind the lock: the singleton baseline.
    @inline(never)
    public func instance<Service: AnyObject>(_ type: Service.Type) -> Service {
        pthread_mutex_lock(mutex)
        let found = instances[ObjectIdentifier(type)]
        pthread_mutex_unlock(mutex)
        return found as! Service
    }

    /// Lookup of a factory behind the lock, then the call and a cast: the transient baseline.
    @inline(never)
    public func make<Service: AnyObject>(_ type: Service.Type) -> Service {
        pthread_mutex_lock(mutex)
        let factory = factories[ObjectIdentifier(type)]
        pthread_mutex_unlock(mutex)
        return factory!(self) as! Service
    }
}
