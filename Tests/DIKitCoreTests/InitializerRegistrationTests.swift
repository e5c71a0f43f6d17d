import DIKitCore
import Testing

/// `register(_:name:scope:initializer:)`: every parameter of an initializer resolved by type.
@Suite struct InitializerRegistrationTests {
    @Test func everyParameterIsResolvedByType() throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(Clock.self) { _ in Clock() }
        container.register(Theme.self) { _ in DarkTheme() }
        container.register(Wired.self, scope: .singleton, initializer: Wired.init)
        let wired = try container.resolve(Wired.self)
        #expect(wired.http === (try container.resolve(HTTPClient.self)))
        #expect(wired.clock != nil)
        #expect(wired.theme.name == "dark")
        #expect(try container.resolve(Wired.self) === wired)
    }

    @Test func resolvesAsAProtocolWithANameAndNoParameters() throws {
        let container = Container()
        container.register(HTTPClient.self, name: "live", initializer: URLSessionClient.init)
        container.register(API.self, initializer: LiveAPI.init(http:))
        #expect(try container.resolve(HTTPClient.self, name: "live") as? URLSessionClient != nil)
        #expect(throws: ResolutionError.self) { try container.resolve(API.self) }
    }

    @Test func optionalParameterIsNilWhenItsTypeIsNotRegistered() throws {
        let container = Container()
        container.register(HTTPClient.self) { _ in URLSessionClient() }
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Wired.self, initializer: Wired.init)
        #expect(try container.resolve(Wired.self).clock == nil)
    }

    @Test func missingParameterIsAnErrorWithThePath() throws {
        let container = Container()
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Wired.self, initializer: Wired.init)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Wired.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["Wired", "HTTPClient"])
    }

    @Test func lazyParameterBreaksAConstructorCycle() throws {
        let container = Container()
        container.register(Egg.self, scope: .singleton, initializer: Egg.init)
        container.register(Hen.self, scope: .singleton, initializer: Hen.init)
        let hen = try container.resolve(Hen.self)
        #expect(try hen.egg.hen?() === hen)
        hen.egg.hen = nil  // break the cycle the test made
    }

    @Test func trailingClosureRegistrationsStayUnambiguous() throws {
        let container = Container()
        container.register(Greeter.self, scope: .graph) { (_: any Resolver, name: String) in Greeter(name: name) }
        container.register(Clock.self) { _ in Clock() }
        #expect(try container.resolve(Greeter.self, arguments: "Ada").name == "Ada")
        #expect(container.isRegistered(Clock.self))
    }

    @Test func aParametersDefaultValueDoesNotApply() throws {
        let container = Container()
        container.register(HTTPClient.self) { _ in URLSessionClient() }
        container.register(RetryingClient.self, initializer: RetryingClient.init)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(RetryingClient.self) }
        #expect(error.path == ["RetryingClient", "Int"])
        // What the docs advise: a closure that leaves the defaulted parameter out.
        container.register(RetryingClient.self) { r in RetryingClient(http: try r.resolve()) }
        #expect(try container.resolve(RetryingClient.self).retries == 3)
    }

    @Test func anArrayParameterIsTheArrayTypeAndTheErrorPointsToResolveAll() throws {
        let container = Container()
        container.register(Theme.self, name: "light") { _ in LightTheme() }
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        container.register(ThemePicker.self, initializer: ThemePicker.init)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ThemePicker.self) }
        #expect(error.path == ["ThemePicker", "Array<Theme>"])
        #expect(error.description.contains("`try r.resolveAll(Theme.self)`"))
        // What the docs advise.
        container.register(ThemePicker.self) { r in ThemePicker(themes: try r.resolveAll(Theme.self)) }
        #expect(try container.resolve(ThemePicker.self).themes.map(\.name) == ["light", "dark"])
    }
}

final class Wired {
    let http: any HTTPClient
    let clock: Clock?
    let theme: any Theme
    init(http: any HTTPClient, clock: Clock?, theme: any Theme) {
        self.http = http
        self.clock = clock
        self.theme = theme
    }
}

final class Hen {
    let egg: Egg
    init(egg: Egg) { self.egg = egg }
}

final class Egg {
    var hen: Lazy<Hen>?
    init(hen: Lazy<Hen>) { self.hen = hen }
}

/// A service whose initializer has a parameter with a default value.
final class RetryingClient: Sendable {
    let retries: Int
    init(http: any HTTPClient, retries: Int = 3) { self.retries = retries }
}

/// A service given every registered theme.
struct ThemePicker {
    let themes: [any Theme]
}
