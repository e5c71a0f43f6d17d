import DITesting
import Testing

/// A failure about many calls, resolutions or registrations lists the first ten and counts the
/// rest, and describes only those it lists: a mock called 100,000 times does not make a failure of
/// 100,000 argument descriptions.
@Suite struct LongFailureListTests {
    @Test func aMockCheckListsTheFirstTenCallsAndDescribesOnlyThem() throws {
        let descriptions = Counter()
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            let mock = MockFunction<CountedArgument, Void>("send(_:)")
            for index in 0..<1_000 { mock.call(CountedArgument(index, descriptions), default: ()) }
            mock.assertCalled(times: 1)
        }
        let failure = try #require(collector.failures.first)
        #expect(
            failure.message.contains(
                "Calls, in order: (#0), (#1), (#2), (#3), (#4), (#5), (#6), (#7), (#8), (#9), … and 990 more."))
        #expect(descriptions.value == 10)
    }

    @Test func anInjectorCheckListsTheFirstTenResolutionsAndOtherNames() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: Container()) { injector in
                injector.register(Clock.self) { _ in SystemClock() }
                for index in 0..<12 { injector.register(Clock.self, name: "n\(index)") { _ in SystemClock() } }
                for _ in 0..<12 { _ = try? injector.resolve(Clock.self) }
                for index in 0..<12 { _ = try? injector.resolve(Clock.self, name: "n\(index)") }
                injector.assertResolved(Clock.self, times: 1)
                injector.assertResolved(Clock.self, name: "missing", times: 1)
            }
        }
        let messages = collector.failures.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.contains("Clock (override); Clock (override); … and 2 more.") == true)
        #expect(
            messages.last?.contains(
                #"Clock was resolved under other names: no name, "n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", … and 3 more."#
            ) == true)
    }

    @Test func aVerificationFailureListsTheFirstTenRegistrationsItBreaks() throws {
        let collector = FailureCollector()
        let report = FailureReporting.withReporter(collector) { verifyAssemblies([ManyNeedingOneMissingAssembly()]) }
        let failure = try #require(report.failures.first)
        #expect(failure.registrations.count == 12)
        #expect(collector.failures.first?.message.contains("; … and 2 more.") == true)
    }
}

/// An argument that counts how many times it is described.
final class CountedArgument: CustomStringConvertible, Sendable {
    let index: Int
    let descriptions: Counter
    init(_ index: Int, _ descriptions: Counter) {
        self.index = index
        self.descriptions = descriptions
    }
    var description: String {
        descriptions.increment()
        return "#\(index)"
    }
}

/// Twelve registrations of one type, under twelve names, each resolving a service nothing registers.
struct ManyNeedingOneMissingAssembly: Assembly {
    func assemble(into container: Container) {
        for index in 0..<12 {
            container.register(Fine.self, name: "fine\(index)") { r in
                _ = try r.resolve(Session.self, name: "missing")
                return Fine()
            }
        }
    }
}
