/// The resolution in progress on the current thread.
///
/// Resolution is synchronous: a factory runs start to finish on the thread that called `resolve`,
/// so one object per thread sees every nested `resolve`, whether it goes through the `Resolver` a
/// factory receives or through a container the factory captured. It holds:
/// - the registrations being built, outermost first: the path in errors, and cycle detection (a
///   cycle is the same registration built by the same container with equal arguments; built by
///   another container — a parent's transient met again under the parent's singleton, which
///   resolves through the parent — it may find other dependencies, and end);
/// - the `.graph` instances of the outermost resolve (see `ResolutionGraph`);
/// - the `onResolved` handlers to run when the outermost resolve has built its graph.
///
/// Every access is short and never spans user code: state is copied out before a factory or a
/// handler runs, and what the outermost resolve leaves behind is moved out before it is released.
///
/// Thread-confined: only its own thread touches it, except `BuildCoordinator`, which uses it as
/// an identity.
final class ResolutionContext {
    /// One registration being built. Not retained: while it is on the stack the resolve that
    /// pushed it holds the registration; what outlives the stack (a trail, an error, a pending
    /// handler) takes ``registrations``, which retains them.
    struct Frame {
        private let unretained: Unretained<StoredRegistration>
        /// The registration's identity, compared without loading the reference.
        let id: ObjectKey
        /// The identity of the container that builds it: the factory's resolver.
        let resolver: ObjectKey
        /// The arguments' identity, as in ``Arguments/identity``.
        let arguments: ArgumentIdentity?

        init(registration: StoredRegistration, resolver: ObjectKey, arguments: ArgumentIdentity?) {
            unretained = Unretained(registration)
            id = ObjectKey(registration)
            self.resolver = resolver
            self.arguments = arguments
        }

        var registration: StoredRegistration { unretained.object }

        /// Whether `other` may build the same registration, with the same resolver and equal
        /// arguments: the same registration and container, and arguments with the same hash. Runs
        /// no user code.
        func mayBeSame(as other: Frame) -> Bool {
            guard id == other.id, resolver == other.resolver, let arguments, let otherArguments = other.arguments
            else { return false }
            return arguments.hash == otherArguments.hash
        }

        /// Whether `other` builds the same registration, with the same resolver and equal
        /// arguments: a cycle. Runs the arguments' `==`: never inside an access to the context's
        /// state.
        func isSame(as other: Frame) -> Bool {
            guard mayBeSame(as: other), let arguments, let otherArguments = other.arguments else { return false }
            return arguments.matches(otherArguments)
        }
    }

    /// An `onResolved` handler waiting for the outermost resolve to finish building.
    struct PendingHandler {
        /// The registrations being built when the instance was, for errors.
        let trail: [StoredRegistration]
        /// The registration whose handlers these are.
        let registration: StoredRegistration
        /// The identity of the container that built the instance, and runs the handlers.
        let resolver: ObjectKey
        /// The arguments the instance was built with.
        let arguments: ArgumentIdentity?
        /// The handlers whose running built this instance, nearest last: a handler whose
        /// registration and arguments are among them would start the same chain again, without end.
        let causes: [(registration: StoredRegistration, resolver: ObjectKey, arguments: ArgumentIdentity?)]
        let run: () throws -> Void
    }

    /// How deep a resolution may go before it is taken for unbounded recursion.
    static let depthLimit = 200
    /// The stack a resolution leaves free for the factory that runs next and for reporting an
    /// error: past it, the resolution fails instead of overflowing the thread's stack.
    static let stackReserve = 128 * 1024

    /// Everything that changes but the frames, in one value, in `storage`: each operation below is
    /// one short access to it that runs no user code and releases no user object (what it
    /// removes, it returns, to be released after the access).
    private struct State {
        /// `resolve` calls in progress on this thread; 0 outside any resolution.
        var activeResolves = 0
        /// The outermost resolve's graph, made when first needed.
        var graph: ResolutionGraph?
        var pending: [PendingHandler] = []
        /// How many of `pending`, from the first, have run.
        var handled = 0
        /// The shared instances the outermost resolve published: a failed resolve that leaves
        /// handlers unrun drops them from their caches, since any of them may hold an instance
        /// whose handlers did not run.
        var published: [PublishedInstance] = []
        /// The index in `pending` of the handler running now: the cause of the handlers its
        /// resolves queue.
        var running: Int?

        /// How many frames of each registration are on the stack, kept only while the stack is
        /// deeper than `indexedDepth`: below it a scan is cheaper; above it the index keeps the
        /// cycle check from growing with the depth.
        var frameCounts: [ObjectKey: Int] = [:]
        static let indexedDepth = 16

        /// Counts a frame of `id` pushed, making the stack `depth` deep.
        mutating func counted(_ id: ObjectKey, depth: Int, frames: @autoclosure () -> [Frame]) {
            if depth == Self.indexedDepth + 1 {
                for frame in frames() { frameCounts[frame.id, default: 0] += 1 }
            } else if depth > Self.indexedDepth + 1 {
                frameCounts[id, default: 0] += 1
            }
        }

