/// Makes the build of a shared instance exclusive, and turns would-be deadlocks into cycles.
///
/// One thread claims an entry and builds it with no lock held; threads that want the same entry
/// wait until it is released. Waiting is the one place a deadlock could hide: singletons `A -> B`
/// and `B -> A` first resolved on two threads at once would each wait for the other, and neither
/// thread's own path shows a cycle. So before waiting, a thread follows the chain "entry → thread
/// building it → entry that thread waits for → …"; if the chain comes back to itself, waiting
/// would never end, and it throws a circular-dependency error instead.
enum BuildCoordinator {
    private static let lock = ConditionLock()

    /// Claims `entry` for building on the thread that owns `stack`.
    ///
    /// - Returns: `true` when the caller must build and then call ``release(_:)``; `false` when
    ///   the instance was built meanwhile, or its builder gave up, and the caller should look again.
    /// - Throws: a circular-dependency ``ResolutionError`` when waiting would deadlock.
    static func claim(_ entry: AnyEntry, for stack: ResolutionStack, isBuilt: () -> Bool) throws -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var waited = false
        while true {
            // Lock order: coordinator, then a container's lock (inside `isBuilt`); never the reverse.
            if isBuilt() { return false }
            guard let builder = entry.builder else {
                if waited { return false }
                entry.builder = stack
                return true
            }
            if let chain = waitChain(from: entry, backTo: stack, builder: builder) {
                throw ResolutionError.crossThreadCycle(chain, on: stack)
            }
            stack.waitingFor = entry
            lock.wait()
            stack.waitingFor = nil
            waited = true
        }
    }

    /// Gives up the claim on `entry` and wakes the threads waiting for it.
    static func release(_ entry: AnyEntry) {
        lock.withLock {
            entry.builder = nil
            lock.broadcast()
        }
    }

    /// The entries from `entry` to one that `stack`'s thread is building, if the threads building
    /// them wait for each other in a ring through `stack`; `nil` if waiting is safe.
    private static func waitChain(from entry: AnyEntry, backTo stack: ResolutionStack, builder: ResolutionStack)
        -> [AnyEntry]?
    {
        var chain = [entry]
        var thread = builder
        while thread !== stack {
            guard let next = thread.waitingFor, let nextBuilder = next.builder, chain.count < 4096 else { return nil }
            chain.append(next)
            thread = nextBuilder
        }
        return chain
    }
}
