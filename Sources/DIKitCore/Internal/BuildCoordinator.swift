/// Makes the build of a shared instance exclusive, and turns would-be deadlocks into cycles.
///
/// One thread claims a slot (a singleton of one container, with given arguments, or the first
/// access of an `@Injected` property) and builds it with no lock held; other threads that want the
/// same slot wait until it is released. Waiting is the one place a deadlock could hide: singletons
/// `A -> B` and `B -> A` first resolved on two threads at once would each wait for the other, and
/// neither thread's own path shows a cycle. So before waiting, a thread follows the chain
/// "claim → thread building it → claim that thread waits for → …"; if the chain comes back to
/// itself, waiting would never end, and it throws a circular-dependency error instead.
///
/// All of its state lives here, behind one lock: which thread builds what, and which claim each
/// waiting thread waits for. Lock order: this lock, then a container's; never the reverse.
///
/// Safety: `builders`, `waits` and `nextID` are only read and written while holding `condition`.
final class BuildCoordinator: @unchecked Sendable {
    /// Where builds may meet: a shared instance of one container, or an `@Injected` property.
    ///
    /// A shared instance's slot holds its arguments' precomputed hash, not the values: the
    /// coordinator's lock never runs the values' `hash(into:)` or `==`. Builds whose arguments
    /// differ but hash alike meet in one slot; a thread compares its arguments with each claim's
    /// after letting the lock go, and waits only for a claim on equal ones.
    enum Slot: Equatable {
        case shared(container: ObjectIdentifier, key: ServiceKey, argumentsHash: Int)
        case property(ObjectIdentifier)
    }

    /// One build in progress, held by the thread that claimed it until ``release(_:)``.
    struct Claim {
        fileprivate let id: UInt64
    }

    /// What ``claim(_:arguments:_:for:isBuilt:)`` found.
    enum Outcome {
        /// The caller builds, then calls ``release(_:)`` with the claim.
        case claimed(Claim)
        /// What the caller waited for may have been built: look again.
        case changed
        /// This thread holds the claim already, further up its own resolution.
        case heldByThisThread
    }

    /// What a claim builds, for errors.
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

    private struct Builder {
        let id: UInt64
        let slot: Slot
        let context: ResolutionContext
        let subject: Subject
        /// The arguments of a shared instance's build; `nil` for a property, whose slot is its own.
        let arguments: ArgumentIdentity?
    }

    static let shared = BuildCoordinator()

    private let condition = ConditionLock()
    /// The builds in progress, in no order: few (each thread's nested shared builds), so they are
    /// searched rather than hashed.
    private var builders: [Builder] = []
    private var waits: [ObjectIdentifier: Claim] = [:]
    private var nextID: UInt64 = 0

    /// Claims `slot` with `arguments` for the thread of `context`, waiting while another thread
    /// holds a claim on it for equal arguments.
    ///
    /// - Parameter isBuilt: Whether what the slot builds may exist now; called with this
    ///   coordinator's lock held, so it may take a container's lock but must run no user code and
    ///   release no user object.
    /// - Throws: a circular-dependency ``ResolutionError`` when waiting would deadlock.
    func claim(
        _ slot: Slot, arguments: ArgumentIdentity? = nil, _ subject: Subject, for context: ResolutionContext,
        isBuilt: () -> Bool
    ) throws -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        // Whether each claim met in the slot is for the same arguments, by its id.
        var isSame: [UInt64: Bool] = [:]
        while true {
            if isBuilt() { return .changed }
            let unsettled = builders.filter { $0.slot == slot && isSame[$0.id] == nil }
            if !unsettled.isEmpty {
                compareUnlocked(consume unsettled, with: arguments, into: &isSame)
                continue  // and look again: anything may have changed meanwhile
            }
            // Only the id and the thread are kept across the wait, not a copy of the builder: it
            // may be released meanwhile, and the copy would then let its arguments go here.
            guard let index = builders.firstIndex(where: { $0.slot == slot && isSame[$0.id] == true }) else {
                nextID += 1
                builders.append(
                    Builder(id: nextID, slot: slot, context: context, subject: subject, arguments: arguments))
                return .claimed(Claim(id: nextID))
            }
            if builders[index].context === context { return .heldByThisThread }
            let claim = Claim(id: builders[index].id)
            if let chain = waitChain(from: claim, backTo: context) {
                throw ResolutionError.crossThreadCycle(chain.map(\.description), on: context)
            }
            waits[ObjectIdentifier(context)] = claim
            condition.wait()
            waits[ObjectIdentifier(context)] = nil
        }
    }

    /// Notes in `isSame` whether each of `builders` builds for `arguments`, with the lock let go:
    /// comparing runs the values' `==`, and letting the copies go may run a `deinit`.
    private func compareUnlocked(
        _ builders: consuming [Builder], with arguments: ArgumentIdentity?, into isSame: inout [UInt64: Bool]
    ) {
        condition.unlock()
        defer { condition.lock() }
        for builder in builders {
            // A property's slot is its own; a shared instance's is equal arguments.
            isSame[builder.id] = builder.arguments.map { arguments?.matches($0) ?? false } ?? true
        }
        builders = []
    }

    /// Gives up `claim` and wakes the threads waiting for it.
    func release(_ claim: Claim) {
        let released = condition.withLock { () -> Builder? in
            defer { condition.broadcast() }
            guard let index = builders.firstIndex(where: { $0.id == claim.id }) else { return nil }
            builders.swapAt(index, builders.count - 1)
            return builders.removeLast()
        }
        withExtendedLifetime(released) {}  // its arguments are let go outside the lock
    }

    /// The builder holding `claim`, if it is still held.
    private func builder(of claim: Claim) -> Builder? {
        builders.first { $0.id == claim.id }
    }

    /// The subjects from `claim` to one that `context`'s thread is building, if the threads
    /// building them wait for each other in a ring through `context`; `nil` if waiting is safe.
    private func waitChain(from claim: Claim, backTo context: ResolutionContext) -> [Subject]? {
        guard var builder = builder(of: claim) else { return nil }
        var chain = [builder.subject]
        while builder.context !== context {
            guard let next = waits[ObjectIdentifier(builder.context)], let nextBuilder = self.builder(of: next),
                chain.count < 10_000
            else { return nil }
            chain.append(nextBuilder.subject)
            builder = nextBuilder
        }
        return chain
    }
}
