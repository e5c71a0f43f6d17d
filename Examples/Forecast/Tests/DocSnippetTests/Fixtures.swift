// The types DIKit's README and DocC articles use in their snippets. The snippets themselves are in the
// other files of this target, verbatim; `.ci/check-snippets` fails when one is not found.

import DIKitCore
import DITesting
import Foundation

protocol HTTPClient: AnyObject, Sendable {}
final class URLSessionClient: HTTPClient {}

protocol API: AnyObject {
    func fetch() -> String
}

final class LiveAPI: API {
    let http: any HTTPClient
    init(http: any HTTPClient) { self.http = http }
    func fetch() -> String { "live" }
}

protocol Theme {}
struct DarkTheme: Theme {}

final class Greeter: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

protocol Analytics {}
struct NoAnalytics: Analytics {}

struct Order: Sendable {}
let order = Order()

final class PaymentService {
    func charge(_ order: Order) throws {}
}

final class Clock: Sendable {
    init() {}
    init(formatter: DateFormatter) {}
}

protocol UserReading: AnyObject {}
class UserStore {
    var clock: Clock?
}
final class DiskUserStore: UserStore, UserReading {}

struct CoreAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Clock.self) { _ in Clock() }
    }
}

struct AppAssembly: Assembly {
    var dependencies: [any Assembly] { [CoreAssembly()] }
    func assemble(into container: Container) {
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        container.register(Analytics.self) { _ in NoAnalytics() }
        container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
    }
}

let previewContainer = Container(assemblies: [AppAssembly()])

/// A model whose `@Injected` API is fetched once per `refresh()` or `load()`.
final class ForecastModel {
    @Injected var api: any API
    func refresh() throws { _ = api.fetch() }
    @discardableResult func load() async throws -> String { api.fetch() }
}

/// The mock the testing articles inject.
final class MockAPI: API, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [API.self] }
    var requests = 0
    func fetch() -> String {
        requests += 1
        return "mock"
    }
}
