import DITesting
import Testing

struct LoadFailure: Error, Equatable {
    let code: Int
}

protocol Loading: Sendable {
    func load(id: Int) throws(LoadFailure) -> String
    func loadLater(id: Int) async throws(LoadFailure) -> String
    var status: Int { get throws(LoadFailure) }
}

final class MockLoading: Loading, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [Loading.self] }
    let loadMock = MockFunction<Int, String>("load(id:)")
    let loadLaterMock = AsyncMockFunction<Int, String>("loadLater(id:)")
    let statusMock = MockProperty<Int>("status")

    func load(id: Int) throws(LoadFailure) -> String {
        try loadMock.call(id, throwing: LoadFailure.self, default: "")
    }
    func loadLater(id: Int) async throws(LoadFailure) -> String {
        try await loadLaterMock.call(id, throwing: LoadFailure.self, default: "")
    }
    var status: Int {
        get throws(LoadFailure) { try statusMock.get(throwing: LoadFailure.self, default: 0) }
    }
}

/// Stand-ins for methods with typed throws: they throw the declared error type, and report any
/// other answer a typed method cannot throw.
@Suite(.testInjector(base: Container()))
struct TypedThrowsMockTests {
    let loader = MockLoading().injected()

    @Test func aStubbedErrorOfTheDeclaredTypeIsThrownAsThatType() throws {
        loader.loadMock.returns("one", for: 1)
        loader.loadMock.throwing(LoadFailure(code: 2), for: 2)
        #expect(try loader.load(id: 1) == "one")
        do {
            _ = try loader.load(id: 2)
            Issue.record("load(id: 2) returned")
        } catch {
            #expect(error.code == 2)  // `error` is a LoadFailure: the stand-in's throws are typed
        }
        loader.loadMock.answers { id throws in throw LoadFailure(code: id) }
        #expect(throws: LoadFailure(code: 3)) { try loader.load(id: 3) }
        #expect(loader.loadMock.calls == [1, 2, 3])
    }

    @Test func anErrorOfAnotherTypeIsReportedAndTheDefaultReturned() throws {
        loader.loadMock.throwing(Boom())
        withKnownIssue {
            #expect((try? loader.load(id: 1)) == "")
        } matching: {
            $0.mentions("load(id:) was answered with an error (boom), but the mock's method throws only LoadFailure")
                && $0.mentions("answer it with a value or with a LoadFailure")
        }
        loader.loadMock.answers { _ in throw Boom() }
        withKnownIssue {
            #expect((try? loader.load(id: 2)) == "")
        } matching: {
            $0.mentions("throws only LoadFailure")
        }
    }

    @Test func anUnansweredCallIsReportedAndReturnsTheDefaultUnlessRelaxed() throws {
        withKnownIssue {
            #expect((try? loader.load(id: 1)) == "")
        } matching: {
            $0.mentions("load(id:) was called with (1) but nothing answers it")
        }
        loader.loadMock.returnsDefault()
        #expect(try loader.load(id: 2) == "")
        #expect(loader.loadMock.callCount == 2)
    }

    @Test func asyncStandInsThrowTheDeclaredTypeAndReportOthers() async throws {
        loader.loadLaterMock.answers { id async throws in
            if id < 0 { throw LoadFailure(code: id) }
            if id == 0 { throw Boom() }
            return "\(id)"
        }
        #expect(try await loader.loadLater(id: 4) == "4")
        await #expect(throws: LoadFailure(code: -1)) { try await loader.loadLater(id: -1) }
        await withKnownIssue {
            #expect(await (try? loader.loadLater(id: 0)) == "")
        } matching: {
            $0.mentions(
                "loadLater(id:) was answered with an error (boom), but the mock's method throws only LoadFailure")
        }
        loader.loadLaterMock.throwing(LoadFailure(code: 5))
        await #expect(throws: LoadFailure(code: 5)) { try await loader.loadLater(id: 5) }
        #expect(loader.loadLaterMock.calls == [4, -1, 0, 5])
    }

    @Test func aGetterWithTypedThrowsThrowsTheDeclaredTypeAndReportsAnUnansweredRead() throws {
        withKnownIssue {
            #expect((try? loader.status) == 0)
        } matching: {
            $0.mentions("status was read but nothing answers it")
        }
        loader.statusMock.throwing(LoadFailure(code: 6))
        #expect(throws: LoadFailure(code: 6)) { try loader.status }
        loader.statusMock.returns(7)
        #expect(try loader.status == 7)
        #expect(loader.statusMock.getCount == 3)
    }
}
