import DIKitCore
import DITesting
import Testing

/// Random graphs of services that need each other — by name, with and without arguments, through
/// `implements` aliases, ready instances — registered into containers, their children and test
/// injectors over them, resolved, reset and removed, checked after each step against a model:
/// which registration answers each service of the graph, whether with an instance kept before or
/// a new one, which resolves fail as missing or as cycles, and how many resolutions each test
/// injector records. Each resolve's `onResolved` handlers have run on every instance it returns.
@Suite struct GraphModelTests {
    @Test(arguments: 0..<64)
    func graphsResolveAsTheModelSays(seed: UInt64) {
        let run = GraphModelRun(seed: seed)
        for _ in 0..<400 where !run.failed { run.step() }
    }
}

/// A service of the graph: which registration built it, for which argument, what it needed, and
/// how many `onResolved` handlers ran on it. Serial numbers grow with every instance made.
protocol GraphNode: AnyObject, Sendable {
    var registration: Int { get }
    var serial: Int { get }
    var argument: Int? { get }
    var dependencies: [any GraphNode] { get }
    var handled: Int { get }
}

final class Node<Tag>: GraphNode {
    let registration: Int
    let serial: Int
    let argument: Int?
    let dependencies: [any GraphNode]
    private let handlerRuns = Counter()

    init(registration: Int, argument: Int?, dependencies: [any GraphNode]) {
        self.registration = registration
        self.argument = argument
        self.dependencies = dependencies
        serial = nodesMade.withLock { count in
            count += 1
            return count
        }
    }

    var handled: Int { handlerRuns.value }
    func handle() { handlerRuns.increment() }
}

private let nodesMade = LockedValue(0)
enum Tag0 {}
enum Tag1 {}
enum Tag2 {}

/// One random sequence over a root, its children and test injectors.
final class GraphModelRun {
    /// A service: one of three node types, or (`type == 3`) `any GraphNode`, which aliases answer.
    struct Key: Hashable, CustomStringConvertible {
        let type: Int
        let name: String?
        let takesArgument: Bool
        var description: String { "T\(type)/\(name ?? "-")\(takesArgument ? "(Int)" : "")" }
    }

    /// A dependency: its service, and its argument — none, half the dependent's, or 3.
    struct Dependency: Sendable {
        let type: Int
        let name: String?
        let argumentRule: Int
        var key: Key { Key(type: type, name: name, takesArgument: argumentRule != 0) }
        func argument(for dependent: Int?) -> Int? {
            argumentRule == 0 ? nil : argumentRule == 1 ? (dependent ?? 2) / 2 : 3
        }
    }

    struct Spec {
        let id: Int
        let scope: Scope
        let dependencies: [Dependency]
        var instance: Int?
        var aliasOf: Key?
        var hasHandler = false
    }

    /// A container and what the model knows of it.
    final class Box {
        let container: Container
        let parent: Box?
        let label: String
        var registrations: [Key: Spec] = [:]
        var snapshot: [Key: Spec] = [:]
        /// Instances kept, by registration and argument; `nil` serial: built by a failed resolve.
        var kept: [String: Int?] = [:]
        /// The injector that records this container's resolutions, if any (itself, for an injector: weak).
        weak var recorder: Box?
        var recorded: [(type: Int, name: String?, concreteType: Int)] = []

        init(_ container: Container, parent: Box?, label: String) {
            self.container = container
            self.parent = parent
            self.label = label
            recorder = parent?.recorder
        }

        func lookup(_ key: Key) -> (Spec, owner: Box)? {
            if let found = registrations[key] ?? snapshot[key] { return (found, self) }
            return parent?.lookup(key)
        }

        var visible: [Key: Spec] {
            (parent?.visible ?? [:]).merging(snapshot) { $1 }.merging(registrations) { $1 }
        }
    }

    enum Failure: Error { case missing, cycle }

