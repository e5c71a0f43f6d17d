import DIKitCore
import Testing

@Suite struct OptionalResolutionTests {
    @Test func optionalResolvesTheWrappedRegistration() throws {
        let container = Container()
        container.register(Clock.self, scope: .singleton) { _ in Clock() }
        let clock: Clock? = try container.resolve()
        #expect(clock === (try container.resolve(Clock.self)))
    }

    @Test func optionalIsNilWhenTheWrappedTypeIsUnregistered() throws {
        let container = Container()
        let clock: Clock? = try container.resolve()
        #expect(clock == nil)
    }

    @Test func optionalStillThrowsWhenTheWrappedRegistrationFails() throws {
        let container = Container()
        container.register(Clock.self) { _ in throw Boom() }
        let error = try #require(throws: ResolutionError.self) { let _: Clock? = try container.resolve() }
        #expect(error.kind == .factoryFailed)
        #expect(error.path == ["Clock"])
    }

    @Test func optionalKeepsNameAndArguments() throws {
        let container = Container()
        container.register(Greeter.self, name: "loud") { (_, name: String) in Greeter(name: name) }
        let greeter: Greeter? = try container.resolve(name: "loud", arguments: "Ada")
        #expect(greeter?.name == "Ada")
        let unnamed: Greeter? = try container.resolve(arguments: "Ada")
        #expect(unnamed == nil)
    }
}
