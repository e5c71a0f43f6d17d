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

    /// A parent's singleton resolves with the parent: the transient it needs is the parent's
    /// registration again, but built by the parent it finds the parent's dependencies, and ends.
    @Test func aRegistrationMetAgainThroughTheParentIsNotACycle() throws {
        let parent = Container()
        parent.register(Logger.self) { r in Logger(config: try r.resolve()) }
        parent.register(LogConfig.self) { _ in LogConfig(analytics: nil) }
        parent.register(Analytics.self, scope: .singleton) { r in Analytics(logger: try r.resolve()) }
        let child = parent.makeChild()
        child.register(LogConfig.self) { r in LogConfig(analytics: try r.resolve()) }

        let logger = try child.resolve(Logger.self)
        let analytics = try #require(logger.config.analytics)
        #expect(analytics.logger.config.analytics == nil)
        #expect(try parent.resolve(Analytics.self) === analytics)
    }

    @Test func aCycleThroughTheParentIsStillACycle() throws {
        let parent = Container()
        parent.register(Logger.self) { r in Logger(config: try r.resolve()) }
        let child = parent.makeChild()
        child.register(LogConfig.self) { r in LogConfig(analytics: Analytics(logger: try r.resolve())) }

        let error = try #require(throws: ResolutionError.self) { try child.resolve(Logger.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["Logger", "LogConfig", "Logger"])
    }
}

private final class Logger: Sendable {
    let config: LogConfig
    init(config: LogConfig) { self.config = config }
}

private final class LogConfig: Sendable {
    let analytics: Analytics?
    init(analytics: Analytics?) { self.analytics = analytics }
}

private final class Analytics: Sendable {
    let logger: Logger
    init(logger: Logger) { self.logger = logger }
}