    private var random: SnapshotModelTests.SplitMix
    private let seed: UInt64
    private var boxes: [Box]
    private var nextID = 0
    private var held: [any GraphNode] = []
    /// What the resolve in progress built: the shared instances kept, and whether any instance
    /// queued `onResolved` handlers — a resolve that fails then keeps none of them.
    private var builtNow: (kept: [(owner: Box, slot: String)], queuedHandlers: Bool) = ([], false)
    private var log: [String] = []
    private(set) var failed = false
    private let names: [String?] = [nil, "a"]
    private let scopes: [Scope] = [.transient, .singleton, .graph, .weak, .custom("session")]

    init(seed: UInt64) {
        self.seed = seed
        random = SnapshotModelTests.SplitMix(state: seed)
        let root = Box(Container(), parent: nil, label: "root")
        boxes = [root, Box(root.container.makeChild(), parent: root, label: "child")]
    }

    private func pick(_ count: Int) -> Int { Int.random(in: 0..<count, using: &random) }

    func step() {
        let box = boxes[pick(boxes.count)]
        switch pick(20) {
        case 0..<6: register(in: box)
        case 6..<16: resolve(from: box)
        case 16:
            log.append("\(box.label).reset()")
            box.container.reset()
            box.kept = [:]
        case 17:
            log.append("\(box.label).removeAll()")
            box.container.removeAll()
            box.registrations = [:]
            box.kept = [:]
        case 18 where boxes.count < 7:
            let injector = Box(SpyContainer(base: box.container), parent: nil, label: "injector\(boxes.count)")
            injector.snapshot = box.visible
            injector.recorder = injector
            boxes.append(injector)
            log.append("\(injector.label) = SpyContainer(base: \(box.label))")
        case 19 where boxes.count < 7:
            boxes.append(Box(box.container.makeChild(), parent: box, label: "child\(boxes.count)"))
            log.append("\(boxes.last!.label) = \(box.label).makeChild()")
        default:
            break
        }
        checkRecordings()
    }

    // MARK: Registering

    private func register(in box: Box) {
        nextID += 1
        let (id, type, name) = (nextID, pick(3), names[pick(2)])
        let isInstance = pick(6) == 0
        let key = Key(type: type, name: name, takesArgument: !isInstance && pick(2) == 0)
        let dependencies = (0..<pick(3)).map { _ in
            Dependency(type: pick(4), name: names[pick(2)], argumentRule: pick(3))
        }
        var registration = Spec(id: id, scope: scopes[pick(scopes.count)], dependencies: dependencies)
        let alias: String?? = pick(3) == 0 ? .some(names[pick(2)]) : .none
        registration.hasHandler = !isInstance && pick(3) == 0
        func register<Tag>(_: Tag.Type) {
            let made: Registration<Node<Tag>>
            if isInstance {
                let node = Node<Tag>(registration: id, argument: nil, dependencies: [])
                held.append(node)
                registration.instance = node.serial
                made = box.container.register(Node<Tag>.self, name: name, instance: node)
            } else if key.takesArgument {
                made = box.container.register(Node<Tag>.self, name: name, scope: registration.scope) {
                    (r: any Resolver, argument: Int) in
                    Node(
                        registration: id, argument: argument,
                        dependencies: try dependencies.map { try Self.resolve($0.key, $0.argument(for: argument), r) })
                }
            } else {
                made = box.container.register(Node<Tag>.self, name: name, scope: registration.scope) { r in
                    Node(
                        registration: id, argument: nil,
                        dependencies: try dependencies.map { try Self.resolve($0.key, $0.argument(for: nil), r) })
                }
            }
            if registration.hasHandler { made.onResolved { _, node in node.handle() } }
            if case .some(let aliasName) = alias { made.implements((any GraphNode).self, name: aliasName) }
        }
        switch type {
        case 0: register(Tag0.self)
        case 1: register(Tag1.self)
        default: register(Tag2.self)
        }
        box.registrations[key] = registration
        log.append("\(box.label): \(key) #\(id) \(registration.scope) needs \(dependencies.map(\.key))")
        if case .some(let aliasName) = alias {
            nextID += 1
            let aliasKey = Key(type: 3, name: aliasName, takesArgument: key.takesArgument)
            var aliasRegistration = Spec(id: nextID, scope: .transient, dependencies: [])
            aliasRegistration.aliasOf = key
            box.registrations[aliasKey] = aliasRegistration
            log.append("\(box.label): \(aliasKey) #\(nextID) implements \(key)")
        }
    }