        /// Uncounts a frame of `id` popped from a stack `depth` deep.
        mutating func uncounted(_ id: ObjectKey, depth: Int) {
            if depth == Self.indexedDepth + 1 {
                frameCounts.removeAll(keepingCapacity: true)
            } else if depth > Self.indexedDepth + 1 {
                if frameCounts[id] == 1 { frameCounts[id] = nil } else { frameCounts[id]? -= 1 }
            }
        }

        /// Ends a `resolve` call; for the outermost one, takes out what it leaves behind.
        mutating func leave() -> (graph: ResolutionGraph?, pending: [PendingHandler], published: [PublishedInstance])? {
            activeResolves -= 1
            guard activeResolves == 0, graph != nil || !pending.isEmpty || !published.isEmpty else { return nil }
            defer {
                graph = nil
                pending = []
                handled = 0
                running = nil
                published = []
            }
            return (graph, pending, published)
        }
    }

    /// The state, and the frames: the registrations being built, outermost first.
    private let storage = ConfinedStack<State, Frame>.make(State(), capacity: depthLimit)
    /// This thread's stack, to stop before it overflows.
    let threadStack = ThreadStack.current

    /// The frames on the stack, outermost first: for use while they are on it.
    var frames: [Frame] { storage.elements }

    /// The registrations being built, outermost first, retained: for what outlives the stack.
    var registrations: [StoredRegistration] { storage.elements.map(\.registration) }

    /// The descriptions of the registrations being built, outermost first.
    var path: [String] { frames.map(\.registration.info.serviceDescription) }

    // MARK: Outermost resolves

    /// Starts a `resolve` call; `true` when it is the outermost one on this thread.
    func enter() -> Bool {
        storage.access { state in
            state.activeResolves += 1
            return state.activeResolves == 1
        }
    }

    /// Whether a `resolve` call is in progress on this thread.
    var isResolving: Bool { storage.access { $0.activeResolves > 0 } }

    /// Ends a `resolve` call. The outermost one lets go of what it leaves behind — the graph's
    /// instances and any handlers that did not run — once this context no longer refers to them:
    /// their `deinit`s may resolve again, which starts a new outermost resolve.
    func leave() {
        guard var leftovers = storage.access({ $0.leave() }) else { return }
        // A graph that something made during the resolve still refers to stops holding its
        // instances; the one left here is released with them.
        let loosened = isKnownUniquelyReferenced(&leftovers.graph) ? nil : leftovers.graph?.loosen()
        withExtendedLifetime((leftovers, loosened)) {}  // released here, after the accesses have ended
    }

    // MARK: Frames

    /// Pushes `registration` as being built by `resolver` with `arguments`.
    ///
    /// - Throws: a circular-dependency error when it is already being built by `resolver` with
    ///   equal arguments; a depth error past ``depthLimit``, or when the thread's stack runs low.
    func push(_ registration: StoredRegistration, resolver: Container, arguments: Arguments) throws {
        let frame = Frame(registration: registration, resolver: ObjectKey(resolver), arguments: arguments.identity)
        let depth = storage.count
        if depth <= State.indexedDepth || storage.access({ $0.frameCounts[frame.id] != nil }) {
            // Candidates by identity and hash first; the arguments' `==` runs on a copy.
            if storage.contains(where: { $0.mayBeSame(as: frame) }), frames.contains(where: { $0.isSame(as: frame) }) {
                throw ResolutionError.cycle(closing: registration, on: self)
            }
        }
        guard storage.push(frame) else { throw ResolutionError.tooDeep(at: registration, on: self) }
        if depth >= State.indexedDepth {
            storage.access { $0.counted(frame.id, depth: depth + 1, frames: storage.elements) }
        }
        if let remaining = threadStack.remaining(), remaining < Self.stackReserve {
            pop()
            throw ResolutionError.stackExhausted(at: registration, on: self)
        }
    }

    func pop() {
        let depth = storage.count
        let frame = storage.popLast()
        if depth > State.indexedDepth {
            storage.access { $0.uncounted(frame.id, depth: depth) }
        }
        withExtendedLifetime(frame) {}  // its arguments are user values: released after the access
    }

    // MARK: Graph instances

    /// The graph instance of `registration` for `arguments`, if one is built and alive.
    func graphInstance<Service>(
        of registration: StoredRegistration, arguments: ArgumentIdentity, as _: Service.Type
    ) -> Service? {
        guard let graph = storage.access({ $0.graph }) else { return nil }
        // Compared and loaded after the accesses: `==` is the arguments' own, and loading a weak
        // reference retains the object, whose release may be its last.
        for entry in graph.candidates(of: registration, arguments: arguments)
        where entry.arguments.matches(arguments) {
            if let value = entry.instance.value(as: Service.self) { return value }
        }
        return nil
    }

