import DIKitCore
import DITesting
import Testing

@Suite struct RecordRegistrationsTests {
    @Test func recordsWhatAssembliesRegisterWithoutResolving() {
        let built = Counter()
        let records = recordRegistrations(of: [CountingAssembly(built: built)])
        #expect(built.value == 0)
        #expect(records.map { String(describing: $0.serviceType) } == ["API", "Clock", "Analytics", "Greeting"])
        #expect(records.map(\.scope) == [.transient, .singleton, .transient, .transient])
        #expect(records[3].name == "formal")
        #expect(records[3].argumentTypes.map { String(describing: $0) } == ["String"])
        #expect(
            records.allSatisfy {
                $0.fileID == "DITestingTests/Fixtures.swift"
                    || $0.fileID == "DITestingTests/RecordRegistrationsTests.swift"
            })
    }

    @Test func aRegistrationIntoTheSharedContainerIsReportedAndKeptOut() {
        let collector = FailureCollector()
        FailureReporting.withReporter(collector) {
            withTestInjector(base: Container()) { injector in
                let records = recordRegistrations(of: [VerifyAssembliesTests.RegistersElsewhereAssembly()])
                #expect(records.map { "\($0.serviceType)" } == ["API"])
                #expect(!injector.isRegistered(Clock.self))
            }
        }
        let failures = collector.failures.map(\.message)
        #expect(failures.count == 1)
        #expect(
            failures.first?.hasPrefix(
                "recordRegistrations: an assembly registered into Container.shared, not the container it was given."
            ) == true)
    }

    @Test func recordsWhatATestAssemblysInjectedMocksRegister() {
        let collector = FailureCollector()
        let records = FailureReporting.withReporter(collector) { recordRegistrations(of: [MockAssembly()]) }
        #expect(records.map { String(describing: $0.serviceType) } == ["API"])
        #expect(records.first?.fileID == "DITestingTests/VerifyAssembliesTests.swift")
        #expect(collector.failures.isEmpty)
    }

    @Test func includesDependenciesAndRepeatedKeys() {
        let records = recordRegistrations(of: [DependentAssembly(), AppAssembly()])
        #expect(records.map { String(describing: $0.serviceType) } == ["API", "Clock", "Analytics", "API"])
    }
}

struct Greeting {
    let text: String
}

struct CountingAssembly: Assembly {
    let built: Counter
    var dependencies: [any Assembly] { [AppAssembly()] }
    func assemble(into container: Container) {
        container.register(Greeting.self, name: "formal") { [built] (_, name: String) in
            built.increment()
            return Greeting(text: "Dear \(name)")
        }
    }
}

struct DependentAssembly: Assembly {
    var dependencies: [any Assembly] { [AppAssembly()] }
    func assemble(into container: Container) {
        container.register(API.self) { _ in MockAPI() }
    }
}