    private static func resolve(_ key: Key, _ argument: Int?, _ resolver: any Resolver) throws -> any GraphNode {
        func resolve<Service>(_ type: Service.Type) throws -> any GraphNode {
            let resolved =
                if let argument { try resolver.resolve(type, name: key.name, arguments: argument) } else {
                    try resolver.resolve(type, name: key.name)
                }
            return resolved as! any GraphNode
        }
        switch key.type {
        case 0: return try resolve(Node<Tag0>.self)
        case 1: return try resolve(Node<Tag1>.self)
        case 2: return try resolve(Node<Tag2>.self)
        default: return try resolve((any GraphNode).self)
        }
    }

    // MARK: Resolving

    private func resolve(from box: Box) {
        let argument: Int? = pick(3) == 0 ? pick(5) : nil
        let key = Key(type: pick(4), name: names[pick(2)], takesArgument: argument != nil)
        log.append("\(box.label).resolve(\(key)\(argument.map { " \($0)" } ?? ""))")
        var resolved: (any GraphNode)?
        var thrown: ResolutionError?
        do { resolved = try Self.resolve(key, argument, box.container) } catch let caught as ResolutionError {
            thrown = caught
        } catch { check(false, "not a ResolutionError: \(error)") }
        if let resolved { held.append(resolved) }
        var graph: [String: Int?] = [:]
        builtNow = ([], false)
        do {
            try expect(key, argument, from: box, path: [], graph: &graph, resolved)
            check(thrown == nil, "the model resolves \(key), the container threw:\n\(thrown.map { "\($0)" } ?? "")")
        } catch {
            let kinds: [ResolutionError.Kind] =
                error == .cycle ? [.circularDependency] : [.notRegistered, .argumentMismatch]
            check(resolved == nil, "the model expects \(error) for \(key), the container resolved it")
            if let thrown {
                check(kinds.contains(thrown.kind), "the model expects \(error), the container threw:\n\(thrown)")
            }
            if builtNow.queuedHandlers {
                for (owner, slot) in builtNow.kept { owner.kept[slot] = nil }
            }
            // Weak instances built by the failed resolve are alive only if something it kept holds them.
            for box in boxes {
                box.container.reset(scope: .weak)
                let weak = box.visible.values.filter { $0.scope == .weak }.map { "\($0.id)|" }
                for slot in box.kept.keys where weak.contains(where: slot.hasPrefix) { box.kept[slot] = nil }
            }
        }
        if let resolved { checkHandlers(resolved) }
    }

