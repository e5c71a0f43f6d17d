import DIKitCore
import Testing

/// Custom scopes: `Scope.custom(_:)` and `Container.reset(scope:)`.
@Suite struct CustomScopeTests {
    @Test func aCustomScopeKeepsOneInstanceUntilItIsReset() throws {
        let container = Container()
        container.register(UserStore.self, scope: .session) { _ in UserStore() }
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let first = try container.resolve(UserStore.self)
        let clock = try container.resolve(Clock.self)
        #expect(first === (try container.resolve(UserStore.self)))
        container.reset(scope: .session)
        let second = try container.resolve(UserStore.self)
        #expect(first !== second)
        #expect(clock === (try container.resolve(Clock.self)))
    }

    @Test func resettingTheSingletonScopeKeepsCustomScopes() throws {
        let container = Container()
        container.register(UserStore.self, scope: .session) { _ in UserStore() }
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let store = try container.resolve(UserStore.self)
        let clock = try container.resolve(Clock.self)
        container.reset(scope: .singleton)
        #expect(store === (try container.resolve(UserStore.self)))
        #expect(clock !== (try container.resolve(Clock.self)))
        container.reset()
        #expect(store !== (try container.resolve(UserStore.self)))
    }

    @Test func scopesWithTheSameNameAreOneScope() throws {
        let container = Container()
        container.register(UserStore.self, scope: .custom("session")) { _ in UserStore() }
        let store = try container.resolve(UserStore.self)
        container.reset(scope: .custom("other"))
        #expect(store === (try container.resolve(UserStore.self)))
        container.reset(scope: Scope.custom("session"))
        #expect(store !== (try container.resolve(UserStore.self)))
        #expect(Scope.custom("session") == .session)
        #expect(Scope.session.description == "session")
    }

    @Test func aCustomScopeNamedAsABuiltInOneIsNotIt() throws {
        let container = Container()
        container.register(UserStore.self, scope: .custom("singleton")) { _ in UserStore() }
        let store = try container.resolve(UserStore.self)
        #expect(Scope.custom("singleton") != .singleton)
        container.reset(scope: .singleton)
        #expect(store === (try container.resolve(UserStore.self)))
        container.reset(scope: .custom("singleton"))
        #expect(store !== (try container.resolve(UserStore.self)))
    }

    @Test func aCustomScopeIsOnePerContainerAndArguments() throws {
        let parent = Container()
        parent.register(Greeter.self, scope: .session) { (_: any Resolver, name: String) in Greeter(name: name) }
        let child = parent.makeChild()
        let ada = try parent.resolve(Greeter.self, arguments: "Ada")
        #expect(ada === (try child.resolve(Greeter.self, arguments: "Ada")))
        #expect(ada !== (try parent.resolve(Greeter.self, arguments: "Bob")))
        child.reset(scope: .session)
        #expect(ada === (try parent.resolve(Greeter.self, arguments: "Ada")))
        parent.reset(scope: .session)
        #expect(ada !== (try parent.resolve(Greeter.self, arguments: "Ada")))
    }

    @Test func resettingTransientOrGraphDoesNothing() throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let clock = try container.resolve(Clock.self)
        container.reset(scope: .transient)
        container.reset(scope: .graph)
        #expect(clock === (try container.resolve(Clock.self)))
    }
}

extension Scope {
    static let session = Scope.custom("session")
}
