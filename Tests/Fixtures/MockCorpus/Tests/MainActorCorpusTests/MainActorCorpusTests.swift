import Corpus
import DITesting
import Testing

// Uses the mocks generate-mocks writes into Generated/Mocks.swift beside this file, in a target
// whose code is main-actor by default (`.defaultIsolation(MainActor.self)`): they compile there.

@Suite(.testInjector(base: Container()))
struct MainActorCorpusTests {
    @Test func mocksAnswerAndRecordOnTheMainActor() throws {
        let formatter = MockFormatter().injected()
        formatter.formatIntMock.returns("one")
        let resolved: any Formatter = try Container.shared.resolve()
        #expect(resolved.format(1) == "one")
        formatter.formatIntMock.assertCalled(with: 1, times: 1)
    }

    @Test func sendingResultsAreHandedOut() async throws {
        let drafting = MockDrafting()
        drafting.draftMock.returns(Draft())
        drafting.draftLaterMock.answers { _ in Draft() }
        _ = drafting.draft()
        _ = try await drafting.draftLater()
        let main = MockMainDrafting()
        main.draftLaterMock.answers { _ in Draft() }
        _ = await main.draftLater()
        #expect(drafting.draftMock.callCount == 1 && main.draftLaterMock.callCount == 1)
    }
}

@Suite(.testInjector(base: Container()))
struct MainActorCorpusResolutionTests {
    /// A mock made on the main actor, resolved and called off it: its conformance is not isolated.
    @Test func aMockServesCodeOffTheMainActor() async throws {
        let formatter = MockFormatter().injected()
        formatter.formatIntMock.returns("one")
        let injector = SpyContainer.current
        let text = try await Task.detached {
            let resolved: any Formatter = try injector.resolve()
            return resolved.format(1)
        }.value
        #expect(text == "one")
    }
}
