import DIKitCore
import Testing

/// Optional, `Any` and `AnyObject?` service types behave like any other, in every scope.
@Suite struct OptionalServiceTests {
    static let scopes: [Scope] = [.transient, .singleton, .weak, .graph]

    @Test(arguments: scopes)
    func optionalServiceRunsItsFactory(scope: Scope) throws {
        let container = Container()
        let builds = Counter()
        container.register(Clock?.self, scope: scope) { _ in
            builds.increment()
            return Clock()
        }
        let clock = try container.resolve(Clock?.self)
        #expect(clock != nil)
        #expect(builds.value == 1)
    }

    @Test(arguments: scopes)
    func optionalAnyObjectServiceRunsItsFactory(scope: Scope) throws {
        let container = Container()
        container.register(AnyObject?.self, scope: scope) { _ in Clock() }
        let object = try container.resolve(AnyObject?.self)
        #expect(object is Clock)
    }

    @Test(arguments: [Scope.transient, .singleton, .graph])
    func anyServiceKeepsItsValue(scope: Scope) throws {
        let container = Container()
        container.register(Any.self, scope: scope) { _ in 42 }
        #expect(try container.resolve(Any.self) as? Int == 42)
    }

    @Test func weakAnyServiceHoldsTheObjectInside() throws {
        let container = Container()
        container.register(Any.self, scope: .weak) { _ in Clock() }
        let first = try container.resolve(Any.self) as? Clock
        let second = try container.resolve(Any.self) as? Clock
        #expect(first != nil && first === second)
    }

    @Test func nilOptionalSingletonIsBuiltOnce() throws {
        let container = Container()
        let builds = Counter()
        container.register(Clock?.self, scope: .singleton) { _ in
            builds.increment()
            return nil
        }
        #expect(try container.resolve(Clock?.self) == nil)
        #expect(try container.resolve(Clock?.self) == nil)
        #expect(builds.value == 1)
    }

    @Test func nilOptionalInWeakScopeIsBuiltAgainEachTime() throws {
        let container = Container()
        let builds = Counter()
        container.register(Clock?.self, scope: .weak) { _ in
            builds.increment()
            return nil
        }
        #expect(try container.resolve(Clock?.self) == nil)
        #expect(try container.resolve(Clock?.self) == nil)
        #expect(builds.value == 2)
    }

    @Test func weakOptionalIsSharedWhileHeld() throws {
        let container = Container()
        container.register(Clock?.self, scope: .weak) { _ in Clock() }
        let held = try container.resolve(Clock?.self)
        #expect(try container.resolve(Clock?.self) === held)
    }
}
