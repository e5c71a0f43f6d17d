// A driver for deterministic instruction counts: `InstructionCounts <scenario> <operations>` runs
// one scenario `operations` times and prints nothing. `instruction-counts.sh` runs it under
// valgrind's callgrind twice (N and 2N operations) and reports the difference per operation, so
// setup costs cancel out. See Benchmarks/README.md.
import BenchmarkFixtures
import DIKitCore
import DITesting
import Dependencies
import Foundation
import Swinject

@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

let arguments = CommandLine.arguments
guard arguments.count == 3, let operations = Int(arguments[2]) else {
    print("usage: InstructionCounts <scenario> <operations>")
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
_ = allServiceTypes.count

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
    "isolation-swinject": {
        let child = Swinject.Container(parent: swinject)
        child.register(Leaf.self) { _ in mock }
        consume(child.resolve(Leaf.self))
    },
    "isolation-dependencies": {
        withDependencies {
            $0.leaf = mock
        } operation: {
            consume(reader.leaf)
        }
    },
]

guard let scenario = scenarios[arguments[1]] else {
    print("unknown scenario; one of: \(scenarios.keys.sorted().joined(separator: ", "))")
    exit(2)
}
for _ in 0..<operations { try scenario() }
