/// The resolution in progress on the current thread.
///
/// Resolution is synchronous: a factory runs start to finish on the thread that called `resolve`,
/// so one object per thread sees every nested `resolve`, whether it goes through the `Resolver` a
/// factory receives or through a container the factory captured. It holds:
/// - the registrations being built, outermost first: the path in errors, and cycle detection (a
///   cycle is the same registration with equal arguments);
/// - the `.graph` instances of the outermost resolve;
/// - the `onResolved` handlers to run when the outermost resolve has built its graph.
///
/// Every access is short and never spans user code: state is copied out before a factory or a
/// handler runs, and what the outermost resolve leaves behind is moved out before it is released.
///
/// Thread-confined: only its own thread touches it, except `BuildCoordinator`, which uses it as
/// an identity.
final class ResolutionContext {
    struct Frame {
        let registration: StoredRegistration
        let arguments: Arguments
    }

    /// An `onResolved` handler waiting for the outermost resolve to finish building.
    struct PendingHandler {
        /// The path when the instance was built, for errors.
        let frames: [Frame]
        let run: () throws -> Void
        /// Drops the instance from its cache when the handler fails.
        let undo: () -> Void
    }

    struct GraphKey: Hashable {
        let registration: ObjectIdentifier
        let arguments: [AnyHashable]
    }

    struct GraphInstance {
        /// Keeps `GraphKey.registration` alive and unique while the graph lives.
        let registration: StoredRegistration
        let box: AnyObject
    }

    /// How deep a resolution may go before it is taken for unbounded recursion.
    static let depthLimit = 200
    /// The stack a resolution leaves free for the factory that runs next and for reporting an
    /// error: past it, the resolution fails instead of overflowing the thread's stack.
    static let stackReserve = 128 * 1024

    /// This thread's stack, to stop before it overflows.
    let stack = ThreadStack.current

    private(set) var frames: [Frame] = []
    /// `resolve` calls in progress on this thread; 0 outside any resolution.
    private var activeResolves = 0
    private var graph: [GraphKey: GraphInstance] = [:]
    private var pending: [PendingHandler] = []

    init() { frames.reserveCapacity(16) }

    // MARK: Outermost resolves

    /// Starts a `resolve` call; `true` when it is the outermost one on this thread.
    func enter() -> Bool {
        activeResolves += 1
        return activeResolves == 1
    }

    /// Whether a `resolve` call is in progress on this thread.
    var isResolving: Bool { activeResolves > 0 }

    /// Ends a `resolve` call. The outermost one lets go of what it leaves behind — the graph's
    /// instances and any handlers that did not run — once this context no longer refers to them:
    /// their `deinit`s may resolve again, which starts a new outermost resolve.
    func leave(isOutermost: Bool) {
        activeResolves -= 1
        guard isOutermost else { return }
        releaseOutermost()
    }

    @inline(never)
    private func releaseOutermost() {
        assert(activeResolves == 0 && frames.isEmpty, "outermost resolve left frames behind")
        guard !graph.isEmpty || !pending.isEmpty else { return }
        var leftGraph: [GraphKey: GraphInstance] = [:]
        var leftPending: [PendingHandler] = []
        swap(&leftGraph, &graph)
        swap(&leftPending, &pending)
        withExtendedLifetime((leftGraph, leftPending)) {}  // released here, with no access in progress
    }

    // MARK: Frames

    /// Pushes `registration` as being built with `arguments`.
    ///
    /// - Throws: a circular-dependency error when it is already being built with equal
    ///   arguments; a depth error past ``depthLimit``.
    func push(_ registration: StoredRegistration, arguments: Arguments) throws {
        for frame in frames where frame.registration === registration && frame.arguments.isSame(as: arguments) {
            throw ResolutionError.cycle(closing: registration, on: self)
        }
        guard frames.count < Self.depthLimit else {
            throw ResolutionError.tooDeep(at: registration, on: self)
        }
        if let remaining = stack.remaining(), remaining < Self.stackReserve {
            throw ResolutionError.stackExhausted(at: registration, on: self)
        }
        frames.append(Frame(registration: registration, arguments: arguments))
    }

    func pop() { frames.removeLast() }

    /// The descriptions of the registrations being built, outermost first.
    var path: [String] { frames.map(\.registration.info.serviceDescription) }

    // MARK: Graph instances

    func graphInstance(_ key: GraphKey) -> AnyObject? { graph[key]?.box }

    func setGraphInstance(_ box: AnyObject, for key: GraphKey, registration: StoredRegistration) {
        graph[key] = GraphInstance(registration: registration, box: box)
    }

    func removeGraphInstance(_ key: GraphKey) -> GraphInstance? { graph.removeValue(forKey: key) }

    // MARK: onResolved handlers

    /// Queues `handlers` to run with `value` when the outermost resolve has built its graph.
    @inline(never)
    func addPending<Service>(
        _ handlers: [@Sendable (any Resolver, Service) throws -> Void], resolver: Container, value: Service,
        undo: (() -> Void)?
    ) {
        pending.append(
            PendingHandler(
                frames: frames, run: { for handler in handlers { try handler(resolver, value) } }, undo: undo ?? {}))
    }

    /// Runs the pending handlers in the order their instances were built, including handlers that
    /// earlier handlers add. On failure the failing handler's instance is dropped from its cache.
    func runPendingHandlers() throws {
        var index = 0
        while index < pending.count {
            let handler = pending[index]
            index += 1
            do {
                try handler.run()
            } catch {
                handler.undo()
                if let error = error as? ResolutionError { throw error }
                throw ResolutionError.handlerFailed(error, frames: handler.frames)
            }
        }
        // Released by the caller, through `leaveOutermost()`.
    }
}
