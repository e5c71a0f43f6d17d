import DIKitCore
import Foundation

/// What `verifyAssemblies` observes in its sandbox: the registrations, the dependency edges, and
/// singletons that capture `.graph` or `.weak` services when built.
///
/// Each thread has its own stack of nested resolves, so a lazily read `@Injected` property of an
/// object on another thread is not credited to whatever the verifying thread is building.
final class VerificationObserver: ContainerObserver {
    struct Captive {
        let owner: RegistrationInfo
        let captured: RegistrationInfo
        let path: [String]
        /// Whether an `@Injected` or `@SafelyInjected` property keeps it.
        let throughProperty: Bool
    }

    /// A resolve in progress on a thread, or the property of an instance whose service is being
    /// resolved: the owner's registration, which keeps what the property resolves (`nil` for an
    /// `@InjectedProvider`, which keeps nothing).
    struct Frame {
        let info: RegistrationInfo?
        let name: String
        var isProperty = false
    }

    struct State {
        var registrations: [RegistrationRecord] = []
        var stacks: [ObjectIdentifier: [Frame]] = [:]
        /// Per thread, the registration that answered the last resolve made for a property.
        var answered: [ObjectIdentifier: RegistrationInfo] = [:]
        var edges: [DependencyGraph.Edge] = []
        var seenEdges: Set<DependencyGraph.Edge> = []
        var captives: [Captive] = []
    }

    /// Every instance the sandbox resolved, kept until the check ends.
    ///
    /// Safety: the instances are only appended and handed back, under the lock, never used.
    struct Kept: @unchecked Sendable {
        var instances: [Any] = []
    }

    private let state = LockedValue(State())
    private let kept = LockedValue(Kept())

    var wantsResolutions: Bool { true }
    /// Every instance is kept: an `unowned` reference from one to another (a model's `unowned let
    /// router` to a `.weak` router nothing else holds in the sandbox) would be left dangling, and
    /// reflecting it would stop the process.
    var keepsInstances: Bool { true }

    func keep(_ instance: Any) { kept.withLock { $0.instances.append(instance) } }

    /// The instances kept, handed over to be released after the check, outside any lock (an
    /// instance that holds the sandbox would otherwise keep it, and itself, alive).
    func releaseKept() -> [Any] {
        kept.withLock { state in
            defer { state.instances.removeAll() }
            return state.instances
        }
    }
    var registrations: [RegistrationRecord] { state.withLock { $0.registrations } }
    /// The edges, in a stable order: their `A -> B` lines sorted.
    var graph: DependencyGraph {
        DependencyGraph(edges: state.withLock { $0.edges }.sorted { "\($0)" < "\($1)" })
    }

    /// The captives found since the last call.
    func takeCaptives() -> [Captive] {
        state.withLock { state in
            defer { state.captives.removeAll() }
            return state.captives
        }
    }

    /// Runs `body`, which resolves the service of `owner`'s property `property`, as if inside the
    /// owner's resolve: a `.graph`, `.weak` or custom-scoped service the property keeps is captured
    /// by a singleton or custom-scoped owner. `ownerInfo` is `nil` when the owner has no
    /// registration or the property keeps nothing. Returns what `body` returns, and the
    /// registration that answered.
    func resolving<Result>(
        property: String, of owner: String, ownerInfo: RegistrationInfo?, _ body: () throws -> Result
    ) rethrows -> (Result, answered: RegistrationInfo?) {
        let thread = currentThread()
        let frames = [
            Frame(info: ownerInfo, name: owner, isProperty: true),
            Frame(info: ownerInfo, name: property, isProperty: true),
        ]
        state.withLock { $0.stacks[thread, default: []] += frames }
        defer {
            state.withLock { state in
                state.stacks[thread]?.removeLast(frames.count)
                if state.stacks[thread]?.isEmpty == true { state.stacks[thread] = nil }
            }
        }
        let result = try body()
        return (result, state.withLock { $0.answered.removeValue(forKey: thread) })
    }

    /// Records that `dependent` needs `dependency` (a property wrapper's service, say).
    func addEdge(from dependent: String, to dependency: String) {
        state.withLock { $0.add(DependencyGraph.Edge(dependent: dependent, dependency: dependency)) }
    }

    func didRegister(_ registration: RegistrationHandle) {
        let record = RegistrationRecord(registration)
        state.withLock { $0.registrations.append(record) }
    }

    func willResolve(
        _ serviceType: Any.Type, name: String?, registration stored: RegistrationHandle?, target: RegistrationHandle?
    ) {
        let node = stored?.info.serviceDescription ?? describeService(serviceType, name: name, argumentTypes: [])
        // What builds the instance, and keeps it or not: for an alias, the registration it resolves.
        let registration = target?.info ?? stored?.info
        let thread = currentThread()
        state.withLock { state in
            let stack = state.stacks[thread, default: []]
            if let parent = stack.last {
                // A property's edge is its owner's, which `verifyAssemblies` adds.
                if parent.isProperty {
                    if let registration { state.answered[thread] = registration }
                } else {
                    state.add(DependencyGraph.Edge(dependent: parent.name, dependency: node))
                }
            }
            if let registration, let owner = capturingOwner(in: stack),
                isCaptive(registration.scope, heldBy: owner.scope)
            {
                state.captives.append(
                    Captive(
                        owner: owner, captured: registration, path: stack.map(\.name) + [node],
                        throughProperty: stack.contains { $0.isProperty }))
            }
            state.stacks[thread, default: []].append(Frame(info: registration, name: node))
        }
    }

    func didResolve(_ resolution: consuming ResolutionEvent) {
        let thread = currentThread()
        state.withLock { state in
            _ = state.stacks[thread]?.popLast()
            if state.stacks[thread]?.isEmpty == true { state.stacks[thread] = nil }
        }
    }
}

extension VerificationObserver.State {
    mutating func add(_ edge: DependencyGraph.Edge) {
        if seenEdges.insert(edge).inserted { edges.append(edge) }
    }
}

/// What the service about to be resolved would be captured by: the nearest registration on
/// `stack` that is not transient, if it keeps its instance (a singleton or a custom scope).
private func capturingOwner(in stack: [VerificationObserver.Frame]) -> RegistrationInfo? {
    for entry in stack.reversed() {
        guard let info = entry.info else { return nil }
        switch info.scope {
        case .transient: continue
        case .singleton, .custom: return info.aliasOf == nil ? info : nil
        case .graph, .weak: return nil
        }
    }
    return nil
}

/// Whether an instance of scope `owner`, holding one of scope `captured`, keeps it past the end
/// its scope gives it: a `.graph` or `.weak` one always; a custom scope's when the owner's scope
/// is another (a singleton holding the `.session` account after `reset(scope: .session)`).
private func isCaptive(_ captured: Scope, heldBy owner: Scope) -> Bool {
    switch captured {
    case .graph, .weak: true
    case .custom: captured != owner
    case .transient, .singleton: false
    }
}

/// The current thread's identity.
private func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }
