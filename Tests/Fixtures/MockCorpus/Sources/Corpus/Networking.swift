import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// What nearly every app mocks: its HTTP seam. On Linux `URLRequest` and `URLResponse` are in
// FoundationNetworking, which `import Foundation` does not bring in; on Apple platforms they are
// Foundation's.

/// Sends requests, as `URLSession` does.
public protocol HTTPTransport: Sendable {
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
    func cancelAll(in session: URLSession)
}
