import DIKitCore
import Testing

@Suite struct ChildContainerTests {
    @Test func childResolvesItsOwnRegistrationsFirstThenTheParents() throws {
        let parent = Container()
        parent.register(Theme.self) { _ in LightTheme() }
        parent.register(HTTPClient.self) { _ in URLSessionClient() }
        let child = parent.makeChild()
        child.register(Theme.self) { _ in DarkTheme() }
        #expect(try child.resolve(Theme.self).name == "dark")
        #expect(try child.resolve(HTTPClient.self) is URLSessionClient)
    }

    @Test func registeringInAChildNeverChangesTheParent() throws {
        let parent = Container()
        parent.register(Theme.self) { _ in LightTheme() }
        let child = parent.makeChild()
        child.register(Theme.self) { _ in DarkTheme() }
        child.register(API.self) { _ in OtherAPI() }
        #expect(try parent.resolve(Theme.self).name == "light")
        #expect(!parent.isRegistered(API.self))
    }

    @Test func parentSingletonStaysOneInstanceAcrossChildren() throws {
        let parent = Container()
        parent.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        let one = parent.makeChild()
        let two = parent.makeChild()
        let instance = try one.resolve(HTTPClient.self)
        #expect(try two.resolve(HTTPClient.self) === instance)
        #expect(try parent.resolve(HTTPClient.self) === instance)
    }

    @Test func parentTransientSeesTheChildsOverrides() throws {
        let parent = Container()
        parent.register(HTTPClient.self) { _ in URLSessionClient() }
        parent.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        let child = parent.makeChild()
        let shared = URLSessionClient()
        child.register(HTTPClient.self, instance: shared)
        let api = try #require(try child.resolve(API.self) as? LiveAPI)
        #expect(api.http === shared)
    }

    @Test func resolveAllMergesParentAndChild() throws {
        let parent = Container()
        parent.register(Theme.self) { _ in LightTheme() }
        parent.register(Theme.self, name: "x") { _ in LightTheme() }
        let child = parent.makeChild()
        child.register(Theme.self) { _ in DarkTheme() }
        child.register(Theme.self, name: "y") { _ in DarkTheme() }
        #expect(try child.resolveAll(Theme.self).map(\.name) == ["dark", "light", "dark"])
        #expect(child.isRegistered(Theme.self, name: "x"))
    }

    /// A replacement takes the place of what it replaces, in a container and over a parent's; a
    /// child's own registrations come after its parent's.
    @Test func resolveAllKeepsAReplacementInThePlaceOfWhatItReplaced() throws {
        let parent = Container()
        for name in ["a", "b", "c"] { parent.register(String.self, name: name) { _ in "parent \(name)" } }
        parent.register(String.self, name: "a") { _ in "parent a2" }
        #expect(try parent.resolveAll(String.self) == ["parent a2", "parent b", "parent c"])
        let child = parent.makeChild()
        child.register(String.self, name: "d") { _ in "child d" }
        child.register(String.self, name: "b") { _ in "child b" }
        #expect(try child.resolveAll(String.self) == ["parent a2", "child b", "parent c", "child d"])
    }
}
