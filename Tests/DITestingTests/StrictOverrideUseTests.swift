import DIKitCore
import DITesting
import Testing

/// A strict injector's override is used by the resolutions it answered, itself or as the target of
/// an alias: not by one answered before it was made, by the base or by another registration of
/// its service.
@Suite struct StrictOverrideUseTests {
    /// A mock registered over another of its type is a new override: resolving the first does
    /// not use the second.
    @Test func aMockRegisteredOverOneAlreadyResolvedIsReportedWhenNeverResolved() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(), strict: true) { injector throws in
                MockAPI(id: 1).injected()
                #expect(try injector.resolve(API.self).id == 1)
                MockAPI(id: 2).injected()
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("but never resolved") == true)
    }

    /// A resolution the base served through its alias does not use a later override of the
    /// alias's target: the target was the base's then.
    @Test func anOverrideOfAnAliasTargetTheBaseServedEarlierIsReportedWhenNeverResolved() {
        let base = Container()
        base.register(LiveAPI.self) { _ in LiveAPI() }.implements(API.self)
        let failures = failureMessages {
            withTestInjector(base: base, strict: true) { injector in
                _ = try? injector.resolve(API.self)
                injector.register(LiveAPI.self) { _ in LiveAPI() }
            }
        }
        #expect(failures.count == 2)
        #expect(failures.contains { $0.contains("API was resolved from the base's registration") })
        #expect(failures.contains { $0.contains("LiveAPI was registered at") && $0.contains("but never resolved") })
    }

    /// An alias made again on another registration answers for that one: the first registration,
    /// resolved through neither, is stale.
    @Test func aRegistrationWhoseAliasWasTakenOverIsReportedWhenNeverResolved() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(), strict: true) { injector throws in
                injector.register(LiveAPI.self) { _ in LiveAPI() }.implements(API.self)
                injector.register(MockAPI.self) { _ in MockAPI() }.implements(API.self)
                #expect(try injector.resolve(API.self) is MockAPI)
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("LiveAPI was registered at") == true)
    }
}
