/// What `@Injected` and its siblings, ``Lazy`` and ``Provider`` share: the container to resolve
/// from, and the instance once resolved.
///
/// How the container is held keeps instances from keeping their own container alive (container →
/// instance → box → container would be a cycle, and a leaked test injector per test):
/// - a box made while a container is building an object (a wrapper of a service, a `Lazy` or
///   `Provider`) holds the container weakly: that container may keep the object;
/// - a box made anywhere else (`Container.withShared(c) { Model() }`) holds it strongly until it
///   has resolved, then lets it go; a provider box keeps holding it.
/// Resolving after a weakly held container is gone throws
/// ``ResolutionError/Kind-swift.enum/containerReleased``.
///
/// A box that resolves once (`Lazy`, `@Injected`, `@SafelyInjected`) made while a container is
/// building an object belongs to that resolve's graph: its first resolve shares the graph's
/// `.graph` instances (see `ResolutionGraph`), which the box holds until then.
///
/// Safety: `name` never changes; `strongContainer`, `link`, `graph` and `instance` are
/// read and written only under `lock`. The first resolve is exclusive (see `BuildCoordinator`), so a
/// transient service is resolved exactly once.
final class InjectionBox<Service>: @unchecked Sendable {
    let name: String?
    /// How the box is used, for errors.
    let wrapper: InjectionWrapper
    private let lock = Lock()
    private var strongContainer: Container?
    /// The container, held weakly.
    private var link: ContainerLink?
    private var instance: InstanceBox<Service>?
    /// The graph of the resolve the box was made in, until its first resolve.
    private var graph: ResolutionGraph?

    /// A box over `container`, held strongly unless a container is building an object on this
    /// thread, or `weakly` is `true`. A box that `resolvesOnce` joins the graph being built.
    init(container: Container, name: String?, wrapper: InjectionWrapper, resolvesOnce: Bool, weakly: Bool = false) {
        let context = ResolutionContext.current
        graph = resolvesOnce ? context.currentGraph : nil
        if weakly || context.isResolving {
            link = container.link
        } else {
            strongContainer = container
            container.withState { $0.strongHolders += 1 }
        }
        self.name = name
        self.wrapper = wrapper
    }

    deinit {
        strongContainer?.withState { $0.strongHolders -= 1 }
    }

    /// Holds `container` weakly from now on, if this box holds it strongly.
    func holdWeakly(_ container: Container) {
        let weakly = container.link
        // The caller holds `container`, so letting go of this reference under the lock runs no `deinit`.
        let held = lock.withLock {
            guard strongContainer === container else { return false }
            link = weakly
            strongContainer = nil
            return true
        }
        if held { container.withState { $0.strongHolders -= 1 } }
    }

    /// Resolves anew, every time.
    func resolve() throws -> Service {
        guard let container = lock.withLock({ strongContainer ?? link?.container }) else {
            throw ResolutionError.containerReleased(Service.self, name: name)
        }
        do {
            return try container.resolve(Service.self, name: name)
        } catch let error as ResolutionError where error.kind == .circularDependency {
            // Read while a service was being built (its initializer or factory reads the property).
            guard let owner = ResolutionContext.current.path.last else { throw error }
            throw error.readWhileBuilding(wrapper.describe(Service.self, name: name), owner: owner)
        }
    }

    /// The instance resolved on first use, then kept. Concurrent first uses resolve once; a
    /// failure is not kept.
    func resolveOnce() throws -> Service {
        if let instance = lock.withLock({ instance }) { return instance.value }
        let slot = BuildCoordinator.Slot.property(ObjectIdentifier(self))
        let context = ResolutionContext.current
        let subject = BuildCoordinator.Subject.property(Service.self, name: name, wrapper: wrapper)
        while true {
            let claim: BuildCoordinator.Claim
            switch try BuildCoordinator.shared.claim(
                slot, subject, for: context, isBuilt: { lock.withLock { instance != nil } })
            {
            case .claimed(let held): claim = held
            case .changed:
                if let instance = lock.withLock({ instance }) { return instance.value }
                continue
            case .heldByThisThread:
                throw ResolutionError.reentered(subject.description, on: context)
            }
            defer { BuildCoordinator.shared.release(claim) }
            let value = try context.resolving(in: lock.withLock { graph }) { try resolve() }
            let (container, joined) = lock.withLock {
                instance = InstanceBox(value)
                defer {
                    strongContainer = nil
                    graph = nil
                }
                return (strongContainer, graph)
            }
            container?.withState { $0.strongHolders -= 1 }
            withExtendedLifetime((container, joined)) {}  // let go of them outside the lock
            return value
        }
    }
}

/// What an ``InjectionBox`` serves, as errors name it.
enum InjectionWrapper {
    /// `@Injected`, `@SafelyInjected` or `@InjectedProvider`.
    case injected
    case lazy
    case provider

    /// `@Injected Clock`, `Lazy<Clock>`, `Provider<Clock>`.
    func describe(_ type: Any.Type, name: String?) -> String {
        let service = describeService(type, name: name, argumentTypes: [])
        return switch self {
        case .injected: "@Injected \(service)"
        case .lazy: "Lazy<\(service)>"
        case .provider: "Provider<\(service)>"
        }
    }
}

/// A reference to a container that does not keep it alive, one per container: what the boxes that
/// hold it weakly hold.
///
/// One weak reference kept for the container's life, rather than one per box: a weak reference
/// gives its object a side table, which, once no weak reference is left, only the object's
/// reference count points to, and in a form LeakSanitizer does not read as a pointer. A container
/// alive at exit (`Container.shared`) whose boxes were all released was reported as leaking it.
final class ContainerLink: Sendable {
    weak let container: Container?
    init(_ container: Container) { self.container = container }
}

extension Container {
    /// This container's ``ContainerLink``, made on first use.
    var link: ContainerLink {
        withState { state in
            if let link = state.link { return link }
            let link = ContainerLink(self)
            state.link = link
            return link
        }
    }
}
