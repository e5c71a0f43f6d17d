import DIKitCore
import DITesting
import Testing

/// What the injector of a scope sees of the scopes nested in it (an inner `withTestInjector`, a
/// test's trait inside its suite's), whose injectors start from it: their resolutions are its own
/// too, for its counts, its expectations and its strict checks.
@Suite struct NestedScopeTests {
    @Test func anEnclosingInjectorCountsAndExpectsWhatANestedScopeResolves() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(assemblies: [AppAssembly()])) { outer in
                outer.expect(API.self, resolved: .exactly(2))
                outer.expect(Analytics.self, resolved: .never)
                try withTestInjector { inner throws in
                    _ = try inner.resolve(API.self)
                    _ = try inner.resolve(Analytics.self)
                    #expect(inner.resolutionCount(of: API.self) == 1)
                }
                _ = try outer.resolve(API.self)
                #expect(outer.resolutionCount(of: API.self) == 2)
                #expect(outer.resolutions.map(\.path) == [["API"], ["Analytics"], ["API"]])
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("Expected Analytics not to be resolved") == true)
    }

    @Test func resolutionsFromManyTasksInANestedScopeAllReachTheEnclosingOne() async throws {
        try await withTestInjector(base: Container(assemblies: [AppAssembly()])) { outer async throws in
            try await withTestInjector { inner async throws in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 {
                        group.addTask { for _ in 0..<25 { _ = try Container.shared.resolve(API.self) } }
                    }
                    try await group.waitForAll()
                }
                #expect(inner.resolutionCount(of: API.self) == 200)
            }
            #expect(outer.resolutionCount(of: API.self) == 200)
        }
    }

    @Test func aStrictInjectorsOverrideUsedOnlyInANestedScopeIsUsed() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(), strict: true) { _ in
                MockAPI(id: 3).injected()
                try withTestInjector { inner throws in #expect(try inner.resolve(API.self).id == 3) }
            }
        }
        #expect(failures == [])
    }

    @Test func anOverrideANestedScopeHidWithItsOwnIsStillStale() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(), strict: true) { _ in
                MockAPI(id: 3).injected()
                try withTestInjector { inner throws in
                    MockAPI(id: 4).injected()
                    #expect(try inner.resolve(API.self).id == 4)
                }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("MockAPI was registered at DITestingTests/NestedScopeTests.swift:") == true)
    }

    /// A strict injector's override is used by the resolutions it answers: not by one an
    /// enclosing scope's registration answered before the override was made.
    @Test func anOverrideOfWhatAnEnclosingScopeServedEarlierIsReportedWhenNeverResolved() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container()) { _ throws in
                MockAPI(id: 1).injected()
                try withTestInjector(strict: true) { inner throws in
                    #expect(try inner.resolve(API.self).id == 1)
                    MockAPI(id: 2).injected()
                }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("MockAPI was registered at DITestingTests/NestedScopeTests.swift:") == true)
    }

    @Test func anAliasOfAnOverrideResolvedInANestedScopeUsesIt() throws {
        let failures = try failureMessages {
            try withTestInjector(base: Container(), strict: true) { outer in
                outer.register(MockAPI.self) { _ in MockAPI(id: 5) }.implements(API.self)
                try withTestInjector { inner throws in #expect(try inner.resolve(API.self).id == 5) }
            }
        }
        #expect(failures == [])
    }

    @Test func whatTheBaseServesANestedScopeIsReportedOnceByAStrictEnclosingOne() throws {
        for innerIsStrict in [false, true] {
            let failures = try failureMessages {
                try withTestInjector(base: Container(assemblies: [AppAssembly()]), strict: true) { _ in
                    try withTestInjector(strict: innerIsStrict) { inner throws in
                        _ = try inner.resolve(Clock.self)
                        _ = try inner.resolve(Clock.self)
                    }
                }
            }
            #expect(failures.count == 1, "inner strict: \(innerIsStrict)")
            #expect(failures.first?.hasPrefix("Clock was resolved from the base's registration") == true)
        }
    }

    @Test func aNestedInjectorKeptPastTheScopesDoesNotKeepTheEnclosingOne() throws {
        weak var enclosing: SpyContainer?
        let inner = withTestInjector(base: Container(assemblies: [AppAssembly()])) { outer in
            enclosing = outer
            return withTestInjector { $0 }
        }
        #expect(enclosing == nil)
        #expect(try inner.resolve(API.self) is LiveAPI)
        #expect(inner.resolutionCount(of: API.self) == 1)
    }

    @Test func aNestedScopeFindsTheMockAnEnclosingOneRegisteredNearestFirst() throws {
        let failures = failureMessages {
            withTestInjector(base: Container()) { _ in
                MockAPI(id: 7).injected()
                withTestInjector { inner in
                    #expect(inner.mock(MockAPI.self)?.id == 7)
                    MockAPI(id: 8).injected()
                    #expect(inner.mock(MockAPI.self)?.id == 8)
                }
            }
        }
        #expect(failures == [])
    }

    @Test func aTestsTraitFindsTheMockItsSuitesTraitRegistered() async throws {
        let current = try #require(Test.current)
        let suite = TestInjectorTrait.testInjector(base: Container()) { MockAPI(id: 9).injected(using: $0) }
        try await suite.provideScope(for: current, testCase: nil) {
            try await TestInjectorTrait.testInjector.provideScope(for: current, testCase: nil) {
                #expect(SpyContainer.current.mock(MockAPI.self)?.id == 9)
            }
        }
    }
}
