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
    enum Slot: Hashable {
        case shared(container: ObjectIdentifier, key: ServiceKey, arguments: [AnyHashable])
        case property(ObjectIdentifier)

        /// The key's own cheap hash mixed with the container's identity (and the arguments',
        /// when there are any), not SipHash over every part: a slot is claimed and released
        /// for every singleton built, two hashes that were a twentieth of building one in a test
        /// injector.
        func _rawHashValue(seed: Int) -> Int {
            switch self {
            case .shared(let container, let key, let arguments):
                var mixed = key._rawHashValue(seed: seed)
                mixed ^= Int(bitPattern: UInt(bitPattern: container)) &* 0x2545_F491_4F6C_DD1D
                if !arguments.isEmpty { mixed ^= arguments.hashValue }
                return mixed
            case .property(let owner):
                return ObjectIdentifier(Slot.self).hashValue ^ owner.hashValue ^ seed
            }
        }
    }

    /// What a slot is, for errors.
    enum Subject {
        case registration(StoredRegistration)
        case property(Any.Type, name: String?)

        var description: String {
            switch self {
            case .registration(let registration): registration.info.serviceDescription
            case .property(let type, let name): "@Injected " + describeService(type, name: name, argumentTypes: [])
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

    /// Claims `slot` for the thread of `context`.
    ///
    /// - Parameter isBuilt: Whether the slot's value exists; called with this coordinator's lock
    ///   held, so it may take a container's lock but must not run user code, nor release a
    ///   reference it took to a user object (another thread may have dropped the rest): it hands
    ///   such a reference out, for the caller to let go of after this returns.
    /// - Returns: `true` when the caller must build and then call ``release(_:)``; `false` when
    ///   the value was built meanwhile and the caller should read it.
    /// - Throws: a circular-dependency ``ResolutionError`` when the slot is being built by this
    ///   thread already, or when waiting would deadlock.
    func claim(_ slot: Slot, _ subject: Subject, for context: ResolutionContext, isBuilt: () -> Bool) throws -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isBuilt() { return false }
            guard let claim = builders[slot] else {
                builders[slot] = Claim(context: context, subject: subject)
                return true
            }
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
