import Corpus
import DITesting
import Foundation
import Testing

@Suite struct CorpusEffectsTests {
    @Test func typedThrowsThrowTheirOwnErrorType() async throws {
        let loader = MockLoader()
        loader.loadMock.returns(Data([1]), for: 1)
        loader.loadMock.throwing(LoadError(code: 2), for: 2)
        #expect(try loader.load(id: 1) == Data([1]))
        // The error is typed: `error` is a LoadError, not `any Error`.
        do {
            _ = try loader.load(id: 2)
            Issue.record("load(id: 2) did not throw")
        } catch {
            #expect(error.code == 2)
        }
        loader.loadAllMock.answers { () async throws in [Data([3])] }
        #expect(try await loader.loadAll() == [Data([3])])
        loader.decodeMock.returns(7)
        #expect(try loader.decode(Int.self) == 7)
        loader.statusMock.throwing(LoadError(code: 4))
        #expect(throws: LoadError(code: 4)) { try loader.status }
        loader.subscriptMock.returns(Data([5]))
        #expect(try loader[5] == Data([5]))
        loader.neverMock.returns(6)
        #expect(loader.never() == 6)
    }

    @Test func throwingMethodsWithTupleAndFunctionResultsAreThrowingStandIns() async throws {
        let loader = MockLoader()
        loader.pairMock.answers { () async throws in (1, "a") }
        let pair = try await loader.pair()
        #expect(pair.0 == 1 && pair.1 == "a")
        loader.rangeMock.throwing(LoadError(code: 1))
        #expect(throws: LoadError(code: 1)) { try loader.range() }
        loader.transformMock.returns { $0 + 1 }
        #expect(try loader.transform()(1) == 2)
        loader.anyErrorMock.throwing(LoadError(code: 3))
        #expect(throws: LoadError(code: 3)) { try loader.anyError() }
    }

    @Test func aMockOfAProtocolWhoseFailureIsNeverCompilesAndAnswers() throws {
        let failing = MockFailing()
        failing.attemptsMock.returns(2)
        #expect(failing.attempts() == 2)
        // `throws(Failure)`, `Failure` being `Never`: called with no `try`.
        failing.retryMock.returns(3)
        failing.lastMock.returns(4)
        #expect(failing.retry() == 3)
        #expect(failing.last == 4)
    }

    @Test func aGetterThrowingTheMocksGenericParameterThrowsIt() throws {
        let sourcing = MockSourcing<LoadError>()
        sourcing.valueMock.throwing(LoadError(code: 2))
        #expect(throws: LoadError(code: 2)) { try sourcing.value }
        sourcing.nextMock.returns(5)
        #expect(try sourcing.next() == 5)
    }

    @Test func aClosureThrowingADefaultNeverMakesTheMockGenericInIt() throws {
        let never = MockBatching<Never>()
        #expect(never.transaction { 6 } == 6)
        let failing = MockBatching<LoadError>()
        #expect(throws: LoadError(code: 3)) {
            try failing.transaction { () throws(LoadError) -> Int in throw LoadError(code: 3) }
        }
        failing.transactionMock.returns(8)
        #expect(try failing.transaction { 1 } == 8)
        failing.onCommit = { count throws(LoadError) in throw LoadError(code: count) }
        #expect(throws: LoadError(code: 4)) { try failing.onCommit?(4) }
    }
}
