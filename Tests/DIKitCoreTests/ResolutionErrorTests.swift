import DIKitCore
import Testing

@Suite struct ResolutionErrorTests {
    @Test func unregisteredTypeSaysNothingIsRegistered() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(API.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["API"])
        #expect(
            error.description == """
                No registration for 'API'.
                  Resolution path: API
                  Nothing is registered for API in this container or its parents.
                  To fix: register it (`container.register(API.self) { r in … }`), or add the assembly that registers it.
                """)
    }

    @Test func anImplementationRegisteredUnderItsOwnTypeIsPointedOut() throws {
        let container = Container()
        container.register(OtherAPI.self) { _ in OtherAPI() }
        container.register(Clock.self) { _ in Clock() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(API.self) }
        #expect(error.kind == .notRegistered)
        #expect(
            error.description == """
                No registration for 'API'.
                  Resolution path: API
                  Nothing is registered for API in this container or its parents.
                  Registered with similar names: OtherAPI.
                  To fix: register it (`container.register(API.self) { r in … }`), or add the assembly that registers it. \
                If OtherAPI is what API should resolve to, add `.implements(API.self)` to its registration.
                """)
        let named = try #require(throws: ResolutionError.self) { try container.resolve(API.self, name: "x") }
        #expect(named.description.contains("add `.implements(API.self, name: \"x\")` to its registration."))
        // The fix it names works.
        container.register(OtherAPI.self) { _ in OtherAPI() }.implements(API.self)
        #expect(try container.resolve(API.self) is OtherAPI)
    }

    @Test func anOptionalOfTheTypeIsNotOfferedAsItsImplementation() throws {
        let container = Container()
        container.register(Int?.self) { _ in nil }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Int.self) }
        #expect(error.description.contains("Registered with similar names: Optional<Int>."))
        #expect(error.description.hasSuffix("To get the optional that is registered, resolve `Int?.self`."))
        #expect(!error.description.contains(".implements"))
        #expect(try container.resolve(Int?.self) == nil)  // the fix it names works
    }

    @Test func anArrayOfARegisteredServiceIsPointedToResolveAll() throws {
        let container = Container()
        container.register(API.self, name: "live") { _ in OtherAPI() }
        container.register(API.self, name: "other") { _ in OtherAPI() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve([any API].self) }
        #expect(error.kind == .notRegistered)
        #expect(
            error.description == """
                No registration for 'Array<API>'.
                  Resolution path: Array<API>
                  Nothing is registered for Array<API> in this container or its parents.
                  Registered with similar names: API.
                  API is registered: an array is resolved as a type of its own, not as every API.
                  To fix: resolve every registration of API with `resolveAll(API.self)` (in a factory, \
                `try r.resolveAll(API.self)`), or register Array<API> itself.
                """)
        #expect(try container.resolveAll(API.self).count == 2)  // the fix it names works
        // An array whose element is not registered either is just not registered.
        let clocks = try #require(throws: ResolutionError.self) { try container.resolve([Clock].self) }
        #expect(!clocks.description.contains("resolveAll"))
    }

    @Test func aTypeHoldingAnotherAsAGenericArgumentIsNotOfferedAsItsImplementation() throws {
        let container = Container()
        container.register([any API].self) { _ in [OtherAPI()] }
        container.register([String: Clock].self) { _ in [:] }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(API.self) }
        #expect(error.description.contains("Registered with similar names: Array<API>."))
        #expect(!error.description.contains(".implements"))
        let clock = try #require(throws: ResolutionError.self) { try container.resolve(Clock.self) }
        #expect(clock.description.contains("Registered with similar names: Dictionary<String, Clock>."))
        #expect(!clock.description.contains(".implements"))
    }

    @Test func namesAreWrittenAsSwiftSpellsThemInCode() throws {
        let container = Container()
        let name = "line\nbreak \"quoted\""
        let written = #""line\nbreak \"quoted\"""#
        container.register(Theme.self, name: name) { _ in LightTheme() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Theme.self, name: "other") }
        #expect(error.description.contains("Registered names for Theme: \(written)."))
        let missing = try #require(throws: ResolutionError.self) { try container.resolve(Clock.self, name: name) }
        #expect(missing.description.hasPrefix("No registration for 'Clock' (name: \(written))."))
        #expect(missing.description.contains("container.register(Clock.self, name: \(written))"))
    }

    @Test func onlyNamesOfThreeCharactersOrMoreAreComparedAndAtMostThreeListed() throws {
        let container = Container()
        container.register(Session2.self) { _ in Session2() }
        container.register(SessionStore.self) { _ in SessionStore() }
        container.register(Session3.self) { _ in Session3() }
        container.register(UserSession.self) { _ in UserSession() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Session.self) }
        #expect(error.description.contains("Registered with similar names: Session2, SessionStore, Session3."))
        // `To` is in `Token`'s name, but too short to say anything.
        container.register(Token.self) { _ in Token() }
        let short = try #require(throws: ResolutionError.self) { try container.resolve(To.self) }
        #expect(!short.description.contains("similar"))
    }

    @Test func wrongNameListsTheRegisteredNames() throws {
        let container = Container()
        container.register(Theme.self, name: "paypal") { _ in LightTheme() }
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Checkout.self) { r in Checkout(theme: try r.resolve(name: "stripe")) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Checkout.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["Checkout", "Theme (name: \"stripe\")"])
        #expect(
            error.description == """
                No registration for 'Theme' (name: "stripe").
                  Resolution path: Checkout -> Theme (name: "stripe")
                  Registered names for Theme: "paypal", no name.
                  To fix: register Theme with name "stripe", or resolve one of the names above.
                """)
    }

    @Test func missingDependencyThreeLevelsDeepNamesEveryLevel() throws {
        let container = Container()
        container.register(ServiceA.self) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self) { r in ServiceB(c: try r.resolve(ServiceC.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["ServiceA", "ServiceB", "ServiceC"])
        #expect(error.description.contains("Resolution path: ServiceA -> ServiceB -> ServiceC"))
    }

    @Test func directCycleIsReportedInsteadOfOverflowing() throws {
        let container = Container()
        container.register(ServiceA.self) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self) { r in
            _ = try r.resolve(ServiceA.self)
            return ServiceB(c: nil)
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["ServiceA", "ServiceB", "ServiceA"])
        #expect(
            error.description == """
                Circular dependency: ServiceA -> ServiceB -> ServiceA.
                  Resolution path: ServiceA -> ServiceB -> ServiceA
                  Each service on the cycle needs the next one before it can be built.
                  To fix: break the cycle: take one side as `Lazy<Service>` or `Provider<Service>` (or an `@Injected` property), or set it in an `onResolved` handler, which runs once the whole graph is built, whichever side is resolved first.
                """)
        container.register(ServiceB.self) { _ in ServiceB(c: nil) }
        #expect(try container.resolve(ServiceA.self).b.c == nil)
    }

    @Test func indirectCycleNamesTheCycleWithinTheLongerPath() throws {
        let container = Container()
        container.register(Node.self, name: "root") { r in
            _ = try r.resolve(ServiceA.self)
            return Node()
        }
        container.register(ServiceA.self, scope: .singleton) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self) { r in ServiceB(c: try r.resolve()) }
        container.register(ServiceC.self) { r in
            _ = try r.resolve(ServiceA.self)
            return ServiceC()
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Node.self, name: "root") }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["Node (name: \"root\")", "ServiceA", "ServiceB", "ServiceC", "ServiceA"])
        #expect(error.description.hasPrefix("Circular dependency: ServiceA -> ServiceB -> ServiceC -> ServiceA."))
    }

    @Test func cycleThroughACapturedContainerIsFoundToo() throws {
        let container = Container()
        let captured = Weak(container)
        container.register(ServiceA.self) { _ in ServiceA(b: try #require(captured.value).resolve()) }
        container.register(ServiceB.self) { _ in
            _ = try #require(captured.value).resolve(ServiceA.self)
            return ServiceB(c: nil)
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["ServiceA", "ServiceB", "ServiceA"])
    }

    @Test func factoryErrorIsKeptWithThePath() throws {
        let container = Container()
        container.register(ServiceA.self) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self) { _ in throw Boom() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
        #expect(error.kind == .factoryFailed)
        #expect(error.path == ["ServiceA", "ServiceB"])
        #expect(error.underlyingError is Boom)
        #expect(
            error.description.hasPrefix(
                "The factory for 'ServiceB' threw: boom\n  Resolution path: ServiceA -> ServiceB\n  Registered at DIKitCoreTests/ResolutionErrorTests.swift:"
            ))
    }

    @Test func failedSingletonIsNotCachedAndARetrySucceeds() throws {
        let container = Container()
        let attempts = Counter()
        container.register(HTTPClient.self, scope: .singleton) { _ in
            if attempts.increment() == 1 { throw Boom() }
            return URLSessionClient()
        }
        #expect(throws: ResolutionError.self) { try container.resolve(HTTPClient.self) }
        let client = try container.resolve(HTTPClient.self)
        #expect(try container.resolve(HTTPClient.self) === client)
        #expect(attempts.value == 2)
    }

    @Test func implementsWithANonConformingTypeIsATypeMismatch() throws {
        let container = Container()
        container.register(UserStore.self) { _ in UserStore() }.implements(Unrelated.self)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Unrelated.self) }
        #expect(error.kind == .typeMismatch)
        #expect(error.path == ["Unrelated"])
        #expect(
            error.description.hasPrefix("'UserStore', registered for 'UserStore', does not conform to 'Unrelated'."))
        #expect(
            error.description.contains(
                "To fix: make UserStore conform to Unrelated, or remove `.implements(Unrelated.self)`."))
    }

    @Test func aTypeMismatchNamesTheRegistrationAndTheAliasWithTheirNames() throws {
        let container = Container()
        container.register(UserStore.self, name: "disk") { _ in UserStore() }.implements(Unrelated.self, name: "y")
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Unrelated.self, name: "y") }
        #expect(error.kind == .typeMismatch)
        #expect(
            error.description.hasPrefix(
                "'UserStore', registered for 'UserStore (name: \"disk\")', does not conform to 'Unrelated'."))
        #expect(error.description.contains("The alias was declared with implements(Unrelated.self, name: \"y\") at"))
        #expect(error.description.contains("or remove `.implements(Unrelated.self, name: \"y\")`."))
    }

    @Test func anAliasAddedAfterItsRegistrationWasRemovedNamesTheMissingRegistration() throws {
        let container = Container()
        let registration = container.register(UserStore.self, name: "disk") { _ in UserStore() }
        container.removeAll()
        registration.implements(UserReading.self)
        let error = try #require(throws: ResolutionError.self) { try container.resolve(UserReading.self) }
        #expect(error.kind == .notRegistered)
        #expect(
            error.description.hasPrefix(
                "No registration for 'UserStore (name: \"disk\")', which 'UserReading' is an alias of."))
        #expect(error.description.contains("The alias was declared with implements(UserReading.self) at"))
        #expect(error.description.contains("To fix: register UserStore (name: \"disk\") again"))
    }

    @Test func weakScopeWithAValueTypeIsReportedAtResolution() throws {
        let container = Container()
        container.register(Theme.self, scope: .weak) { _ in LightTheme() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Theme.self) }
        #expect(error.kind == .valueTypeInWeakScope)
        #expect(error.path == ["Theme"])
        #expect(
            error.description.hasPrefix(
                "'Theme' is registered with scope .weak, but its factory returned the value type 'LightTheme'."))
    }

    @Test func containerKeepsWorkingAfterEveryFailure() throws {
        let container = Container()
        container.register(ServiceA.self) { r in ServiceA(b: try r.resolve()) }
        container.register(ServiceB.self) { r in
            _ = try r.resolve(ServiceA.self)
            return ServiceB(c: nil)
        }
        container.register(Theme.self) { _ in LightTheme() }
        for _ in 0..<3 {
            #expect(throws: ResolutionError.self) { try container.resolve(ServiceA.self) }
            #expect(throws: ResolutionError.self) { try container.resolve(API.self) }
            #expect(try container.resolve(Theme.self).name == "light")
        }
    }
}

final class Checkout {
    let theme: any Theme
    init(theme: any Theme) { self.theme = theme }
}

/// Misses cost the same whatever the number of registrations, and their messages stay short.
@Suite struct MissTests {
    @Test func registeredNamesInAnErrorAreCapped() throws {
        let container = Container()
        for index in 0..<100_000 { container.register(Theme.self, name: "theme-\(index)") { _ in DarkTheme() } }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Theme.self, name: "missing") }
        #expect(error.kind == .notRegistered)
        #expect(error.description.contains("\"theme-9\", … and 99,990 more registrations."))
        #expect(error.description.count < 1_000)
        #expect(!container.isRegistered(Theme.self, name: "missing"))
        #expect(container.isRegistered(Theme.self, name: "theme-99999"))
        #expect(try container.resolve(Theme?.self, name: "missing") == nil)
    }

    @Test func argumentTypesInAnErrorAreCapped() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name: name, times: times) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self, arguments: 1.5) }
        #expect(error.kind == .argumentMismatch)
        #expect(error.description.contains("Greeter is registered taking: (String), (String, Int)."))
    }
}

final class Session {}
final class Session2 {}
final class Session3 {}
final class SessionStore {}
final class UserSession {}
final class Token {}
struct To {}