    func setGraphInstance<Service>(_ value: Service, of registration: StoredRegistration, arguments: ArgumentIdentity) {
        graph().store(value, of: registration, arguments: arguments)
    }

    /// The graph of the resolve in progress on this thread, made now if none is yet; `nil`
    /// outside any resolve.
    var currentGraph: ResolutionGraph? { isResolving ? graph() : nil }

    private func graph() -> ResolutionGraph {
        if let graph = storage.access({ $0.graph }) { return graph }
        let graph = ResolutionGraph()
        storage.access { $0.graph = graph }
        return graph
    }

    /// Runs `body`, whose resolve, when it is the outermost one on this thread, is built in
    /// `graph`: the graph of the resolve during which a `Lazy` or a property was made.
    func resolving<Result>(in graph: ResolutionGraph?, _ body: () throws -> Result) rethrows -> Result {
        guard let graph, storage.access({ $0.activeResolves == 0 && $0.graph == nil }) else { return try body() }
        storage.access { $0.graph = graph }
        defer {
            // Still set if `body` took the hot path, which does not enter a resolve.
            let left = storage.access { state -> ResolutionGraph? in
                guard state.activeResolves == 0, state.graph === graph else { return nil }
                defer { state.graph = nil }
                return state.graph
            }
            withExtendedLifetime(left) {}
        }
        return try body()
    }

    // MARK: onResolved handlers

    /// Queues `handlers` to run with `value` when the outermost resolve has built its graph.
    @inline(never)
    func addPending(
        _ handlers: [@Sendable (any Resolver, Any) throws -> Void], of registration: StoredRegistration,
        resolver: Container, value: Any
    ) {
        let trail = registrations
        // The registration's own frame is on top while it is built.
        let arguments = frames.last?.arguments
        storage.access { state in
            let causes = state.running.map { running in
                let cause = state.pending[running]
                return cause.causes + [(cause.registration, cause.resolver, cause.arguments)]
            }
            state.pending.append(
                PendingHandler(
                    trail: trail, registration: registration, resolver: ObjectKey(resolver), arguments: arguments,
                    causes: causes ?? [],
                    run: { for handler in handlers { try handler(resolver, value) } }))
        }
    }

    /// Keeps `instance`, a shared instance just published, until the outermost resolve ends:
    /// ``abandonPending()`` drops it from its cache if that resolve fails.
    func addPublished(_ instance: PublishedInstance) {
        storage.access { $0.published.append(instance) }
    }

    /// Runs the pending handlers in the order their instances were built, including handlers that
    /// earlier handlers add. When one fails, the outermost resolve fails, and ``abandonPending()``
    /// drops the shared instances it built: a failed resolve leaves no half-wired shared instance
    /// behind.
    func runPendingHandlers() throws {
        guard storage.access({ !$0.pending.isEmpty }) else { return }
        var index = 0
        while let handler = nextPending(index) {
            try checkCauses(of: handler)
            storage.access { $0.running = index }
            do {
                try handler.run()
                storage.access {
                    $0.handled = index + 1
                    $0.running = nil
                }
            } catch {
                let service = handler.registration.info.serviceDescription
                if let error = error as? ResolutionError {
                    throw error.inHandler(of: service, trail: handler.trail.map(\.info.serviceDescription))
                }
                throw ResolutionError.handlerFailed(error, trail: handler.trail)
            }
            index += 1
        }
        // Released by `leave()`.
    }

    /// Throws when `handler` would start again a chain of handlers it comes from (a transient whose
    /// handler resolves its own type, say: each new instance's handler would resolve another), or
    /// when the chain is deeper than ``depthLimit``. Runs the arguments' `==` outside any access.
    private func checkCauses(of handler: PendingHandler) throws {
        guard !handler.causes.isEmpty else { return }
        let frame = Frame(registration: handler.registration, resolver: handler.resolver, arguments: handler.arguments)
        let start = handler.causes.firstIndex {
            Frame(registration: $0.registration, resolver: $0.resolver, arguments: $0.arguments).isSame(as: frame)
        }
        if let start {
            throw ResolutionError.handlerCycle(handler.causes[start...].map(\.registration) + [handler.registration])
        }
        if handler.causes.count >= Self.depthLimit {
            throw ResolutionError.handlersTooDeep(handler.causes.map(\.registration) + [handler.registration])
        }
    }

    /// For an outermost resolve that failed with handlers it queued left unrun — which will not
    /// run — drops from their caches every shared instance it published: one whose handlers did
    /// not run is half-wired, and so is one that holds such an instance, built before it or by a
    /// handler, found in a cache or built beneath it. With no handler left, every instance it
    /// built is whole, and stays. What is dropped is released by ``leave()``.
    func abandonPending() {
        let published = storage.access { $0.handled < $0.pending.count ? $0.published : [] }
        for instance in published { instance.unpublish() }
    }

    private func nextPending(_ index: Int) -> PendingHandler? {
        storage.access { index < $0.pending.count ? $0.pending[index] : nil }
    }
}
