import DIKitCore
import DITesting
import Testing

protocol Clockwork {
    static func now() -> Int
    static var zone: String { get }
}

final class MockClockwork: Clockwork, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [] }
    static var nowMock: MockFunction<Void, Int> { perTest { .init("now()") } }
    static var zoneMock: MockProperty<String> { perTest { .init("zone") } }
    static func now() -> Int { nowMock.call((), default: 0) }
    static var zone: String { zoneMock.get(default: "") }
}

/// The stand-ins of static requirements (`perTest`) are each test's own.
@Suite(.timeLimit(.minutes(1))) struct StaticMockMemberTests {
    @Test func eachTestInjectorHasItsOwnStaticStandIns() {
        withTestInjector(base: Container()) { _ in
            MockClockwork.nowMock.returns(7)
            MockClockwork.zoneMock.returns("UTC")
            #expect(MockClockwork.now() == 7)
            #expect(MockClockwork.zone == "UTC")
            #expect(MockClockwork.nowMock === MockClockwork.nowMock)
        }
        withTestInjector(base: Container()) { _ in
            #expect(MockClockwork.nowMock.callCount == 0)
            MockClockwork.nowMock.returns(8)
            #expect(MockClockwork.now() == 8)
            withKnownIssue {
                _ = MockClockwork.zone
            } matching: {
                $0.mentions("MockClockwork.zone was read but nothing answers it")
            }
        }
    }

    @Test func aNestedScopeUsesTheStandInItsEnclosingScopeMade() async throws {
        withTestInjector(base: Container()) { _ in
            MockClockwork.nowMock.returns(5)
            withTestInjector { _ in
                #expect(MockClockwork.now() == 5)
                MockClockwork.zoneMock.returns("CET")  // made here: this scope's own
            }
            #expect(MockClockwork.nowMock.callCount == 1)
            withKnownIssue {
                _ = MockClockwork.zone
            } matching: {
                $0.mentions("MockClockwork.zone was read but nothing answers it")
            }
        }
        let current = try #require(Test.current)
        let suite = TestInjectorTrait.testInjector(base: Container()) { _ in MockClockwork.nowMock.returns(6) }
        try await suite.provideScope(for: current, testCase: nil) {
            try await TestInjectorTrait.testInjector.provideScope(for: current, testCase: nil) {
                #expect(MockClockwork.now() == 6)
            }
        }
    }

    @Test func interleavedInjectorsSeeTheirOwnStubsAndCalls() {
        let first = SpyContainer(base: Container())
        let second = SpyContainer(base: Container())
        Container.withShared(first) { MockClockwork.nowMock.returns(1) }
        Container.withShared(second) { MockClockwork.nowMock.returns(2) }
        #expect(Container.withShared(first) { MockClockwork.now() } == 1)
        #expect(Container.withShared(second) { MockClockwork.now() } == 2)
        #expect(Container.withShared(second) { MockClockwork.now() } == 2)
        #expect(Container.withShared(first) { MockClockwork.nowMock.callCount } == 1)
        #expect(Container.withShared(second) { MockClockwork.nowMock.callCount } == 2)
    }

    @Test func parallelTestsAnswerWithTheirOwnStubs() async {
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for value in 0..<4 {
                group.addTask {
                    await withTestInjector(base: Container()) { _ in
                        var mismatches = 0
                        for _ in 0..<200 {
                            MockClockwork.nowMock.returns(value)
                            await Task.yield()
                            if MockClockwork.now() != value { mismatches += 1 }
                        }
                        return mismatches
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func aStaticStandInsExpectationIsCheckedWhenTheScopeEnds() {
        withKnownIssue {
            withTestInjector(base: Container()) { _ in
                MockClockwork.nowMock.expect(called: .once)
            }
        } matching: {
            $0.mentions(
                "Expected MockClockwork.now() to be called exactly 1 time by the end of the test, but it never was")
        }
    }

    @Test func anAnswerOfAStaticStandInIsLetGoWhenTheScopeEnds() {
        final class Captured: Sendable {}
        weak var captured: Captured?
        withTestInjector(base: Container()) { _ in
            let object = Captured()
            captured = object
            MockClockwork.nowMock.answers { _ in withExtendedLifetime(object) { 1 } }
            #expect(MockClockwork.now() == 1)
        }
        #expect(captured == nil)
    }

    @Test func withoutATestInjectorThereIsOneStandInForTheProcess() {
        #expect(!(Container.shared is SpyContainer))
        #expect(MockClockwork.zoneMock === MockClockwork.zoneMock)
        let injectors = withTestInjector(base: Container()) { _ in MockClockwork.zoneMock }
        #expect(injectors !== MockClockwork.zoneMock)
    }
}
