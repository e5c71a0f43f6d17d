// The snippets of DIKitCore's articles (Assemblies, Concurrency, Scopes, DIKitCore), verbatim,
// compiled.

import DIKitCore
import Foundation

protocol ForecastCache: AnyObject {}
protocol CacheStatistics: AnyObject {}
final class InMemoryForecastCache: ForecastCache, CacheStatistics {}
struct FeatureAssembly: Assembly {
    func assemble(into container: Container) {}
}

protocol WidgetModuleType {}
struct WidgetModule: WidgetModuleType {}
protocol SampleModuleType {}
struct SampleModule: SampleModuleType {}
struct NetworkAssembly: Assembly {
    func assemble(into container: Container) {}
}

final class Session {}
final class UnitOfWork {}
final class Parent {
    let child: Child
    init(child: Child) { self.child = child }
}
final class Child {
    weak var parent: Parent?
}
final class Account {}
final class Basket {
    let work: UnitOfWork
    init(work: UnitOfWork) { self.work = work }
}
final class AuditLog {
    let work: UnitOfWork
    init(work: UnitOfWork) { self.work = work }
}
final class Checkout {
    let basket: Basket
    let audit: Lazy<AuditLog>
    init(basket: Basket, audit: Lazy<AuditLog>) {
        self.basket = basket
        self.audit = audit
    }
}
final class Cart {
    init(account: Account) {}
}

extension Scope {
    static let session = Scope.custom("session")
}

@MainActor final class Router {}
@MainActor final class Detail {
    init(id: Int, router: Router) {}
}
@MainActor final class Coordinator {
    var title = ""
    init(router: Router) {}
}
@MainActor struct Settings {}

enum CoreArticleSnippets {
    static func assemblies() {
        struct StorageAssembly: Assembly {
            var dependencies: [any Assembly] { [CoreAssembly()] }

            func assemble(into container: Container) {
                container.register(ForecastCache.self, scope: .singleton) { _ in InMemoryForecastCache() }
                    .implements(CacheStatistics.self)
            }
        }

        let container = Container(assemblies: [FeatureAssembly(), StorageAssembly()])
        _ = container
    }

    static func builder() {
        let container = Container {
            Register { WidgetModule() as WidgetModuleType }
            Register(scope: .singleton) { SampleModule() as SampleModuleType }
            NetworkAssembly()
        }
        _ = container
    }

    static func taskLocal() async throws -> String {
        try await Container.withShared(previewContainer) {
            async let forecast = ForecastModel().load()  // sees previewContainer
            Task.detached { _ = Container.shared }  // does not: detached tasks start fresh
            return try await forecast
        }
    }

    @MainActor static func mainActorApp() throws {
        // In a target with default main-actor isolation: Router, Detail, Coordinator and Settings
        // are all main-actor types.
        struct AppAssembly: Assembly {
            func assemble(into container: Container) {
                container.register(Router.self, scope: .singleton) { @MainActor _ in Router() }
                container.register(Detail.self) { @MainActor (r: any Resolver, id: Int) in
                    Detail(id: id, router: try r.resolve())
                }
                container.register(Coordinator.self, initializer: Coordinator.init)  // a main-actor init
                    .onResolved { @MainActor _, coordinator in coordinator.title = "Home" }
                container.register(Settings.self) { @MainActor _ in Settings() }  // value types too
            }
        }

        let container = Container {
            Register { @MainActor in Router() }
            Register(scope: .singleton) { @MainActor r in Coordinator(router: try r.resolve()) }
        }
        let detail = try container.resolve(Detail.self, arguments: 42)  // from main-actor code
        _ = (detail, AppAssembly())
    }

    static func sendableFactories(_ container: Container) {
        let formatter = DateFormatter()  // not Sendable
        container.register(DateFormatter.self, instance: formatter)  // instead of capturing it
        container.register(Clock.self) { r in Clock(formatter: try r.resolve()) }
    }

    static func overview() throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }

        let api = try container.resolve(API.self)
        _ = api
    }

    static func scopes(_ container: Container) throws {
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(Session.self, scope: .weak) { _ in Session() }
        container.register(UnitOfWork.self, scope: .graph) { _ in UnitOfWork() }

        container.register(Basket.self) { r in Basket(work: try r.resolve()) }
        container.register(AuditLog.self) { r in AuditLog(work: try r.resolve()) }
        container.register(Checkout.self) { r in
            Checkout(basket: try r.resolve(), audit: try r.resolve())  // audit: Lazy<AuditLog>
        }
        let checkout = try container.resolve(Checkout.self)
        let shared = try checkout.audit().work === checkout.basket.work  // true: one unit of work
        _ = shared

        container.register(Greeter.self, scope: .singleton) { (_, name: String) in Greeter(name: name) }
        let ada = try container.resolve(Greeter.self, arguments: "Ada")  // built
        let bob = try container.resolve(Greeter.self, arguments: "Bob")  // built: other arguments
        let same = try container.resolve(Greeter.self, arguments: "Ada") === ada  // true
        _ = (ada, bob, same)

        container.register(Parent.self, scope: .singleton) { r in Parent(child: try r.resolve()) }
        container.register(Child.self, scope: .singleton) { _ in Child() }
            .onResolved { r, child in child.parent = try r.resolve(Parent.self) }

        container.register(Account.self, scope: .session) { _ in Account() }
        container.register(Cart.self, scope: .session) { r in Cart(account: try r.resolve()) }

        // At log-out: the next resolve builds a new Account and Cart; singletons stay.
        container.reset(scope: .session)
    }
}
