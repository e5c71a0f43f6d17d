import DIKitCore
import DITesting
import Testing

/// Random sequences of what apps and tests do to containers — register in every scope, with
/// names, arguments, handlers, aliases and ready instances; resolve directly, through aliases,
/// lazies, providers, property wrappers and a graph; reset, reset a scope, remove all; make children and test
/// injectors — checked after each step against ``InstanceModel``: which registration answers,
/// and whether with the instance kept before or a new one.
@Suite struct InstanceModelTests {
    @Test(arguments: 0..<64)
    func containersKeepAndDropInstancesAsTheModelSays(seed: UInt64) {
        let run = InstanceModelRun(seed: seed)
        for _ in 0..<200 where !run.failed { run.step() }
    }
}

/// One random sequence: the containers, the model of each, and what the test holds.
final class InstanceModelRun {
    typealias Part = InstanceModel.Part
    typealias Key = InstanceModel.Key
    typealias Slot = InstanceModel.Slot
    typealias Expected = InstanceModel.Expected

    private var random: SnapshotModelTests.SplitMix
    private let seed: UInt64
    private var boxes: [InstanceModel.Box] = []
    private var version = 0
    /// What the test holds: what keeps `.weak` instances alive, besides `deferred`.
    private var held: [Int: Part] = [:]
    /// Lazies and `@SafelyInjected` wrappers: how to read one, and what it resolved.
    private var deferred: [(box: InstanceModel.Box, slot: Slot, read: () -> Part?, value: Part?)] = []
    private var newest = 0
    private var log: [String] = []
    private(set) var failed = false
    private let names: [String?] = [nil, "a", "b", "p"]

    init(seed: UInt64) {
        self.seed = seed
        random = SnapshotModelTests.SplitMix(state: seed)
        let root = Container()
        root.register(InstanceModel.Pair.self) { r in
            InstanceModel.Pair(first: try r.resolve(name: "p"), second: try r.resolve(name: "p"))
        }
        let box = InstanceModel.Box(root, label: "c0")
        box.registersPair = true
        boxes.append(box)
    }

    // MARK: Steps

