import DIKitCore
import Testing

@Suite struct ContainerTests {
    @Test func transientIsTheDefaultAndBuildsAnewEachTime() throws {
        let container = Container()
        container.register(HTTPClient.self) { _ in URLSessionClient() }
        let first = try container.resolve(HTTPClient.self)
        let second: any HTTPClient = try container.resolve()
        #expect(first !== second)
    }

    @Test func factoryResolvesItsDependenciesFromTheResolver() throws {
        let container = Container()
        container.register(HTTPClient.self, scope: .singleton) { _ in URLSessionClient() }
        container.register(API.self) { r in LiveAPI(http: try r.resolve()) }
        let api = try #require(try container.resolve(API.self) as? LiveAPI)
        #expect(api.http === (try container.resolve(HTTPClient.self)))
    }

    @Test func namesTellRegistrationsApart() throws {
        let container = Container()
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        #expect(try container.resolve(Theme.self).name == "light")
        #expect(try container.resolve(Theme.self, name: "dark").name == "dark")
    }

    @Test func registeredInstanceIsReturnedEveryTime() throws {
        let container = Container()
        let client = URLSessionClient()
        container.register(HTTPClient.self, instance: client)
        #expect(try container.resolve(HTTPClient.self) === client)
        #expect(try container.resolve(HTTPClient.self) === client)
    }

