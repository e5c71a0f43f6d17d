import DIKitCore
import DITesting
import Testing

/// A check given a negative count would pass, or fail, whatever happened: it is reported at the
/// call, naming what it checks, and nothing is waited for or kept to check later.
@Suite(.timeLimit(.minutes(1))) struct NegativeCountTests {
    func failures(_ body: () async throws -> Void) async rethrows -> [String] {
        let collector = FailureCollector()
        try await FailureReporting.withReporter(collector) { try await body() }
        return collector.failures.map(\.message)
    }

    @Test func aSpyContainersCheckWithANegativeCountIsReported() async throws {
        let failures = try await failures {
            try withTestInjector(base: Container(assemblies: [AppAssembly()])) { injector in
                _ = try injector.resolve(API.self)
                injector.assertResolved(API.self, times: -1)
                injector.expect(Clock.self, resolved: .atLeast(-1))
                injector.expect(Clock.self, resolved: .atMost(-2))
            }
        }
        #expect(
            failures
                == [
                    "The check of API was given a negative count, -1: it would fail whatever happened.",
                    "The check of Clock was given a negative count, -1: it would pass whatever happened.",
                    "The check of Clock was given a negative count, -2: it would fail whatever happened.",
                ].map {
                    $0
                        + "\n  To fix: give a count of 0 or more: .never, or .exactly(n), .atLeast(n), .atMost(n) with n >= 0."
                })
    }

    @Test func aMockFunctionsCheckWithANegativeCountIsReported() async throws {
        let failures = try await failures {
            try await withTestInjector(base: Container()) { _ in
                let fetch = MockFunction<String, Int>("fetch(id:)")
                fetch.returns(1)
                _ = try fetch.call("a")
                fetch.assertCalled(times: -1)
                fetch.assertCalled(with: "a", times: -1)
                fetch.assertCalled(where: { _ in true }, times: -1)
                fetch.expect(called: .atLeast(-1))
                fetch.expect(called: .exactly(-1), with: "a")
                await fetch.assertCalled(times: -1, within: .seconds(600))
            }
        }
        #expect(failures.count == 6)
        #expect(
            failures.allSatisfy { $0.hasPrefix("The check of fetch(id:) was given a negative count, -1: it would") })
    }
}
