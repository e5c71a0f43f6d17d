import DIKitCore

/// What `verifyAssemblies` observes in its sandbox: the registrations, the dependency edges, and
/// singletons that capture `.graph` or `.weak` services when built.
///
/// Verification resolves on one thread at a time; the stack follows that thread's nested
/// resolves.
final class VerificationObserver: ContainerObserver {
    struct Captive {
        let singleton: RegistrationInfo
        let captured: RegistrationInfo
        let path: [String]
    }

    struct State {
        var registrations: [RegistrationRecord] = []
        var stack: [(info: RegistrationInfo?, name: String)] = []
        var edges: [DependencyGraph.Edge] = []
        var seenEdges: Set<DependencyGraph.Edge> = []
        var captives: [Captive] = []
    }

    private let state = LockedValue(State())

    var wantsResolutions: Bool { true }
    var registrations: [RegistrationRecord] { state.withLock { $0.registrations } }
    var graph: DependencyGraph { DependencyGraph(edges: state.withLock { $0.edges }) }

    /// The captives found since the last call.
    func takeCaptives() -> [Captive] {
        state.withLock { state in
            defer { state.captives.removeAll() }
            return state.captives
        }
    }

    /// Records that `dependent` needs `dependency` (a property wrapper's service, say).
    func addEdge(from dependent: String, to dependency: String) {
        state.withLock { $0.add(DependencyGraph.Edge(dependent: dependent, dependency: dependency)) }
    }

    func didRegister(_ registration: StoredRegistration) {
        let record = RegistrationRecord(registration)
        state.withLock { $0.registrations.append(record) }
    }

    func willResolve(_ serviceType: Any.Type, name: String?, registration stored: StoredRegistration?) {
        let registration = stored?.info
        let node = registration?.serviceDescription ?? describeService(serviceType, name: name, argumentTypes: [])
        state.withLock { state in
            if let parent = state.stack.last {
                state.add(DependencyGraph.Edge(dependent: parent.name, dependency: node))
            }
            if let registration, registration.scope == .graph || registration.scope == .weak,
                let owner = state.capturingSingleton()
            {
                state.captives.append(
                    Captive(singleton: owner, captured: registration, path: state.stack.map(\.name) + [node]))
            }
            state.stack.append((registration, node))
        }
    }

    func didResolve(_ resolution: consuming ResolutionEvent) {
        state.withLock { _ = $0.stack.popLast() }
    }
}

extension VerificationObserver.State {
    mutating func add(_ edge: DependencyGraph.Edge) {
        if seenEdges.insert(edge).inserted { edges.append(edge) }
    }

    /// The singleton being built that the service about to be resolved would be captured by: the
    /// nearest registration on the stack that is not transient, if it is a singleton.
    func capturingSingleton() -> RegistrationInfo? {
        for entry in stack.reversed() {
            guard let info = entry.info else { return nil }
            if info.scope == .transient { continue }
            return info.scope == .singleton && info.aliasOf == nil ? info : nil
        }
        return nil
    }
}
