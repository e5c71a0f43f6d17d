#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The resolutions in progress on the current thread, innermost last.
///
/// Resolution is synchronous: a factory runs start to finish on the thread that called `resolve`,
/// so a per-thread stack sees every nested `resolve` — through the `Resolver` a factory receives
/// or through a container the factory captured. That gives every error its whole path, finds
/// cycles before they overflow the stack, and scopes `.graph` instances to one outermost call.
/// The stack's identity also names the thread when one thread waits for another to finish
/// building a singleton (see `BuildCoordinator`).
final class ResolutionStack {
    /// The entries being built, outermost first.
    @exclusivity(unchecked) private(set) var frames: [AnyEntry] = []
    /// `.graph` instances of the current outermost resolution, by entry.
    @exclusivity(unchecked) var graphInstances: [ObjectIdentifier: Any] = [:]
    /// The entry this thread is waiting for another thread to build. Guarded by
    /// `BuildCoordinator.lock`.
    @exclusivity(unchecked) var waitingFor: AnyEntry?

    private init() { frames.reserveCapacity(8) }

    /// The current thread's stack, created on first use and released when the thread exits.
    static var current: ResolutionStack {
        if let pointer = pthread_getspecific(threadKey) {
            return Unmanaged<ResolutionStack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = ResolutionStack()
        pthread_setspecific(threadKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    func contains(_ entry: AnyEntry) -> Bool { frames.contains { $0 === entry } }

    func push(_ entry: AnyEntry) { frames.append(entry) }

    func pop() {
        frames.removeLast()
        if frames.isEmpty && !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
    }

    /// The descriptions of the entries being built, outermost first.
    var path: [String] { frames.map(\.serviceDescription) }
}

private let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<ResolutionStack>.fromOpaque($0).release() }
    #else
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ResolutionStack>.fromOpaque(pointer).release() }
        }
    #endif
    precondition(status == 0, "DIKit could not create its thread-local resolution stack.")
    return key
}()
