import DITesting
import Testing

enum StoreError: Error, Equatable {
    case locked
    case full
}

struct UnrelatedError: Error {}

protocol TypedStore {
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T
    func write<T>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> T
}

/// As generate-mocks writes it: a method with typed throws given one closure that throws the same
/// type (or nothing) runs it when nothing answers the call.
final class MockTypedStore: TypedStore {
    let transactionMock = MockFunction<Void, Any>("transaction(_:)")
    let writeMock = AsyncMockFunction<Void, Any>("write(_:)")

    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        mockCast(
            try transactionMock.call((), throwing: StoreError.self, orRun: try body() as Any), from: transactionMock)
    }
    func write<T>(_ body: () async throws(StoreError) -> T) async throws(StoreError) -> T {
        mockCast(
            try await writeMock.call((), throwing: StoreError.self, orRun: try await body() as Any), from: writeMock)
    }
}

/// `call(_:throwing:orRun:)`: the typed-throws form of `call(_:throwingOrRun:)`.
@Suite struct TypedClosureRunningMockTests {
    @Test func anUnansweredCallRunsTheClosureAndItsErrorPropagates() async throws {
        let store = MockTypedStore()
        var ran = 0
        #expect(
            try store.transaction { () throws(StoreError) -> Int in
                ran += 1
                return 7
            } == 7)
        #expect(ran == 1)
        #expect(throws: StoreError.full) { try store.transaction { () throws(StoreError) -> Int in throw .full } }
        #expect(try await store.write { () async throws(StoreError) -> String in "saved" } == "saved")
        #expect(store.transactionMock.callCount == 2)
        #expect(store.writeMock.callCount == 1)
    }

    @Test func aStubAnswersInsteadAndTheClosureDoesNotRun() async throws {
        let store = MockTypedStore()
        store.transactionMock.returns(3)
        var ran = false
        #expect(
            try store.transaction { () throws(StoreError) -> Int in
                ran = true
                return 7
            } == 3)
        store.transactionMock.throwing(StoreError.locked)
        #expect(throws: StoreError.locked) {
            try store.transaction { () throws(StoreError) -> Int in
                ran = true
                return 7
            }
        }
        store.writeMock.answers { _ in "stubbed" }
        #expect(try await store.write { () async throws(StoreError) -> String in "saved" } == "stubbed")
        #expect(!ran)
    }

    /// The method cannot throw another type: the stub is reported, and the closure answers.
    @Test func aStubbedErrorOfAnotherTypeIsReportedAndTheClosureAnswers() throws {
        var value = 0
        let messages = failureMessages {
            // Made here: a mock reports to the reporter bound where it is made.
            let store = MockTypedStore()
            store.transactionMock.throwing(UnrelatedError())
            value = (try? store.transaction { () throws(StoreError) -> Int in 5 }) ?? -1
        }
        #expect(value == 5)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("UnrelatedError") == true)
    }
}
