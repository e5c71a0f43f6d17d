// The README's Swift snippets, verbatim, so that a rename breaks the build.
// `.ci/check-snippets` fails when a README snippet is not found here.

import DIKitCore
import DITesting
import Testing

// The fixtures (`HTTPClient`, `API`, `LiveAPI`, `Theme`, `Greeter`, `Analytics`, `AppAssembly`)
// are the DocC snippets' too, in Fixtures.swift.

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

// The README's test snippet: its own `MockAPI`, in a namespace of its own.

struct ReadmeTestSnippet {
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
}
