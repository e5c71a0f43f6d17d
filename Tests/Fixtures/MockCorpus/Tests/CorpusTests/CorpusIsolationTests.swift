import Corpus
import DITesting
import Testing

// Uses the mocks generate-mocks writes into Mocks.swift beside this file, of requirements that
// run on an actor their caller gives them.

@Suite struct CorpusIsolationTests {
    /// The calls run on the caller's actor, and are answered and recorded as any other (the
    /// actor is recorded too).
    @MainActor @Test func aRequirementRunsOnTheActorItsCallerGives() async throws {
        let polling = MockPolling()
        polling.nextMock.returns(inOrder: [1, nil])
        polling.drainMock.returns([2, 3])
        #expect(try await polling.next(isolation: #isolation) == 1)
        #expect(try await polling.next(isolation: #isolation) == nil)
        #expect(await polling.drain(on: MainActor.shared) == [2, 3])
        #expect(polling.nextMock.callCount == 2)
        #expect(polling.drainMock.calls.first.map { $0 === MainActor.shared } == true)
    }
}
