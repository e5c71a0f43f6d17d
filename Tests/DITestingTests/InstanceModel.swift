import DIKitCore
import DITesting

/// What `InstanceModelTests` expects of a container, one operation at a time: which registration
/// answers, and whether it answers with an instance kept before (and which) or a new one.
enum InstanceModel {
    /// The service the tests resolve: it says which registration built it, for which argument,
    /// and how many `onResolved` handlers ran on it. Its serial number grows with every instance
    /// made, in the whole process.
    final class Part: Aspect {
        private static let made = LockedValue(0)
        let version: Int
        let argument: Int?
        let serial: Int
        private let handlerRuns = Counter()

        init(version: Int, argument: Int?) {
            self.version = version
            self.argument = argument
            serial = Self.made.withLock { count in
                count += 1
                return count
            }
        }

        var handled: Int { handlerRuns.value }
        func handle() { handlerRuns.increment() }
    }

    /// A type registrations also answer as, through `implements`.
    protocol Aspect: AnyObject, Sendable {}

    /// A factory's resolve of two parts named "p" in one graph.
    struct Pair {
        let first: Part
        let second: Part
    }

    enum ScopeKind: CaseIterable, CustomStringConvertible {
        case transient, singleton, weak, graph, session, other

        var scope: Scope {
            switch self {
            case .transient: .transient
            case .singleton: .singleton
            case .weak: .weak
            case .graph: .graph
            case .session: .custom("session")
            case .other: .custom("other")
            }
        }

        var description: String { "\(scope)" }
    }

    /// A registration's key: a name, and whether it takes an `Int`.
    struct Key: Hashable, CustomStringConvertible {
        let name: String?
        let takesArgument: Bool
        var description: String { "(\(name ?? "nil")\(takesArgument ? ", Int" : ""))" }
    }

    /// A registration of `Part`: its factory's version, scope, handlers, and for a registered
    /// instance, that instance's serial.
    struct Registration {
        let version: Int
        let scope: ScopeKind
        let handlers: Int
        let instance: Int?
    }

    /// A table entry: a `Part` registration, or an alias (`implements(Aspect.self)`) of one.
    enum Entry {
        case part(Registration)
        case alias(of: Key)
    }

    enum TableKey: Hashable {
        case part(Key)
        case alias(Key)
    }

    typealias Table = [(key: TableKey, entry: Entry)]

    /// One kept instance's place: a key and the argument it was built for.
    struct Slot: Hashable {
        let key: Key
        let argument: Int?
    }

    /// A container of the model: its table, a test injector's snapshot, its parent, and the
    /// instances it keeps.
    final class Box {
        let container: Container
        let label: String
        let parent: Box?
        /// A test injector's copy of the tables its base saw, nearest first.
        let snapshot: [Table]
        var table: Table = []
        var kept: [Slot: (serial: Int, scope: ScopeKind)] = [:]
        /// `.weak` instances: kept while alive.
        var weaklyKept: [Slot: Int] = [:]
        var registersPair = false
        var snapshotRegistersPair = false

        init(_ container: Container, label: String, parent: Box? = nil, snapshot: [Table] = []) {
            self.container = container
            self.label = label
            self.parent = parent
            self.snapshot = snapshot
        }

        var seesPair: Bool { registersPair || snapshotRegistersPair || parent?.seesPair == true }

        /// The tables lookups read, nearest first.
        var visibleTables: [Table] { [table] + snapshot + (parent?.visibleTables ?? []) }

        /// The nearest entry for `key`, and the box that owns it (a snapshot's is the injector's).
        func lookup(_ key: TableKey) -> (Entry, owner: Box)? {
            for table in [table] + snapshot {
                if let found = table.first(where: { $0.key == key }) { return (found.entry, self) }
            }
            return parent?.lookup(key)
        }

        func registration(_ key: Key) -> (Registration, owner: Box)? {
            guard case (.part(let registration), let owner)? = lookup(.part(key)) else { return nil }
            return (registration, owner)
        }

        func set(_ key: TableKey, _ entry: Entry) {
            if let index = table.firstIndex(where: { $0.key == key }) {
                table[index] = (key, entry)
            } else {
                table.append((key, entry))
            }
        }

        func dropInstances(where drop: (Slot, ScopeKind) -> Bool) {
            kept = kept.filter { !drop($0.key, $0.value.scope) }
            weaklyKept = weaklyKept.filter { !drop($0.key, .weak) }
        }
    }

    /// What a resolve must answer: a part of `version` with `handlers` handler runs, the kept
    /// instance `serial` or a new one, which `keep` records.
    struct Expected {
        let version: Int
        let serial: Int?
        let handlers: Int
        var keep: (Int) -> Void = { _ in }
    }
}
