import Corpus
import DITesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The HTTP seam's mock, whose file imports FoundationNetworking where it exists.

@Suite(.testInjector(base: Container()))
struct CorpusNetworkingTests {
    @Test func anHTTPTransportAnswersByRequest() async throws {
        let transport = MockHTTPTransport().injected()
        let url = URL(string: "https://example.com/forecast")!
        let response = URLResponse(
            url: url, mimeType: "application/json", expectedContentLength: 2, textEncodingName: nil)
        transport.dataMock.returns((Data("{}".utf8), response), where: { $0.url == url })
        let http: any HTTPTransport = try Container.shared.resolve()
        let (data, answered) = try await http.data(for: URLRequest(url: url))
        #expect(data == Data("{}".utf8))
        #expect(answered.mimeType == "application/json")
        transport.dataMock.assertCalled(times: 1)
    }
}
