import Benchmark
import BenchmarkFixtures
import DIKitCore
import DITesting
import Dependencies
import Foundation
import Swinject

// Each scenario runs for every system it applies to, in one run, so ratios cancel machine noise.
// Names are "<scenario>: <system>". Fast scenarios run 1,000 operations per measured iteration
// (`scalingFactor: .kilo`), so their results are per operation.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000)
    let whole = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 3,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 10_000)

    baseline()
    singleton()
    transient()
    graph()
    named()
    large()
    register(whole)
    isolation()
    contended()
    verify(whole)
}

// MARK: Scenarios

private func baseline() {
    let container = makeBaselineContainer()
    Benchmark("baseline: lock+dict+cast") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(container.instance(Leaf.self)) }
    }
    Benchmark("baseline: construction by hand") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Top(middle: Middle(twig: Twig()))) }
    }
}

private func singleton() {
    let dikit = makeDIKitContainer()
    let swinject = makeSwinjectContainer()
    let reader = LeafReader()
    _ = try! dikit.resolve(Leaf.self)
    Benchmark("singleton: DIKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try dikit.resolve(Leaf.self)) }
    }
    Benchmark("singleton: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Leaf.self)) }
    }
    Benchmark("singleton: swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(reader.leaf) }
    }
}

private func transient() {
    let dikit = makeDIKitContainer()
    let swinject = makeSwinjectContainer()
    let hand = makeBaselineContainer()
    Benchmark("transient: baseline (lock+dict+call+cast)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(hand.make(Twig.self)) }
    }
    Benchmark("transient: DIKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try dikit.resolve(Twig.self)) }
    }
    Benchmark("transient: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Twig.self)) }
    }
}

private func graph() {
    let dikit = makeDIKitContainer()
    let swinject = makeSwinjectContainer()
    let hand = makeBaselineContainer()
    Benchmark("graph: baseline (three lookups)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(hand.make(Top.self)) }
    }
    Benchmark("graph: DIKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try dikit.resolve(Top.self)) }
    }
    Benchmark("graph: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Top.self)) }
    }
}

private func named() {
    let dikit = makeDIKitContainer()
    let swinject = makeSwinjectContainer()
    _ = try! dikit.resolve(Leaf.self, name: "named")
    Benchmark("named: DIKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try dikit.resolve(Leaf.self, name: "named")) }
    }
    Benchmark("named: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Leaf.self, name: "named")) }
    }
}

private func large() {
    let dikit = DIKitCore.Container()
    registerServices(1_024, in: dikit)
    dikit.register(SampleService.self, scope: .singleton) { _ in SampleService() }
    let swinject = Swinject.Container()
    registerServices(1_024, in: swinject)
    swinject.register(SampleService.self) { _ in SampleService() }.inObjectScope(.container)
    let hand = BaselineContainer()
    for instance in makeServices(1_024) { hand.store(erased: instance) }
    _ = try! dikit.resolve(SampleService.self)
    Benchmark("large: baseline (1,024 entries)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(hand.instance(SampleService.self)) }
    }
    Benchmark("large: DIKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try dikit.resolve(SampleService.self)) }
    }
    Benchmark("large: Swinject") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(SampleService.self)) }
    }
}

private func register(_ whole: Benchmark.Configuration) {
    Benchmark("register 100: baseline", configuration: whole) { _ in
        let container = BaselineContainer()
        for type in allServiceTypes.prefix(100) { container.store(factoryFor: type) { _ in type.init() } }
        blackHole(container)
    }
    Benchmark("register 100: DIKit", configuration: whole) { _ in
        let container = DIKitCore.Container()
        registerServices(100, in: container)
        blackHole(container)
    }
    Benchmark("register 100: Swinject", configuration: whole) { _ in
        let container = Swinject.Container()
        registerServices(100, in: container)
        blackHole(container)
    }
}

private func isolation() {
    for size in [100, 1_000] {
        let dikit = DIKitCore.Container()
        let swinject = Swinject.Container()
        registerServices(size, in: dikit)
        registerServices(size, in: swinject)
        dikit.register(Leaf.self, scope: .singleton) { _ in Leaf() }
        swinject.register(Leaf.self) { _ in Leaf() }.inObjectScope(.container)
        let mock = Leaf()
        Benchmark("isolation \(size): DIKit") { benchmark in
            for _ in benchmark.scaledIterations {
                withTestInjector(base: dikit) { injector in
                    injector.register(Leaf.self, instance: mock)
                    blackHole(try! injector.resolve(Leaf.self))
                }
            }
        }
        Benchmark("isolation \(size): Swinject child") { benchmark in
            for _ in benchmark.scaledIterations {
                let child = Swinject.Container(parent: swinject)
                child.register(Leaf.self) { _ in mock }
                blackHole(child.resolve(Leaf.self))
            }
        }
    }
    let reader = LeafReader()
    let mock = Leaf()
    Benchmark("isolation: swift-dependencies withDependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            withDependencies {
                $0.leaf = mock
            } operation: {
                blackHole(reader.leaf)
            }
        }
    }
}

private func contended() {
    let dikit = makeDIKitContainer()
    let hand = makeBaselineContainer()
    _ = try! dikit.resolve(Leaf.self)
    // Two threads each resolve 1,000 times; the result is wall time per resolve per thread.
    Benchmark("contended (2 threads): baseline") { benchmark in
        let operations = benchmark.scaledIterations
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in operations { blackHole(hand.instance(Leaf.self)) }
        }
    }
    Benchmark("contended (2 threads): DIKit") { benchmark in
        let operations = benchmark.scaledIterations
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in operations { blackHole(try! dikit.resolve(Leaf.self)) }
        }
    }
}

private func verify(_ whole: Benchmark.Configuration) {
    Benchmark("verify 1,000: resolve each once (assemble + resolve)", configuration: whole) { _ in
        let container = DIKitCore.Container(assemblies: [AllServicesAssembly()])
        try resolveServices(1_000, from: container)
    }
    Benchmark("verify 1,000: verifyAssemblies", configuration: whole) { _ in
        blackHole(verifyAssemblies([AllServicesAssembly()]))
    }
}

private struct AllServicesAssembly: DIKitCore.Assembly {
    func assemble(into container: DIKitCore.Container) { registerServices(1_000, in: container) }
}
