import Analytics
import DITesting
import Testing

// Uses the mocks generate-mocks writes into Generated/Mocks.swift beside this file.

@Suite(.testInjector(base: Container()))
struct AnalyticsTests {
    @Test func aMockOfAProtocolNamedLikeItsModuleRegistersAndRecords() throws {
        let mock = MockAnalytics().injected()
        mock.sessionIDMock.returns("s1")
        let analytics: any Analytics = try Container.shared.resolve()
        analytics.track("opened")
        #expect(analytics.sessionID == "s1")
        mock.trackMock.assertCalled(with: "opened", times: 1)
    }

    @Test func aMockSubclassesAClassOfThatModule() async throws {
        let tracker = MockTrackerLike()
        tracker.flushMock.returns(3)
        #expect(try await tracker.flush() == 3)
        #expect((tracker as Tracker) === tracker)
    }
}
