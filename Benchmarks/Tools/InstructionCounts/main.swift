// A driver for deterministic instruction counts: `InstructionCounts <scenario> <operations>` runs
// one scenario `operations` times and prints nothing. `instruction-counts.sh` runs it under
// valgrind's callgrind twice (N and 2N operations) and reports the difference per operation, so
// setup costs cancel out. `InstructionCounts time <operations> <scenario>…` times scenarios
// instead, interleaved in the same process, for same-run ratios on a machine that is not quiet.
// See Benchmarks/README.md.
import BenchmarkFixtures
import DIKitCore
import DITesting
import Dependencies
import Foundation
import Swinject

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let usage = """
    usage: InstructionCounts <scenario> <operations>
           InstructionCounts time <operations> <scenario>…
    """
let arguments = CommandLine.arguments
let isTiming = arguments.count > 3 && arguments[1] == "time"
guard arguments.count == 3 || isTiming, let operations = Int(arguments[2]) else {
    print(usage)
    exit(2)
}

let dikit = makeDIKitContainer()
for depth in [10, 100] {
    for level in 0..<depth {
        dikit.register(Twig.self, name: "chain\(depth)-\(level)") { r in
            if level + 1 < depth { _ = try r.resolve(Twig.self, name: "chain\(depth)-\(level + 1)") }
            return Twig()
        }
    }
}
_ = try dikit.resolve(Leaf.self)
_ = try dikit.resolve(Leaf.self, name: "named")

let swinject = makeSwinjectContainer()
let hand = makeBaselineContainer()
let reader = LeafReader()
let mock = Leaf()
let base = DIKitCore.Container()
registerServices(100, in: base)
base.register(Leaf.self, scope: .singleton) { _ in Leaf() }
let names100 = (0..<100).map { "name\($0)" }
func containerOfNames(_ count: Int) -> DIKitCore.Container {
    let container = DIKitCore.Container()
    for index in 0..<count { container.register(Leaf.self, name: "name\(index)") { _ in Leaf() } }
    return container
}
/// Every one of the 1,024 types resolves `Twig`, which it does not register: `verifyAssemblies`
/// fails each of them on the same missing service.
struct MissingDependencyAssembly: DIKitCore.Assembly {
    func assemble(into container: DIKitCore.Container) {
        func register<Service: FixtureService>(_ type: Service.Type) {
            container.register(type) { r in
                _ = try r.resolve(Twig.self)
                return Service()
            }
        }
        for type in allServiceTypes { register(type) }
    }
}
let names100Container = containerOfNames(100)
let names10000Container = containerOfNames(10_000)
let largeBase = DIKitCore.Container()
registerServices(allServiceTypes.count, in: largeBase)
largeBase.register(Leaf.self, scope: .singleton) { _ in Leaf() }

let scenarios: [String: () throws -> Void] = [
    "singleton-baseline": { consume(hand.instance(Leaf.self)) },
    "singleton-dikit": { consume(try dikit.resolve(Leaf.self)) },
    "singleton-swinject": { consume(swinject.resolve(Leaf.self)) },
    "singleton-dependencies": { consume(reader.leaf) },
    "transient-baseline": { consume(hand.make(Twig.self)) },
    "transient-dikit": { consume(try dikit.resolve(Twig.self)) },
    "transient-swinject": { consume(swinject.resolve(Twig.self)) },
    "graph-baseline": { consume(hand.make(Top.self)) },
    "graph-dikit": { consume(try dikit.resolve(Top.self)) },
    "graph-swinject": { consume(swinject.resolve(Top.self)) },
    "graph10-dikit": { consume(try dikit.resolve(Twig.self, name: "chain10-0")) },
    "graph100-dikit": { consume(try dikit.resolve(Twig.self, name: "chain100-0")) },
    "named-dikit": { consume(try dikit.resolve(Leaf.self, name: "named")) },
    "named-swinject": { consume(swinject.resolve(Leaf.self, name: "named")) },
    "miss-name100-dikit": { consume(try? names100Container.resolve(Leaf.self, name: "missing")) },
    "miss-name10000-dikit": { consume(try? names10000Container.resolve(Leaf.self, name: "missing")) },
    "miss-type1024-dikit": { consume(try? largeBase.resolve(Twig.self)) },
    "verify-missing1024-dikit": {
        consume(FailureReporting.withReporter(FailureCollector()) { verifyAssemblies([MissingDependencyAssembly()]) })
    },
    "register100-baseline": {
        let container = BaselineContainer()
        for type in allServiceTypes.prefix(100) { container.store(factoryFor: type) { _ in type.init() } }
        consume(container)
    },
    "register100-dikit": {
        let container = DIKitCore.Container()
        registerServices(100, in: container)
        consume(container)
    },
    "register100-concrete-dikit": {
        let container = DIKitCore.Container()
        for name in names100 { container.register(Leaf.self, name: name) { _ in Leaf() } }
        consume(container)
    },
    "register100-swinject": {
        let container = Swinject.Container()
        registerServices(100, in: container)
        consume(container)
    },
    "isolation-dikit": {
        withTestInjector(base: base) { injector in
            injector.register(Leaf.self, instance: mock)
            consume(try! injector.resolve(Leaf.self))
        }
    },
    "isolation-base-dikit": {
        withTestInjector(base: base) { injector in
            consume(try! injector.resolve(Leaf.self))
        }
    },
    "isolation-strict-dikit": {
        withTestInjector(base: base, strict: true) { injector in
            injector.register(Leaf.self, instance: mock)
            consume(try! injector.resolve(Leaf.self))
        }
    },
    "isolation-strict-large-dikit": {
        withTestInjector(base: largeBase, strict: true) { injector in
            injector.register(Leaf.self, instance: mock)
            consume(try! injector.resolve(Leaf.self))
        }
    },
    "isolation-empty-dikit": {
        withTestInjector(base: base) { consume($0) }
    },
    "isolation-swinject": {
        let child = Swinject.Container(parent: swinject)
        child.register(Leaf.self) { _ in mock }
        consume(child.resolve(Leaf.self))
    },
    "isolation-empty-dependencies": {
        withDependencies { _ in
        } operation: {
            consume(reader)
        }
    },
    "isolation-dependencies": {
        withDependencies {
            $0.leaf = mock
        } operation: {
            consume(reader.leaf)
        }
    },
]

/// Runs each scenario `operations` times in turn, 30 rounds, and prints the minimum and median
/// nanoseconds per operation of each: interleaving exposes every scenario to the same load.
@MainActor func time(_ names: [String]) throws {
    var samples = [String: [Double]]()
    for _ in 0..<30 {
        for name in names {
            guard let scenario = scenarios[name] else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<operations { try scenario() }
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            samples[name, default: []].append(Double(elapsed) / Double(operations))
        }
    }
    for name in names {
        let sorted = samples[name, default: []].sorted()
        print(name, "min", Int(sorted[0]), "p50", Int(sorted[sorted.count / 2]))
    }
}

let requested = isTiming ? Array(arguments[3...]) : [arguments[1]]
if let unknown = requested.first(where: { scenarios[$0] == nil }) {
    print("unknown scenario \(unknown); one of: \(scenarios.keys.sorted().joined(separator: ", "))")
    exit(2)
}
if isTiming {
    try time(requested)
    exit(0)
}
let scenario = scenarios[arguments[1]]!
for _ in 0..<operations { try scenario() }
