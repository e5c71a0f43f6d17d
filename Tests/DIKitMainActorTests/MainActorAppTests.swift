import DIKitCore
import DITesting
import Testing

// This target is main-actor isolated by default (`.defaultIsolation(MainActor.self)`), as a new
// Xcode 26 app target is: every type and function here is inferred `@MainActor`.

final class Router {
    var title = ""
}

final class Detail {
    let id: Int
    let router: Router
    init(id: Int, router: Router) {
        self.id = id
        self.router = router
    }
}

final class Coordinator {
    let router: Router
    var title = ""
    init(router: Router) { self.router = router }
}

struct Settings {
    var theme = "light"
}

struct AppAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Router.self, scope: .singleton) { @MainActor _ in Router() }
        container.register(Detail.self) { @MainActor (r: any Resolver, id: Int) in
            Detail(id: id, router: try r.resolve())
        }
        container.register(Coordinator.self, initializer: Coordinator.init)
            .onResolved { @MainActor _, coordinator in coordinator.title = "Home" }
        container.register(Settings.self) { @MainActor _ in Settings() }
    }
}

@Suite struct MainActorAppTests {
    @Test func everyRegistrationFormHasAMainActorSpelling() throws {
        let container = Container(assemblies: [AppAssembly()])
        let detail = try container.resolve(Detail.self, arguments: 42)
        #expect(detail.id == 42)
        #expect(detail.router === (try container.resolve(Router.self)))
        let coordinator = try container.resolve(Coordinator.self)
        #expect(coordinator.title == "Home")
        #expect(coordinator.router === detail.router)
        #expect(try container.resolve(Settings.self).theme == "light")
    }

    @Test func theResultBuilderTakesMainActorFactories() throws {
        let container = Container {
            Register { @MainActor in Router() }
            Register(scope: .singleton) { @MainActor r in Coordinator(router: try r.resolve()) }
        }
        let coordinator = try container.resolve(Coordinator.self)
        #expect(coordinator === (try container.resolve(Coordinator.self)))
    }

    @Test func aMainActorFactoryResolvedOffTheMainActorThrows() async throws {
        let container = Container(assemblies: [AppAssembly()])
        let kinds = await Task.detached { () -> [ResolutionError.Kind?] in
            func kind(_ body: () throws -> Void) -> ResolutionError.Kind? {
                do {
                    try body()
                    return nil
                } catch { return (error as? ResolutionError)?.kind }
            }
            return [
                kind { _ = try container.resolve(Router.self) },
                kind { _ = try container.resolve(Detail.self, arguments: 1) },
                kind { _ = try container.resolve(Coordinator.self) },
            ]
        }.value
        #expect(kinds == [.mainActorRequired, .mainActorRequired, .mainActorRequired])
    }

    @Test(.testInjector(assemblies: [AppAssembly()]))
    func theTestInjectorTraitResolvesMainActorServices() throws {
        let injector = SpyContainer.current
        injector.register(Router.self) { @MainActor _ in
            let router = Router()
            router.title = "mock"
            return router
        }
        #expect(try injector.resolve(Coordinator.self).router.title == "mock")
    }

    @Test func withTestInjectorResolvesMainActorServices() throws {
        let id = try withTestInjector(assemblies: [AppAssembly()]) { injector in
            try injector.resolve(Detail.self, arguments: 7).id
        }
        #expect(id == 7)
    }

    @Test func verifyAssembliesVerifiesAMainActorGraph() {
        let report = verifyAssemblies([AppAssembly()], arguments: [.sample(Detail.self, 1)])
        #expect(report.isValid)
        #expect(report.failures.isEmpty)
        #expect(report.verified.count == 4)
    }
}
