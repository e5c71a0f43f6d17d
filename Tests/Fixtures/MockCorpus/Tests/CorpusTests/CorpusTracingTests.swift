import Corpus
import DITesting
import Testing

// Shapes from swift-distributed-tracing: an associated type named as the protocol it is
// constrained to, and a generic subscript with a setter.

@Suite struct CorpusTracingTests {
    @Test func aTracerMockStartsTheSpansItIsGiven() {
        let tracer = MockTracer<MockSpan>()
        let span = MockSpan()
        tracer.startSpanMock.returns(span)
        #expect(tracer.startSpan("load") === span)
        tracer.startSpan("load").end()
        span.endMock.assertCalled(times: 1)
        tracer.activeSpanMock.returns(nil)
        #expect(tracer.activeSpan() == nil)
    }

    @Test func aGenericSubscriptRecordsWhatItIsSet() {
        let attributes = MockAttributes()
        attributes.subscriptMock.returns(3, where: { $0 == "count" })
        let count: Int? = attributes["count"]
        #expect(count == 3)
        attributes["name"] = "Ada"
        #expect(attributes.subscriptSetMock.calls.first?.newValue as? String == "Ada")
    }
}

@Suite struct CorpusRequestTests {
    @Test func aMethodGenericOverAnotherRowDecoderIsStubbedAsAny() throws {
        let request = MockRequest<String>()
        let derived = MockRequest<String>()
        request.withMock.returns(derived)
        #expect(request.with([1, 2]) === derived)
        #expect(request.withMock.calls.first as? [Int] == [1, 2])
        request.fetchAllMock.returns(["a"])
        #expect(try request.fetchAll() == ["a"])
    }
}
