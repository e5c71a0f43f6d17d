// The README's Swift snippets, verbatim, so that a rename breaks the build.
// `.ci/check-readme` fails when a README snippet is not found here.

import DIKitCore
import DITesting
import Testing

protocol HTTPClient: AnyObject {}
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

struct Greeter {
    let name: String
}

protocol Analytics {}
struct NoAnalytics: Analytics {}

struct AppAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        container.register(Analytics.self) { _ in NoAnalytics() }
    }
}

final class FeedModel {
    @Injected var api: any API
    func title() -> String { api.fetch() }
}

@Suite struct ReadmeSnippetTests {
    @Test func containerSnippet() throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        container.register(Greeter.self) { (r: any Resolver, name: String) in Greeter(name: name) }

        let api = try container.resolve(API.self)
        let greeter = try container.resolve(Greeter.self, arguments: "Ada")

        #expect(api is LiveAPI)
        #expect(greeter.name == "Ada")
    }

    @Test func errorSnippet() throws {
        let container = Container()
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(API.self) }
        #expect(
            error.description == """
                No registration for 'HTTPClient'.
                  Resolution path: API -> HTTPClient
                  Nothing is registered for HTTPClient in this container or its parents.
                  To fix: register it (`container.register(HTTPClient.self) { r in … }`), or add the assembly that registers it.
                """)
    }
}

// The README's test snippet.

final class MockAPI: API, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [API.self] }
    var calls = 0
    func fetch() -> String {
        calls += 1
        return "mock"
    }
}

@Test func modelFetchesOnce() {
    withTestInjector(assemblies: [AppAssembly()]) { injector in
        let api = MockAPI().injected()  // only this test sees it
        injector.expect(Analytics.self, resolved: .never)
        #expect(FeedModel().title() == "mock")  // @Injected resolves from the injector
        #expect(api.calls == 1)
        injector.assertResolved(API.self, times: 1)
    }
}