    /// Checks `resolved` (`nil` when the container threw) against what the model expects of
    /// resolving `key` from `box`, and records what that resolve keeps.
    private func expect(
        _ key: Key, _ argument: Int?, from box: Box, path: [String], graph: inout [String: Int?],
        _ resolved: (any GraphNode)?, recordsAs recorded: Key? = nil
    ) throws(Failure) {
        guard let (registration, owner) = box.lookup(key) else { throw .missing }
        let slot = "\(registration.id)|\(argument.map(String.init) ?? "-")"
        if let target = registration.aliasOf {
            let frame = "\(registration.id)@\(box.label)|\(slot)"
            guard !path.contains(frame) else { throw .cycle }
            guard box.lookup(target) != nil else { throw .missing }
            return try expect(
                target, argument, from: box, path: path + [frame], graph: &graph, resolved, recordsAs: key)
        }
        // A resolution the injector records: as the alias's service, for an alias.
        let resolvedAs = recorded ?? key
        let record = { box.recorder?.recorded.append((resolvedAs.type, resolvedAs.name, key.type)) ?? () }
        if let instance = registration.instance {
            check(
                resolved == nil || resolved?.serial == instance, "\(key) from \(box.label): not the registered instance"
            )
            record()
            return
        }
        let kept: Int?? =
            registration.scope == .transient ? nil : registration.scope == .graph ? graph[slot] : owner.kept[slot]
        if let kept {
            if let resolved {
                check(
                    resolved.registration == registration.id,
                    "\(key) from \(box.label): built by #\(resolved.registration)")
                check(kept == nil || kept == resolved.serial, "\(key) from \(box.label): not the instance kept")
                if registration.scope == .graph {
                    graph[slot] = resolved.serial
                } else {
                    owner.kept[slot] = resolved.serial
                }
            }
            record()
            return
        }
        let resolver = registration.scope == .transient || registration.scope == .graph ? box : owner
        let frame = "\(registration.id)@\(resolver.label)|\(slot)"
        guard !path.contains(frame) else { throw .cycle }
        for (index, dependency) in registration.dependencies.enumerated() {
            let part = resolved.flatMap { index < $0.dependencies.count ? $0.dependencies[index] : nil }
            try expect(
                dependency.key, dependency.argument(for: argument), from: resolver, path: path + [frame], graph: &graph,
                part)
        }
        let serial: Int? = resolved?.serial
        if let resolved {
            check(
                resolved.registration == registration.id, "\(key) from \(box.label): built by #\(resolved.registration)"
            )
            check(resolved.argument == argument, "\(key) from \(box.label): built for \(resolved.argument as Any)")
            check(!held.dropLast().contains { $0.serial == resolved.serial }, "\(key) from \(box.label): not new")
        }
        switch registration.scope {
        case .transient: break
        case .graph: graph[slot] = .some(serial)
        default:
            owner.kept[slot] = .some(serial)
            builtNow.kept.append((owner, slot))
        }
        if registration.hasHandler { builtNow.queuedHandlers = true }
        record()
    }

    /// Every instance a resolve returns, and what it holds, has had its handlers run, once.
    private func checkHandlers(_ node: any GraphNode) {
        var seen = Set<ObjectIdentifier>()
        func visit(_ node: any GraphNode) {
            guard seen.insert(ObjectIdentifier(node)).inserted else { return }
            let hasHandler = boxes.contains {
                $0.visible.values.contains { $0.id == node.registration && $0.hasHandler }
            }
            check(!hasHandler || node.handled == 1, "#\(node.registration) ran its handlers \(node.handled) times")
            node.dependencies.forEach(visit)
        }
        visit(node)
    }

    /// Each test injector's counts match what the model recorded.
    private func checkRecordings() {
        for box in boxes where box.recorder === box {
            let injector = box.container as! SpyContainer
            for type in 0..<4 {
                for name in names {
                    let count =
                        switch type {
                        case 0: injector.resolutionCount(of: Node<Tag0>.self, name: name)
                        case 1: injector.resolutionCount(of: Node<Tag1>.self, name: name)
                        case 2: injector.resolutionCount(of: Node<Tag2>.self, name: name)
                        default: injector.resolutionCount(of: (any GraphNode).self, name: name)
                        }
                    let expected = box.recorded.count {
                        ($0.type == type && $0.name == name)
                            || ($0.concreteType == type && (name == nil || $0.name == name))
                    }
                    check(
                        count == expected,
                        "\(box.label).resolutionCount(of: T\(type), name: \(name ?? "-")) is \(count), not \(expected)")
                }
            }
        }
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition, !failed else { return }
        failed = true
        let steps = log.suffix(40).joined(separator: "\n  ")
        Issue.record("seed \(seed): \(message())\n  \(steps)")
    }
}
