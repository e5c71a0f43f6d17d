import Corpus
import DITesting
import Foundation
import Testing

// `inout` parameters of methods that return nothing: the answer is their new values.

@Suite struct CorpusInoutTests {
    struct Expired: Error, Equatable {}

    @Test func aStubGivesAnInoutParameterItsNewValue() {
        let adapter = MockRequestAdapting()
        adapter.adaptMock.answers { headers in headers.merging(["Authorization": "Bearer t"]) { $1 } }
        var headers = ["Accept": "json"]
        adapter.adapt(&headers)
        #expect(headers == ["Accept": "json", "Authorization": "Bearer t"])
        // The call is recorded with the value it was given.
        #expect(adapter.adaptMock.calls == [["Accept": "json"]])
    }

    @Test func unansweredAnInoutParameterKeepsItsValueWithNoFailure() async {
        let adapter = MockRequestAdapting()
        var headers = ["Accept": "json"]
        var body = Data([1])
        adapter.adapt(&headers)
        await adapter.prepare(&headers, body: &body)
        #expect(headers == ["Accept": "json"] && body == Data([1]))
        adapter.adaptMock.assertCalled(times: 1)
    }

    @Test func severalInoutParametersAreAnsweredTogether() async {
        let adapter = MockRequestAdapting()
        adapter.prepareMock.answers { headers, body in (headers.merging(["Length": "\(body.count)"]) { $1 }, body + [2])
        }
        var headers: [String: String] = [:]
        var body = Data([1])
        await adapter.prepare(&headers, body: &body)
        #expect(headers == ["Length": "1"] && body == Data([1, 2]))
    }

    @Test func aThrowingMethodThrowsItsStubbedErrorAndLeavesTheValue() {
        let adapter = MockRequestAdapting()
        adapter.signMock.throwing(Expired(), where: { $0.key == "old" })
        adapter.signMock.answers { $0.headers.merging(["Signature": $0.key]) { $1 } }
        var headers: [String: String] = [:]
        #expect(throws: Expired()) { try adapter.sign(&headers, key: "old") }
        #expect(headers.isEmpty)
        #expect(throws: Never.self) { try adapter.sign(&headers, key: "new") }
        #expect(headers == ["Signature": "new"])
    }

    @Test func aStaticRequirementIsAnsweredPerTest() {
        MockRequestAdapting.normalizeMock.returns("/home")
        var path = "home/"
        MockRequestAdapting.normalize(&path)
        #expect(path == "/home")
    }

    @Test func aGenericInoutParameterIsGivenAnAnswerOfItsType() {
        let adapter = MockRequestAdapting()
        var carrier = ["trace": "1"]
        adapter.inject(into: &carrier)
        #expect(carrier == ["trace": "1"])
        adapter.injectMock.answers { ($0 as? [String: String] ?? [:]).merging(["span": "2"]) { $1 } }
        adapter.inject(into: &carrier)
        #expect(carrier == ["trace": "1", "span": "2"])
        #expect(adapter.injectMock.calls.last as? [String: String] == ["trace": "1"])
        var count: Int? = 1
        adapter.fill(&count)
        #expect(count == 1)
        adapter.fillMock.returns(Int?.none as Any)
        adapter.fill(&count)
        #expect(count == nil)
    }

    @Test func anAnswerOfAnotherTypeIsReportedAndTheCallGetsTheEmptyValue() {
        let adapter = MockRequestAdapting()
        adapter.injectMock.returns("not headers")
        var carrier = ["trace": "1"]
        withKnownIssue {
            adapter.inject(into: &carrier)
        } matching: { issue in
            issue.description.contains("was answered with not headers (String), but this call returns Dictionary")
        }
        #expect(carrier.isEmpty)
    }

    @Test func otherInoutParametersAreOnlyRecorded() {
        let adapter = MockRequestAdapting()
        adapter.attemptMock.returns(true)
        var count = 1
        #expect(adapter.attempt(&count))
        #expect(count == 1 && adapter.attemptMock.calls == [1])
        var headers = ["a": "b"]
        adapter.merge(&count, into: &headers)
        #expect(count == 1 && headers == ["a": "b"])
        #expect(adapter.mergeMock.calls.first?.headers == ["a": "b"])
    }
}
