import DITesting
import Testing

/// `mockDefault()`: the value a mock returns when nothing answers a call and the method cannot
/// throw, and the stop, naming the type, when there is none.
@Suite struct MockDefaultTests {
    @Test func theEmptyValueOfEachKindOfType() {
        #expect(mockDefault(Int.self) == 0)
        #expect(mockDefault(Double.self) == 0)
        #expect(mockDefault(Bool.self) == false)
        #expect(mockDefault(String.self) == "")
        #expect(mockDefault([Int].self) == [])
        #expect(mockDefault(Set<String>.self) == [])
        #expect(mockDefault([String: Int].self) == [:])
        #expect(mockDefault(Int?.self) == nil)
        mockDefault(Void.self)
    }

    @Test(.timeLimit(.minutes(1))) func aStreamEndsAtOnce() async throws {  // a stream that never ends hangs
        var events = 0
        for await _ in mockDefault(AsyncStream<Int>.self) { events += 1 }
        for try await _ in mockDefault(AsyncThrowingStream<String, any Error>.self) { events += 1 }
        #expect(events == 0)
        // What a relaxed mock of `func updates() throws -> AsyncStream<Int>` answers.
        let updates = MockFunction<Void, AsyncStream<Int>>("updates()")
        updates.returnsDefault()
        for await _ in try updates.call(()) { events += 1 }
        #expect(events == 0)
    }

    // Exit tests need Swift 6.2 and a platform that can spawn processes.
    #if compiler(>=6.2) && (os(macOS) || os(Linux) || os(Windows))
        @Test func aTypeWithNoEmptyValueStopsTheTestNamingIt() async throws {
            struct Forecast { let high: Int }
            let result = try #require(
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = mockDefault(Forecast.self)
                })
            let output = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(output.contains("and Forecast has no default value to return"))
            #expect(output.contains("returnsDefault(), which only answers with nil, zero, false"))
            #expect(output.contains("To fix: stub it before the code under test calls it"))
        }
    #endif
}
