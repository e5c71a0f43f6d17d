import DIKitCore
import DITesting
import Testing

@Suite struct AutoInjectMockTests {
    @Test func injectedRegistersIntoTheSharedContainerAndReturnsTheMock() throws {
        try withTestInjector(base: Container()) { injector in
            let mock = MockAPI().injected()
            let resolved = try injector.resolve(API.self)
            #expect(resolved === mock)
        }
    }

    @Test func injectedUsingRegistersIntoTheGivenContainer() throws {
        let container = Container()
        let mock = MockAPI().injected(using: container)
        #expect(try container.resolve(API.self) === mock)
        #expect(!(Container.shared.isRegistered(API.self) && (try? Container.shared.resolve(API.self)) === mock))
    }

    @Test func injectedReplacesEarlierRegistrations() throws {
        let container = Container(assemblies: [AppAssembly()])
        MockAPI(id: 1).injected(using: container)
        let second = MockAPI(id: 2).injected(using: container)
        #expect(try container.resolve(API.self) === second)
    }

    @Test func aListedTypeTheMockDoesNotConformToIsReported() throws {
        let container = Container()
        withKnownIssue {
            BadMock().injected(using: container)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("BadMock does not conform to Unrelated, which it lists in registeredTypes.")
            }
        }
        #expect(try container.resolve(API.self) is BadMock)
        #expect(!container.isRegistered(Unrelated.self))
    }
}
