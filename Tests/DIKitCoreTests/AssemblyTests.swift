import DIKitCore
import Testing

@Suite struct AssemblyTests {
    @Test func dependenciesAreAssembledFirst() throws {
        let log = Log()
        _ = Container(assemblies: [Feature(log: log)])
        #expect(log.entries == ["core", "network", "feature"])
    }

    @Test func eachAssemblyTypeIsAssembledOncePerContainer() throws {
        let log = Log()
        let container = Container(assemblies: [Network(log: log), Feature(log: log), Core(log: log)])
        container.assemble([Network(log: log)])
        #expect(log.entries == ["core", "network", "feature"])
        _ = Container(assemblies: [Core(log: log)])
        #expect(log.entries == ["core", "network", "feature", "core"])
    }

    @Test func laterAssemblyReplacesTheSameKey() throws {
        let container = Container(assemblies: [ThemeAssembly(), DarkThemeAssembly()])
        #expect(try container.resolve(Theme.self).name == "dark")
    }

    @Test func cyclicDependenciesBetweenAssembliesTerminate() throws {
        let log = Log()
        _ = Container(assemblies: [CyclicA(log: log)])
        #expect(log.entries == ["b", "a"])
    }
}

final class Log: @unchecked Sendable {
    private let lock = Lock()
    private var storage: [String] = []
    var entries: [String] { lock.withLock { storage } }
    func append(_ entry: String) { lock.withLock { storage.append(entry) } }
}

struct Core: Assembly {
    let log: Log
    func assemble(into container: Container) { log.append("core") }
}
struct Network: Assembly {
    let log: Log
    var dependencies: [any Assembly] { [Core(log: log)] }
    func assemble(into container: Container) { log.append("network") }
}
struct Feature: Assembly {
    let log: Log
    var dependencies: [any Assembly] { [Network(log: log), Core(log: log)] }
    func assemble(into container: Container) { log.append("feature") }
}
struct DarkThemeAssembly: Assembly {
    func assemble(into container: Container) { container.register(Theme.self) { _ in DarkTheme() } }
}
struct CyclicA: Assembly {
    let log: Log
    var dependencies: [any Assembly] { [CyclicB(log: log)] }
    func assemble(into container: Container) { log.append("a") }
}
struct CyclicB: Assembly {
    let log: Log
    var dependencies: [any Assembly] { [CyclicA(log: log)] }
    func assemble(into container: Container) { log.append("b") }
}
