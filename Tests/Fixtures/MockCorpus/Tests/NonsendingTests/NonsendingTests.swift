import DITesting
import Nonsending
import Testing

// Mocks of a library whose async requirements run in their caller's isolation, used from a
// target whose async functions do not by default: they take and return its non-Sendable values.

@Suite struct NonsendingTests {
    @Test func aMockTakesAndReturnsNonSendableValues() async throws {
        let store = MockDocumentStore()
        let document = Document(text: "draft")
        store.openMock.returns(document, for: "notes")
        store.currentMock.returns(document)
        let opened = try await store.open("notes")
        #expect(opened === document)
        try await store.save(opened)
        #expect(await store.current === document)
        store.saveMock.assertCalled(times: 1)
        await store.compact()
        store.compactMock.assertCalled(times: 1)
    }

    @MainActor @Test func andFromTheMainActor() async throws {
        let store = MockDocumentStore()
        store.openMock.returns(Document(text: "main"))
        #expect(try await store.open("x").text == "main")
    }

    /// A closure given a non-`Sendable` value runs with the one the test gives, in the caller's
    /// isolation.
    @MainActor @Test func aClosureRunsWithANonSendableValue() async throws {
        let store = MockDocumentStore()
        let document = Document(text: "lent")
        store.withDocumentMock.runsClosure(with: document)
        let text = try await store.withDocument { document in
            document.text += " and edited"
            return document.text
        }
        #expect(text == "lent and edited")
        #expect(document.text == "lent and edited")
    }
}

@Suite(.testInjector(base: Container()))
struct NonsendingInitializerTests {
    @Test func anAsyncInitializerTakesANonSendableValue() async {
        let document = Document(text: "shown")
        _ = await MockDocumentView(document: document)
        #expect(MockDocumentView.initMock.calls.first === document)
    }
}