    func step() {
        let box = pick(boxes)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<25: register(in: box)
        case 25..<50: resolve(from: box)
        case 50..<58: resolveAlias(from: box)
        case 58..<61: resolvePair(from: box)
        case 61..<64: useDeferred(from: box)
        case 64..<68:
            note("\(box.label).reset()")
            box.container.reset()
            box.dropInstances { _, _ in true }
        case 68..<72:
            let kind = pick(InstanceModel.ScopeKind.allCases)
            note("\(box.label).reset(scope: \(kind))")
            box.container.reset(scope: kind.scope)
            box.dropInstances { $1 == kind }
        case 72..<74:
            note("\(box.label).removeAll()")
            box.container.removeAll()
            box.table.removeAll()
            box.registersPair = false
            box.dropInstances { _, _ in true }
        case 74..<78 where boxes.count < 8:
            note("c\(boxes.count) = \(box.label).makeChild()")
            boxes.append(InstanceModel.Box(box.container.makeChild(), label: "c\(boxes.count)", parent: box))
        case 78..<82 where boxes.count < 8:
            note("c\(boxes.count) = SpyContainer(base: \(box.label))")
            let injector = InstanceModel.Box(
                SpyContainer(base: box.container), label: "c\(boxes.count)", snapshot: box.visibleTables)
            injector.snapshotRegistersPair = box.seesPair
            boxes.append(injector)
        case 82..<86:
            note("the test lets go of what it holds")
            held.removeAll()
        case 86..<93: checkIsRegistered(in: box)
        default: resolveAll(from: box)
        }
    }

    private func register(in box: InstanceModel.Box) {
        let isInstance = chance(10)
        let key = Key(name: pick(names), takesArgument: !isInstance && chance(25))
        let kind = pick(InstanceModel.ScopeKind.allCases)
        let handlers = pick([0, 0, 1, 2])
        version += 1
        let version = version
        var instance: Int?
        let registration: Registration<Part>
        if isInstance {
            let part = Part(version: version, argument: nil)
            instance = part.serial
            newest = part.serial
            registration = box.container.register(Part.self, name: key.name, instance: part)
        } else if key.takesArgument {
            registration = box.container.register(Part.self, name: key.name, scope: kind.scope) {
                (_: any Resolver, argument: Int) in Part(version: version, argument: argument)
            }
        } else {
            registration = box.container.register(Part.self, name: key.name, scope: kind.scope) { _ in
                Part(version: version, argument: nil)
            }
        }
        for _ in 0..<handlers { registration.onResolved { _, part in part.handle() } }
        var alias: String??
        if chance(30) {
            alias = .some(pick([nil, "x"]))
            registration.implements(InstanceModel.Aspect.self, name: alias!)
            box.set(.alias(Key(name: alias!, takesArgument: key.takesArgument)), .alias(of: key))
        }
        note(
            "\(box.label).register\(key) v\(version), \(isInstance ? "an instance" : "\(kind)"), \(handlers) handlers"
                + (alias.map { ", alias \($0 ?? "nil")" } ?? ""))
        box.set(
            .part(key),
            .part(.init(version: version, scope: kind, handlers: handlers, instance: instance)))
        box.dropInstances { slot, _ in slot.key == key }
    }

    private func resolve(from box: InstanceModel.Box) {
        let slot = randomSlot(names: names)
        note("\(box.label).resolve\(slot.key), argument \(slot.argument.map(String.init) ?? "none")")
        let expected = expectation(for: slot, from: box)
        let part: Part?
        do {
            part =
                try slot.argument.map { try box.container.resolve(Part.self, name: slot.key.name, arguments: $0) }
                ?? box.container.resolve(Part.self, name: slot.key.name)
        } catch {
            part = nil
            if expected != nil { fail("it threw \(error)") }
        }
        check(part, against: expected, slot)
    }

    private func resolveAlias(from box: InstanceModel.Box) {
        let slot = randomSlot(names: [nil, "x"])
        note("\(box.label).resolve(Aspect\(slot.key)), argument \(slot.argument.map(String.init) ?? "none")")
        var expected: Expected?
        var target = slot
        if case (.alias(let key), _)? = box.lookup(.alias(slot.key)) {
            target = Slot(key: key, argument: slot.argument)
            expected = expectation(for: target, from: box)
        }
        let part: Part?
        do {
            let aspect =
                try slot.argument.map {
                    try box.container.resolve(InstanceModel.Aspect.self, name: slot.key.name, arguments: $0)
                } ?? box.container.resolve(InstanceModel.Aspect.self, name: slot.key.name)
            part = aspect as? Part
        } catch {
            part = nil
            if expected != nil { fail("it threw \(error)") }
        }
        check(part, against: expected, target)
    }

    private func resolvePair(from box: InstanceModel.Box) {
        note("\(box.label).resolve(Pair)")
        let slot = Slot(key: Key(name: "p", takesArgument: false), argument: nil)
        let first = box.seesPair ? expectation(for: slot, from: box) : nil
        let pair = try? box.container.resolve(InstanceModel.Pair.self)
        guard let first else { return ensure(pair == nil, "Pair resolved") }
        guard let pair else { return fail("Pair did not resolve") }
        check(pair.first, against: first, slot)
        check(pair.second, against: expectation(for: slot, from: box, inGraph: pair.first.serial), slot)
    }

    /// Makes or reads something that resolves later: a `Lazy` or a `@SafelyInjected` (resolved on
    /// first use, then kept; a failure is not kept), a `Provider` or an `@InjectedProvider`
    /// (resolved on every use).
    private func useDeferred(from box: InstanceModel.Box) {
        let slot = Slot(key: Key(name: pick(names), takesArgument: false), argument: nil)
        let registered = box.registration(slot.key) != nil
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where deferred.count < 8:
            note("deferred \(deferred.count) = \(box.label).resolve(Lazy\(slot.key))")
            do {
                let lazy = try box.container.resolve(Lazy<Part>.self, name: slot.key.name)
                deferred.append((box, slot, { try? lazy() }, nil))
                ensure(registered, "a Lazy of what is not registered resolved")
            } catch {
                ensure(!registered, "it threw \(error)")
            }
        case 1 where deferred.count < 8:
            note("deferred \(deferred.count) = @SafelyInjected(name: \(slot.key.name ?? "nil")) in \(box.label)")
            let wrapper = Container.withShared(box.container) { SafelyInjected(Part.self, name: slot.key.name) }
            deferred.append((box, slot, { wrapper.wrappedValue }, nil))
        case 2 where !deferred.isEmpty:
            let index = Int.random(in: 0..<deferred.count, using: &random)
            let (box, slot, read, value) = deferred[index]
            note("deferred \(index) read")
            let expected =
                value.map { Expected(version: $0.version, serial: $0.serial, handlers: $0.handled) }
                ?? expectation(for: slot, from: box)
            let part = read()
            check(part, against: expected, slot)
            if value == nil { deferred[index].value = part }
        case 3 where registered:
            note("@InjectedProvider(name: \(slot.key.name ?? "nil")) in \(box.label), read twice")
            let wrapper = Container.withShared(box.container) { InjectedProvider(Part.self, name: slot.key.name) }
            for _ in 0..<2 { check(wrapper.wrappedValue, against: expectation(for: slot, from: box), slot) }
        default:
            note("\(box.label).resolve(Provider\(slot.key)), called twice")
            guard let provider = try? box.container.resolve(Provider<Part>.self, name: slot.key.name) else {
                return ensure(!registered, "Provider did not resolve")
            }
            for _ in 0..<2 { check(try? provider(), against: expectation(for: slot, from: box), slot) }
        }
    }

    private func checkIsRegistered(in box: InstanceModel.Box) {
        let name = pick(names)
        note("\(box.label).isRegistered(name: \(name ?? "nil"))")
        let expected = box.visibleTables.contains { table in
            table.contains { if case .part(let key) = $0.key { key.name == name } else { false } }
        }
        ensure(box.container.isRegistered(Part.self, name: name) == expected, "isRegistered is not \(expected)")
    }

    /// Every registration without arguments, farthest table first, a replaced key in its place.
    private func resolveAll(from box: InstanceModel.Box) {
        note("\(box.label).resolveAll")
        var keys: [Key] = []
        for table in box.visibleTables.reversed() {
            for case (.part(let key), _) in table where !key.takesArgument && !keys.contains(key) {
                keys.append(key)
            }
        }
        guard let parts = try? box.container.resolveAll(Part.self) else { return fail("resolveAll threw") }
        let versions = keys.map { box.registration($0)!.0.version }
        ensure(parts.map(\.version) == versions, "resolveAll gave \(parts.map(\.version)), not \(versions)")
        for (part, key) in zip(parts, keys) where !failed {
            let slot = Slot(key: key, argument: nil)
            check(part, against: expectation(for: slot, from: box), slot)
        }
    }

    // MARK: The model's answers

    /// What resolving `slot` from `box` must answer, or `nil` when it must fail. `inGraph` is the
    /// serial of the part a `.graph` resolve built already in the same outermost resolve.
    private func expectation(for slot: Slot, from box: InstanceModel.Box, inGraph: Int? = nil) -> Expected? {
        guard let (registration, owner) = box.registration(slot.key) else { return nil }
        let version = registration.version
        if let instance = registration.instance { return Expected(version: version, serial: instance, handlers: 0) }
        let handlers = registration.handlers
        switch registration.scope {
        case .transient:
            return Expected(version: version, serial: nil, handlers: handlers)
        case .graph:
            return Expected(version: version, serial: inGraph, handlers: handlers)
        case .weak:
            if let serial = owner.weaklyKept[slot], isAlive(serial) {
                return Expected(version: version, serial: serial, handlers: handlers)
            }
            return Expected(version: version, serial: nil, handlers: handlers) { owner.weaklyKept[slot] = $0 }
        case .singleton, .session, .other:
            if let kept = owner.kept[slot] {
                return Expected(version: version, serial: kept.serial, handlers: handlers)
            }
            return Expected(version: version, serial: nil, handlers: handlers) {
                owner.kept[slot] = ($0, registration.scope)
            }
        }
    }

    private func check(_ part: Part?, against expected: Expected?, _ slot: Slot) {
        guard let expected else {
            if let part { fail("v\(part.version) answered; nothing should have") }
            return
        }
        guard let part else { return }
        ensure(part.version == expected.version, "v\(part.version) answered, not v\(expected.version)")
        ensure(part.argument == slot.argument, "built for argument \(part.argument as Any)")
        ensure(part.handled == expected.handlers, "its handlers ran \(part.handled) times, not \(expected.handlers)")
        if let serial = expected.serial {
            ensure(part.serial == serial, "instance #\(part.serial) answered, not the kept #\(serial)")
        } else {
            ensure(part.serial > newest, "the earlier instance #\(part.serial) answered, not a new one")
            expected.keep(part.serial)
        }
        newest = max(newest, part.serial)
        held[part.serial] = part
    }

    private func isAlive(_ serial: Int) -> Bool {
        held[serial] != nil || deferred.contains { $0.value?.serial == serial }
    }

    // MARK: Helpers

    private func randomSlot(names: [String?]) -> Slot {
        let key = Key(name: pick(names), takesArgument: chance(25))
        return Slot(key: key, argument: key.takesArgument ? Int.random(in: 0..<3, using: &random) : nil)
    }

    private func pick<Element>(_ elements: [Element]) -> Element { elements.randomElement(using: &random)! }

    private func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    private func note(_ operation: String) { log.append(operation) }

    private func ensure(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Records the first failure of the run, with the operations that led to it.
    private func fail(_ message: String) {
        guard !failed else { return }
        failed = true
        Issue.record(
            Comment(rawValue: "seed \(seed): \(message), after:\n" + log.suffix(40).joined(separator: "\n")))
    }
}
