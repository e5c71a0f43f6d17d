import DIKitCore
import Testing

@Suite struct RegistrationTests {
    @Test func implementsResolvesTheSameSingletonAsAnotherType() throws {
        let container = Container()
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .implements(UserReading.self)
        let store = try container.resolve(UserStore.self)
        #expect(try container.resolve(UserReading.self) === store)
    }

    @Test func implementsTakesAName() throws {
        let container = Container()
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .implements(UserReading.self, name: "disk")
        #expect(container.isRegistered(UserReading.self, name: "disk"))
        #expect(!container.isRegistered(UserReading.self))
        #expect(try container.resolve(UserReading.self, name: "disk") === (try container.resolve(UserStore.self)))
    }

    @Test func implementsForwardsRuntimeArguments() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
            .implements(AnyObject.self)
        let greeter = try #require(try container.resolve(AnyObject.self, arguments: "Ada") as? Greeter)
        #expect(greeter.name == "Ada")
    }

    @Test func implementsOfTheRegistrationsOwnTypeAndNameAddsNothing() throws {
        let container = Container()
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .implements(UserStore.self)
            .implements(UserStore.self, name: "named")
        let store = try container.resolve(UserStore.self)  // the factory's, not an alias to itself
        #expect(try container.resolve(UserStore.self) === store)
        #expect(try container.resolve(UserStore.self, name: "named") === store)
    }

    @Test func implementsFollowsAReplacedRegistration() throws {
        let container = Container()
        container.register(API.self) { _ in OtherAPI() }.implements(AnyObject.self)
        container.register(API.self) { r in LiveAPI(http: URLSessionClient()) }
        #expect(try container.resolve(AnyObject.self) is LiveAPI)
    }

    @Test func implementsFollowsAnOverrideInAChildContainer() throws {
        let parent = Container()
        parent.register(UserStore.self, scope: .singleton) { _ in UserStore() }.implements(UserReading.self)
        let child = parent.makeChild()
        child.register(UserStore.self, scope: .singleton) { _ in UserStore() }
        #expect(try child.resolve(UserReading.self) === (try child.resolve(UserStore.self)))
        #expect(try parent.resolve(UserReading.self) === (try parent.resolve(UserStore.self)))
        #expect(try child.resolve(UserStore.self) !== (try parent.resolve(UserStore.self)))
    }

    @Test func onResolvedInjectsProperties() throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        container.register(UserStore.self) { _ in UserStore() }
            .onResolved { r, store in store.clock = try r.resolve() }
        let store = try container.resolve(UserStore.self)
        #expect(store.clock === (try container.resolve(Clock.self)))
    }

    @Test func onResolvedClosesSingletonCycles() throws {
        let container = Container()
        container.register(Parent.self, scope: .singleton) { _ in Parent() }
            .onResolved { r, parent in parent.child = try r.resolve() }
        container.register(Child.self, scope: .singleton) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        #expect(try container.resolve(Child.self) === parent.child)
        parent.child = nil  // break the cycle the test made
    }

    @Test func onResolvedBecomesPartOfTheRegistration() throws {
        let container = Container()
        let registration = container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let before = try container.resolve(Clock.self)
        let calls = Counter()
        registration.onResolved { _, _ in calls.increment() }
        let after = try container.resolve(Clock.self)
        #expect(after !== before)
        #expect(try container.resolve(Clock.self) === after)
        #expect(calls.value == 1)
        #expect(try container.resolveAll(Clock.self).count == 1)
    }

    @Test func throwingOnResolvedFailsAndKeepsNothing() throws {
        let container = Container()
        let attempts = Counter()
        container.register(UserStore.self, scope: .singleton) { _ in UserStore() }
            .onResolved { _, _ in
                if attempts.increment() == 1 { throw Boom() }
            }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(UserStore.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.underlyingError is Boom)
        #expect(error.description.contains("An onResolved handler for 'UserStore' threw: boom"))
        let store = try container.resolve(UserStore.self)
        #expect(try container.resolve(UserStore.self) === store)
        #expect(attempts.value == 2)
    }

    /// A closure of the resolver alone takes the form without arguments; generic code whose pack
    /// is empty reaches the form with the pack, which must behave the same.
    @Test func aFactoryRegisteredThroughAnEmptyArgumentPackResolvesAsOneWithoutArguments() throws {
        func registerThroughPack<each Argument>(
            _ container: Container, scope: Scope,
            _ factory: @escaping @Sendable (any Resolver, repeat each Argument) -> Int
        ) {
            container.register(Int.self, scope: scope, factory: factory)
        }
        let container = Container()
        let builds = Counter()
        registerThroughPack(container, scope: .singleton) { _ in builds.increment() }
        #expect(try container.resolve(Int.self) == 1)
        #expect(try container.resolve(Int.self) == 1)
        #expect(container.isRegistered(Int.self))
    }

    /// A container keeps a few registrations in a list and indexes many: at every size across that
    /// line (one, two, the most a list holds, one more), each registration resolves, a replacement
    /// keeps its place in registration order, and the names and counts an error shows are right.
    @Test(arguments: [1, 2, 8, 9, 12])
    func everyRegistrationResolvesAndKeepsItsOrderAtEverySize(count: Int) throws {
        let container = Container()
        for index in 0..<count { container.register(Int.self, name: "n\(index)") { _ in index } }
        container.register(String.self) { _ in "other" }
        // Replace the first and the last: each keeps its place.
        container.register(Int.self, name: "n0") { _ in 100 }
        container.register(Int.self, name: "n\(count - 1)") { _ in 100 + count - 1 }

        var expected = Array(0..<count)
        expected[0] = 100
        expected[count - 1] = 100 + count - 1
        for index in 0..<count {
            #expect(try container.resolve(Int.self, name: "n\(index)") == expected[index])
            #expect(container.isRegistered(Int.self, name: "n\(index)"))
        }
        #expect(try container.resolve(String.self) == "other")
        #expect(!container.isRegistered(Int.self, name: "n\(count)"))
        #expect(try container.resolveAll(Int.self) == expected)  // in registration order
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Int.self, name: "missing") }
        #expect(error.description.contains("n0"))
        #expect(error.description.contains(count > 10 ? "and \(count - 10) more" : "n\(count - 1)"))
    }
}
