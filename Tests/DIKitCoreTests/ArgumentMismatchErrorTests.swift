import DIKitCore
import Testing

/// What an argument mismatch says: what is registered, and the call that resolves it.
@Suite struct ArgumentMismatchErrorTests {
    @Test func wrongArgumentTypesNameTheExpectedOnes() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self, arguments: 42) }
        #expect(error.kind == .argumentMismatch)
        #expect(error.path == ["Greeter (arguments: Int)"])
        #expect(
            error.description == """
                No registration for 'Greeter' taking (Int).
                  Resolution path: Greeter (arguments: Int)
                  Greeter is registered taking: (String).
                  To fix: resolve it with arguments of those types, in that order (`resolve(Greeter.self, arguments: …)`), or register a factory taking (Int).
                """)
    }

    @Test func argumentsToAServiceTakingNoneAreToldToResolveWithoutThem() throws {
        let container = Container()
        container.register(Greeter.self, name: "formal") { _ in Greeter(name: "Sir") }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, name: "formal", arguments: "Ada")
        }
        #expect(
            error.description == """
                No registration for 'Greeter' (name: "formal") taking (String).
                  Resolution path: Greeter (name: "formal", arguments: String)
                  Greeter (name: "formal") is registered taking: (no arguments).
                  To fix: resolve it without arguments (`resolve(Greeter.self, name: "formal")`), or register a factory taking (String).
                """)
        // What it says works.
        #expect(try container.resolve(Greeter.self, name: "formal").name == "Sir")
    }

    @Test func theCallToWriteKeepsTheNameAskedFor() throws {
        let container = Container()
        container.register(Greeter.self, name: "formal") { (_, name: String) in Greeter(name: name) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self, name: "formal") }
        #expect(
            error.description.contains(
                "resolve it with arguments of those types, in that order (`resolve(Greeter.self, name: \"formal\", arguments: …)`)"
            ))
    }

    @Test func argumentsThatWouldFitAsTheRegisteredTypesAreToldHowToPass() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String?) in Greeter(name: name ?? "nobody") }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self, arguments: "Ada") }
        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                No registration for 'Greeter' taking (String).
                  Resolution path: Greeter (arguments: String)
                  Greeter is registered taking: (Optional<String>).
                  The values given would also fit (Optional<String>), but arguments are matched by the types they are passed as.
                  To fix: pass the argument as Optional<String> (`arguments: value as Optional<String>`), or register a factory taking (String).
                """)
        // What it says works.
        #expect(try container.resolve(Greeter.self, arguments: "Ada" as String?).name == "Ada")
    }

    @Test func subclassesAndConformingValuesAreNamedByPosition() throws {
        let container = Container()
        container.register(Node.self) { (_, api: any API, times: Int, store: any UserReading) in Node() }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Node.self, arguments: LiveAPI(http: URLSessionClient()), 2, UserStore())
        }
        #expect(
            error.description.contains("pass argument 1 as API, argument 3 as UserReading (`arguments: value as API`)"))
        let api: any API = LiveAPI(http: URLSessionClient())
        _ = try container.resolve(Node.self, arguments: api, 2, UserStore() as any UserReading)
        // Values that would not fit either get the general advice.
        let other = try #require(throws: ResolutionError.self) {
            try container.resolve(Node.self, arguments: OtherAPI(), "2", UserStore())
        }
        #expect(!other.description.contains("matched by the types they are passed as"))
        #expect(other.description.contains("resolve it with arguments of those types, in that order"))
    }

    @Test func aNilFitsOnlyTheOptionalItWasPassedAs() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String?) in Greeter(name: name ?? "nobody") }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, arguments: Int?.none)
        }
        #expect(!error.description.contains("matched by the types they are passed as"))
        #expect(error.description.contains("Greeter is registered taking: (Optional<String>)."))
    }

    @Test func anOptionalIsNotToldToPassAsWhatItWraps() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        // `Optional("Ada") as String` does not compile: only unwrapping passes it.
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, arguments: "Ada" as String?)
        }
        #expect(!error.description.contains("matched by the types they are passed as"))
        #expect(error.description.contains("resolve it with arguments of those types, in that order"))
    }

    @Test func wrongArgumentCountIsAnArgumentMismatch() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name: name, times: times) }
        let missing = try #require(throws: ResolutionError.self) { try container.resolve(Greeter.self) }
        #expect(missing.kind == .argumentMismatch)
        #expect(missing.description.contains("taking (no arguments)"))
        let extra = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, arguments: "a", 1, true)
        }
        #expect(extra.kind == .argumentMismatch)
        #expect(extra.description.contains("is registered taking: (String, Int)"))
    }
}
