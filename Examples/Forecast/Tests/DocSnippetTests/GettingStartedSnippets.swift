// GettingStarted.md's snippets, verbatim, compiled (not run: some change process-wide state).

import DIKitCore
import Observation

enum GettingStartedSnippets {
    static func registeringAndResolving() throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }

        let api = try container.resolve(API.self)

        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        container.register(Greeter.self) { (r: any Resolver, name: String) in Greeter(name: name) }

        let dark = try container.resolve(Theme.self, name: "dark")
        let greeter = try container.resolve(Greeter.self, arguments: "Ada")

        let analytics: Analytics? = try container.resolve()

        container.register(API.self, scope: .singleton, initializer: LiveAPI.init)

        let payments = try container.resolve(Lazy<PaymentService>.self, name: "stripe")
        try payments().charge(order)

        container.register(UserStore.self, scope: .singleton) { _ in DiskUserStore() }
            .implements(UserReading.self)
            .onResolved { r, store in store.clock = try r.resolve(Clock.self) }
        _ = (api, dark, greeter, analytics)
    }

    static func assemblies() {
        struct NetworkAssembly: Assembly {
            var dependencies: [any Assembly] { [CoreAssembly()] }
            func assemble(into container: Container) {
                container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
            }
        }
        let container = Container(assemblies: [AppAssembly(), NetworkAssembly()])
        _ = container
    }

    static func shared() {
        Container(assemblies: [AppAssembly()]).makeShared()

        let model = Container.withShared(previewContainer) { ForecastModel() }
        _ = model
    }
}

@available(macOS 14, iOS 17, *)
@Observable final class ProfileModel {
    @ObservationIgnored @Injected var api: API
    var name = ""
}
