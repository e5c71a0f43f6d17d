import DIKitCore
import Testing

/// `Lazy<Service>` and `Provider<Service>` resolve for any registered service, with no
/// registration of their own.
@Suite struct LazyProviderTests {
    @Test func lazyResolvesOnFirstCallAndKeepsThatInstance() throws {
        let container = Container()
        let builds = Counter()
        container.register(Clock.self) { _ in
            builds.increment()
            return Clock()
        }
        let lazy = try container.resolve(Lazy<Clock>.self)
        #expect(builds.value == 0)
        let first = try lazy()
        #expect(try lazy() === first)
        let copy = lazy
        #expect(try copy() === first)
        #expect(builds.value == 1)
    }

    @Test func providerResolvesAnewOnEveryCall() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        let provider = try container.resolve(Provider<Clock>.self)
        #expect(try provider() !== (try provider()))
    }

    @Test func lazyAndProviderResolveByName() throws {
        let container = Container()
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        #expect(try container.resolve(Lazy<Theme>.self, name: "dark")().name == "dark")
        #expect(try container.resolve(Provider<Theme>.self, name: "dark")().name == "dark")
    }

    @Test func lazyOrProviderWithArgumentsFailsSayingItKeepsNone() throws {
        let container = Container()
        container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
        for type in [Lazy<Greeter>.self, Provider<Greeter>.self] as [Any.Type] {
            func resolve<Service>(_ type: Service.Type) throws -> Service {
                try container.resolve(type, arguments: "Ada")
            }
            let error = try #require(throws: ResolutionError.self) { try resolve(type) }
            #expect(error.kind == .argumentMismatch)
            #expect(error.description.contains("cannot be resolved with arguments (String)"))
            #expect(error.description.contains("resolves Greeter later, without arguments"))
            #expect(error.description.contains("`try resolver.resolve(Greeter.self, arguments: …)`"))
            #expect(error.path == ["\(type) (arguments: String)"])
        }
    }

    @Test func lazyOrProviderOfAServiceTakingArgumentsSaysItPassesNone() throws {
        let container = Container()
        container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
        for type in [Lazy<Greeter>.self, Provider<Greeter>.self] as [Any.Type] {
            func resolve<Service>(_ type: Service.Type) throws -> Service { try container.resolve(type) }
            let error = try #require(throws: ResolutionError.self) { try resolve(type) }
            #expect(error.kind == .argumentMismatch)
            #expect(error.path == ["\(type)", "Greeter"])
            #expect(
                error.description == """
                    No registration for 'Greeter' taking (no arguments).
                      Resolution path: \(type) -> Greeter
                      Greeter is registered taking: (String).
                      A Lazy or Provider resolves what it wraps with no arguments.
                      To fix: resolve Greeter with its arguments where they are known, instead of \(type) (`resolve(Greeter.self, arguments: …)`), or register a factory of Greeter taking no arguments.
                    """)
        }
    }

    @Test func resolveAllOfLazyOrProviderGivesOnePerRegistrationResolvedWhenCalled() throws {
        let container = Container()
        let built = Counter()
        container.register(Theme.self) { _ in
            built.increment()
            return LightTheme()
        }
        container.register(Theme.self, name: "dark") { _ in
            built.increment()
            return DarkTheme()
        }
        container.register(Theme.self, name: "custom") { (_, name: String) in DarkTheme() }
        let lazies: [Lazy<Theme>] = try container.resolveAll()
        let providers: [Provider<Theme>] = try container.resolveAll()
        #expect(built.value == 0)
        #expect(try lazies.map { try $0().name } == ["light", "dark"])
        #expect(try providers.map { try $0().name } == ["light", "dark"])
        #expect(built.value == 4)
        #expect(try container.resolveAll(Lazy<Clock>.self).isEmpty)
    }

    @Test func lazyOfAnUnregisteredServiceFailsWhenResolved() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Lazy<Clock>.self) }
        #expect(error.kind == .notRegistered)
        #expect(error.path == ["Lazy<Clock>", "Clock"])
    }

    @Test func lazyOfAnOptionalIsTheServiceOrNil() throws {
        let container = Container()
        #expect(try container.resolve(Lazy<Clock?>.self)() == nil)
        container.register(Clock.self) { _ in Clock() }
        #expect(try container.resolve(Lazy<Clock?>.self)() != nil)
        #expect(try container.resolve(Provider<Clock?>.self)() != nil)
    }

    @Test func anOptionalOfALazyIsNilOnlyWhenTheServiceIsMissing() throws {
        let container = Container()
        #expect(try container.resolve(Lazy<Clock>?.self) == nil)
        container.register(Theme.self, name: "dark") { _ in DarkTheme() }
        let lazy = try #require(try container.resolve(Lazy<Theme>?.self, name: "dark"))
        #expect(try lazy().name == "dark")
    }

    @Test func wrappersNestAndAMissingServiceFailsAtTheOutermost() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Provider<Lazy<Clock>>.self) }
        #expect(error.kind == .notRegistered)
        // What is missing is the service inside both, not the inner `Lazy`: the fix registers it.
        #expect(error.path == ["Provider<Lazy<Clock>>", "Lazy<Clock>", "Clock"])
        #expect(error.description.hasPrefix("No registration for 'Clock'."))
        #expect(error.description.contains("container.register(Clock.self)"))
        container.register(Clock.self) { _ in Clock() }
        let provider = try container.resolve(Provider<Lazy<Clock>>.self)
        let lazy = try provider()
        #expect(try lazy() === (try lazy()))
        #expect(try provider()() !== (try lazy()))
    }

    @Test func lazyFromAChildResolvesFromTheChild() throws {
        let parent = Container()
        parent.register(Theme.self) { _ in LightTheme() }
        let child = parent.makeChild()
        child.register(Theme.self) { _ in DarkTheme() }
        #expect(try child.resolve(Lazy<Theme>.self)().name == "dark")
    }

    @Test func lazyAfterItsContainerIsReleasedThrows() throws {
        var container: Container? = Container()
        container?.register(Clock.self) { _ in Clock() }
        let lazy = try #require(try container?.resolve(Lazy<Clock>.self))
        container = nil
        let error = try #require(throws: ResolutionError.self) { try lazy() }
        #expect(error.kind == .containerReleased)
        #expect(error.description.contains("its container has been released"))
    }

    /// A `Lazy` or `Provider` called while the service holding it is being built (from its
    /// initializer) defers nothing: the cycle's message says so instead of offering the wrapper.
    @Test(arguments: [false, true]) func aWrapperReadWhileItsHolderIsBuiltNamesTheEarlyRead(provider: Bool) throws {
        let container = Container()
        container.register(EagerReader.self) { r in
            provider
                ? try EagerReader(reading: r.resolve(Provider<Loop>.self))
                : try EagerReader(reading: r.resolve(Lazy<Loop>.self))
        }
        container.register(Loop.self) { r in Loop(reader: try r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(EagerReader.self) }
        #expect(error.kind == .circularDependency)
        #expect(error.path == ["EagerReader", "Loop", "EagerReader"])
        let wrapper = provider ? "Provider<Loop>" : "Lazy<Loop>"
        #expect(error.description.contains("\(wrapper) was read while EagerReader was being built"))
        #expect(error.description.contains("To fix: read \(wrapper) once EagerReader is built"))
        #expect(!error.description.contains("take one side as"))
    }

    /// A cycle the early read meets elsewhere, not through the holder, keeps the usual advice.
    @Test func aCycleAwayFromTheHolderKeepsTheUsualFix() throws {
        let container = Container()
        container.register(EagerReader.self) { r in try EagerReader(reading: r.resolve(Lazy<Loop>.self)) }
        container.register(Loop.self) { r in Loop(other: try r.resolve()) }
        container.register(OtherLoop.self) { r in OtherLoop(loop: try r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(EagerReader.self) }
        #expect(error.path == ["EagerReader", "Loop", "OtherLoop", "Loop"])
        #expect(error.description.contains("take one side as"))
        #expect(!error.description.contains("was read while"))
    }
}

/// Calls the `Lazy` or `Provider` it is given in its initializer.
private final class EagerReader {
    init(reading loop: Lazy<Loop>) throws { _ = try loop() }
    init(reading loop: Provider<Loop>) throws { _ = try loop() }
}

private final class Loop {
    init(reader: EagerReader) {}
    init(other: OtherLoop) {}
}

private final class OtherLoop {
    init(loop: Loop) {}
}
