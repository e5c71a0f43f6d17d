import Corpus
import DITesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Mocks of requirements whose types the mock file imports as their protocols' files do:
// FoundationNetworking's where it exists, a C type's module.

@Suite(.testInjector(base: Container()))
struct CorpusImportTests {
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

    @Test func aProtocolUsingACTypeIsMocked() throws {
        let signaling = MockProcessSignaling().injected()
        signaling.sendMock.returns(0, where: { $0.signal == 15 })
        let processes: any ProcessSignaling = try Container.shared.resolve()
        #expect(processes.send(15, to: 42) == 0)
        signaling.sendMock.assertCalled(times: 1)
    }
}