    @Test func registeringTheSameKeyAgainReplacesIt() throws {
        let container = Container()
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Theme.self) { _ in DarkTheme() }
        #expect(try container.resolve(Theme.self).name == "dark")
        #expect(try container.resolveAll(Theme.self).count == 1)
    }

    @Test func resolveAllReturnsEveryNameInRegistrationOrder() throws {
        let container = Container()
        container.register(Theme.self, name: "b") { _ in DarkTheme() }
        container.register(Theme.self) { _ in LightTheme() }
        container.register(Theme.self, name: "c") { _ in DarkTheme() }
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        let names = try container.resolveAll(Theme.self).map(\.name)
        #expect(names == ["dark", "light", "dark"])
        #expect(try container.resolveAll(Greeter.self).isEmpty)
        let viaResolver: any Resolver = container
        let inferred: [any Theme] = try viaResolver.resolveAll()
        #expect(inferred.count == 3)
    }

    /// Names compare as `String`s do, by canonical equivalence, whatever their bytes: the table's
    /// name hash must agree (including the three non-ASCII scalars equivalent to ASCII ones).
    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"), ("K", "\u{212A}"), ("a;b", "a\u{37E}b"), ("`", "\u{1FEF}"),
        ("plain", "plain"),
    ])
    func canonicallyEquivalentNamesFindTheSameRegistration(registered: String, resolved: String) throws {
        #expect(registered == resolved)
        for count in [1, 20] {  // a small table and an indexed one
            let container = Container()
            for index in 1..<count { container.register(Theme.self, name: "filler \(index)") { _ in DarkTheme() } }
            container.register(Theme.self, name: registered) { _ in LightTheme() }
            #expect(try container.resolve(Theme.self, name: resolved).name == "light")
            container.register(HTTPClient.self, name: registered, scope: .singleton) { _ in URLSessionClient() }
            #expect(
                try container.resolve(HTTPClient.self, name: resolved)
                    === (try container.resolve(HTTPClient.self, name: registered)))
        }
    }

    /// A small table is a list; past eight registrations it is indexed. Lookups, replacement in
    /// place, order and `isRegistered` must agree on both sides of the switch.
    @Test(arguments: [3, 8, 9, 40])
    func registrationsKeepTheirOrderAndPlaceAtAnySize(count: Int) throws {
        let container = Container()
        for index in 0..<count {
            container.register(Theme.self, name: "\(index)") { _ in DarkTheme() }
        }
        container.register(Theme.self, name: "1") { _ in LightTheme() }  // replaced in place
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        let names = try container.resolveAll(Theme.self).map(\.name)
        #expect(names.count == count)
        #expect(names[1] == "light")
        #expect(names.enumerated().allSatisfy { $0.offset == 1 || $0.element == "dark" })
        #expect(container.isRegistered(Theme.self, name: "\(count - 1)"))
        #expect(!container.isRegistered(Theme.self, name: "\(count)"))
        #expect(container.isRegistered(Greeter.self))
        #expect(try container.resolve(Greeter.self, arguments: "Ada").name == "Ada")
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Theme.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.description.contains("\"\(count - 1)\"") || count > 10)
    }

    @Test func isRegisteredChecksTypeAndNameWithAnyArguments() {
        let container = Container()
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        #expect(container.isRegistered(Theme.self, name: "dark"))
        #expect(!container.isRegistered(Theme.self))
        #expect(container.isRegistered(Greeter.self))
        #expect(!container.isRegistered(API.self))
    }

    @Test func resolverExistentialOffersEveryResolveForm() throws {
        let container = Container()
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name: name, times: times) }
        let resolver: any Resolver = container
        let theme: any Theme = try resolver.resolve(name: "dark")
        #expect(theme.name == "dark")
        let greeter = try resolver.resolve(Greeter.self, arguments: "Ada", 3)
        #expect(greeter.name == "Ada" && greeter.times == 3)
        let inferred: Greeter = try resolver.resolve(arguments: "Bo", 1)
        #expect(inferred.name == "Bo")
        #expect(try resolver.resolve(Theme.self, name: "dark").name == "dark")
        #expect(try resolver.resolve(Greeter.self, name: nil, arguments: "Cy", 2).times == 2)
    }

    @Test func shorterFormsForwardToTheRequirements() throws {
        let stub = StubResolver()
        let any: any Resolver = stub
        let first: String = try any.resolve()
        let named: String = try any.resolve(name: "x")
        let withArguments: String = try any.resolve(arguments: 1, 2)
        let namedWithArguments: String = try any.resolve(name: "y", arguments: true)
        let all: [String] = try any.resolveAll()
        #expect([first, named, withArguments, namedWithArguments] == ["nil", "x", "nil+2", "y+1"])
        #expect(all == ["all"])
    }

    @Test func resultBuilderRegistersEachEntry() throws {
        let container = Container {
            Register { DarkTheme() as any Theme }
            Register(HTTPClient.self, scope: .singleton) { URLSessionClient() }
            Register(API.self) { r in LiveAPI(http: try r.resolve()) }
        }
        #expect(try container.resolve(Theme.self).name == "dark")
        #expect(try container.resolve(HTTPClient.self) === (try container.resolve(HTTPClient.self)))
        #expect(try container.resolve(API.self) is LiveAPI)
    }

    @Test func resultBuilderAcceptsAssembliesAndConditions() throws {
        let includeDark = true
        let container = Container {
            ThemeAssembly()
            if includeDark {
                Register(Theme.self, name: "dark") { DarkTheme() }
            }
        }
        #expect(try container.resolve(Theme.self).name == "light")
        #expect(try container.resolve(Theme.self, name: "dark").name == "dark")
    }

    @Test(arguments: [false, true])
    func resultBuilderAcceptsElseBranchesAndLoops(useDark: Bool) throws {
        let container = Container {
            if useDark {
                Register(Theme.self) { DarkTheme() }
            } else {
                Register(Theme.self) { LightTheme() }
            }
            for name in ["a", "b"] {
                Register(Theme.self, name: name) { DarkTheme() }
            }
        }
        #expect(try container.resolve(Theme.self).name == (useDark ? "dark" : "light"))
        #expect(try container.resolveAll(Theme.self).count == 3)
    }

    @Test func onResolvedDoesNotRunForRegisteredInstances() throws {
        let container = Container()
        let calls = Counter()
        container.register(Clock.self, instance: Clock()).onResolved { _, _ in calls.increment() }
        _ = try container.resolve(Clock.self)
        #expect(calls.value == 0)
    }
}

struct ThemeAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(Theme.self) { _ in LightTheme() }
    }
}

/// A resolver of its own, as a test stub would be: it implements the three requirements.
struct StubResolver: Resolver {
    func resolve<Service>(_ type: Service.Type, name: String?) throws -> Service {
        try #require((name ?? "nil") as? Service)
    }

    func resolve<Service, each Argument>(
        _ type: Service.Type, name: String?, arguments: repeat each Argument
    ) throws -> Service {
        var count = 0
        for _ in repeat each arguments { count += 1 }
        return try #require("\(name ?? "nil")+\(count)" as? Service)
    }

    func resolveAll<Service>(_ type: Service.Type) throws -> [Service] {
        [try #require("all" as? Service)]
    }
}
