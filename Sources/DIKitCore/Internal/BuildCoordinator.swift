/// Makes the build of a shared instance exclusive, and turns would-be deadlocks into cycles.
///
/// One thread claims a slot (a singleton of one container, with given arguments, or the first
/// access of an `@Injected` property) and builds it with no lock held; other threads that want the
/// same slot wait until it is released. Waiting is the one place a deadlock could hide: singletons
/// `A -> B` and `B -> A` first resolved on two threads at once would each wait for the other, and
/// neither thread's own path shows a cycle. So before waiting, a thread follows the chain
/// "slot → thread building it → slot that thread waits for → …"; if the chain comes back to
/// itself, waiting would never end, and it throws a circular-dependency error instead.
///
/// All of its state lives here, behind one lock: which thread builds which slot, and which slot
/// each waiting thread waits for. Lock order: this lock, then a container's; never the reverse.
///
/// Safety: `builders` and `waits` are only read and written while holding `condition`.
final class BuildCoordinator: @unchecked Sendable {
    /// What a thread builds: a shared instance of one container, or an `@Injected` property.
    ///
    /// A shared instance's slot holds its arguments' precomputed hash, not the values: the
    /// coordinator's lock never runs the values' `hash(into:)` or `==`. Two builds whose
    /// arguments differ but hash alike share a slot, which makes one wait for the other; if the
    /// other then needs what the waiting thread builds, that is reported as a cycle rather than
    /// left to deadlock. With the standard `Hasher` that takes a 64-bit collision; an argument
    /// type whose `hash(into:)` hashes little makes it likelier.
    enum Slot: Hashable {
        case shared(container: ObjectIdentifier, key: ServiceKey, argumentsHash: Int)
        case property(ObjectIdentifier)
    }

    /// What ``claim(_:_:for:isBuilt:)`` found.
    enum Outcome {
        /// The caller builds, then calls ``release(_:)``.
        case claimed
        /// What the caller waited for may have been built: look again.
        case changed
        /// This thread holds the slot already, further up its own resolution.
        case heldByThisThread
    }

    /// What a slot is, for errors.
    enum Subject {
        case registration(StoredRegistration)
        /// An `@Injected`-style property, a `Lazy` or a `Provider`.
        case property(Any.Type, name: String?, wrapper: InjectionWrapper)

        var description: String {
            switch self {
            case .registration(let registration): registration.info.serviceDescription
            case .property(let type, let name, let wrapper): wrapper.describe(type, name: name)
            }
        }
    }

    private struct Claim {
        let context: ResolutionContext
        let subject: Subject
    }

    static let shared = BuildCoordinator()

    private let condition = ConditionLock()
    private var builders: [Slot: Claim] = [:]
    private var waits: [ObjectIdentifier: Slot] = [:]

    /// Claims `slot` for the thread of `context`, waiting while another thread holds it.
    ///
    /// - Parameter isBuilt: Whether what the slot builds may exist now; called with this
    ///   coordinator's lock held, so it may take a container's lock but must run no user code and
    ///   release no user object.
    /// - Throws: a circular-dependency ``ResolutionError`` when waiting would deadlock.
    func claim(_ slot: Slot, _ subject: Subject, for context: ResolutionContext, isBuilt: () -> Bool) throws -> Outcome
    {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isBuilt() { return .changed }
            guard let claim = builders[slot] else {
                builders[slot] = Claim(context: context, subject: subject)
                return .claimed
            }
            if claim.context === context { return .heldByThisThread }
            if let chain = waitChain(from: slot, builtBy: claim.context, backTo: context) {
                throw ResolutionError.crossThreadCycle(chain.map(\.description), on: context)
            }
            waits[ObjectIdentifier(context)] = slot
            condition.wait()
            waits[ObjectIdentifier(context)] = nil
        }
    }

    /// Gives up the claim on `slot` and wakes the threads waiting for it.
    func release(_ slot: Slot) {
        // The claim holds no user object, so dropping it under the lock runs no user code.
        condition.withLock {
            builders[slot] = nil
            condition.broadcast()
        }
    }

    /// The subjects from `slot` to one that `context`'s thread is building, if the threads
    /// building them wait for each other in a ring through `context`; `nil` if waiting is safe.
    private func waitChain(from slot: Slot, builtBy builder: ResolutionContext, backTo context: ResolutionContext)
        -> [Subject]?
    {
        guard let first = builders[slot] else { return nil }
        var chain = [first.subject]
        var thread = builder
        while thread !== context {
            guard let next = waits[ObjectIdentifier(thread)], let claim = builders[next], chain.count < 10_000 else {
                return nil
            }
            chain.append(claim.subject)
            thread = claim.context
        }
        return chain
    }
}
