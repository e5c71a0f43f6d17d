import MockGeneration
import Testing

/// Which modules a mock file imports.
@Suite struct MockGeneratorImportTests {
    /// `URLRequest` and `URLResponse` are FoundationNetworking's on Linux, which
    /// `import Foundation` does not bring in, and Foundation's on Apple platforms: the file imports
    /// FoundationNetworking where it exists, and is the same on both.
    @Test func foundationNetworkingIsImportedWhereItExists() throws {
        let source = try generate(["HTTPTransport"]).source
        #expect(
            source.contains(
                """
                import DITesting
                import Foundation
                #if canImport(FoundationNetworking)
                    import FoundationNetworking
                #endif
                import Corpus

                """))
        #expect(source.contains("func data(for request: URLRequest) async throws -> (Data, URLResponse) {"))
        // A file whose types are none of FoundationNetworking's does not import it.
        #expect(!(try generate(["WeatherService"]).source.contains("FoundationNetworking")))
    }
}
