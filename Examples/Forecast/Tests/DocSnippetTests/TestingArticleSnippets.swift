// The snippets of DITesting's articles (DITesting, TestingWithDIKit, VerifyingYourGraph,
// WritingMocks), verbatim. The tests among them run; the rest are compiled.

import DIKitCore
import DITesting
import Foundation
import Testing
import XCTest

protocol Payments: AnyObject {
    func charge()
}

final class MockPayments: Payments, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [Payments.self] }
    var charges = 0
    func charge() { charges += 1 }
}

final class CheckoutModel {
    @Injected var payments: any Payments
    func pay() throws { payments.charge() }
}

enum DITestingOverview {
    @Suite(.testInjector(assemblies: [AppAssembly()]))
    struct ForecastModelTests {
        @Test func refreshLoadsTheForecastOnce() throws {
            let api = MockAPI().injected()
            SpyContainer.current.expect(Analytics.self, resolved: .never)

            let model = ForecastModel()
            try model.refresh()

            #expect(api.requests == 1)
            SpyContainer.current.assertResolved(API.self, times: 1)
        }
    }
}

@Suite(.testInjector(assemblies: [AppAssembly()]))
struct CheckoutTests {
    let payments = MockPayments().injected()

    @Test func paysOnce() throws {
        try CheckoutModel().pay()
        #expect(payments.charges == 1)
    }
}

struct MockServicesAssembly: Assembly {
    func assemble(into container: Container) {
        MockAPI().injected()
        MockPayments().injected()
    }
}

@Suite(.testInjector(assemblies: [AppAssembly(), MockServicesAssembly()]))
struct SharedMockTests {
    @Test func paysWithTheSharedMock() throws {
        try CheckoutModel().pay()
        let payments = try #require(SpyContainer.current.mock(MockPayments.self))
        #expect(payments.charges == 1)
    }

    @Test func theGraphWithTheMocksResolves() {
        #expect(verifyAssemblies([AppAssembly(), MockServicesAssembly()]).isValid)
    }
}

@Test func withTestInjectorSnippet() async throws {
    try await withTestInjector(assemblies: [AppAssembly()]) { injector async throws in
        MockAPI().injected()
        try await ForecastModel().load()
        injector.assertResolved(API.self, times: 1)
    }
}

final class ForecastModelTests: DITestCase {
    override var assemblies: [any Assembly] { [AppAssembly()] }

    func testRefresh() throws {
        MockAPI().injected()
        try ForecastModel().refresh()
        injector.assertResolved(API.self, times: 1)
    }
}

nonisolated final class MainActorForecastModelTests: DITestCase {
    override var assemblies: [any Assembly] { [AppAssembly()] }

    @MainActor func testLoad() async throws {
        MockAPI().injected()
        try await ForecastModel().load()
        injector.assertResolved(API.self, times: 1)
    }
}

enum AutoInjectMockArticle {
    /// The article's `API`, with no requirements.
    protocol API: AnyObject {}

    static func autoInjectMock(_ container: Container) {
        final class MockAPI: API, AutoInjectMock {
            static var registeredTypes: [Any.Type] { [API.self] }
            var requests = 0
        }

        let api = MockAPI().injected()  // into the test's injector
        let backup = MockAPI().injected(name: "backup")  // under a name, for every listed type
        let other = MockAPI().injected(using: container)  // into a container of your choice
        _ = (api, backup, other)
    }
}

enum TestingArticleSnippets {
    static func spyContainer(_ injector: SpyContainer) {
        let count = injector.resolutionCount(of: API.self)  // Int
        injector.assertResolved(API.self, times: 1)
        injector.assertNotResolved(Analytics.self)
        injector.expect(API.self, resolved: .exactly(1))  // checked when the test ends
        injector.expect(Logger.self, resolved: .never)  // also .atLeast(n), .atMost(n)
        _ = count
    }
}

protocol Logger {}

@Test func appGraphResolves() {
    let report = verifyAssemblies([AppAssembly()], arguments: [.sample(Greeter.self, "Ada")])
    #expect(report.skipped.isEmpty)
}

struct VerifyingArticle {
    struct Forecast {}
    final class ForecastService {
        init(http: any HTTPClient) {}
    }
    final class ForecastModel {
        init(service: ForecastService) {}
    }
    struct AppAssembly: Assembly {
        func assemble(into container: Container) {
            container.register(HTTPClient.self) { _ in URLSessionClient() }
            container.register(ForecastService.self) { r in ForecastService(http: try r.resolve()) }
            container.register(ForecastModel.self) { r in ForecastModel(service: try r.resolve()) }
            container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
            container.register(Forecast.self, name: "daily") { (_: any Resolver, _: String, _: Int) in Forecast() }
        }
    }

    @Test func appGraphResolves() {
        let report = verifyAssemblies(
            [AppAssembly()],
            arguments: [.sample(Greeter.self, "Ada"), .sample(Forecast.self, name: "daily", "Berlin", 7)])
        #expect(report.skipped.isEmpty, "\(report)")  // names the skipped, and why a sample matched none
    }

    @Test func wiringIsAsReviewed() {
        let graph = verifyAssemblies([AppAssembly()]).dependencyGraph
        #expect(
            graph.description == """
                ForecastModel -> ForecastService
                ForecastService -> HTTPClient
                """)
    }
}

enum App {
    typealias Forecast = DocSnippetTests.Forecast

    protocol ForecastAPI: AnyObject {
        func forecast(city: String) async throws -> Forecast
        func cities() -> [String]
    }
}

struct Forecast: Equatable, Sendable {
    var city = ""
    var days: [Int] = []
    static let sunny = Forecast()
    static let cloudy = Forecast()
}

extension Forecast: MockDefaultValue {
    static var mockDefaultValue: Forecast { Forecast(city: "", days: []) }
}
// swift-format-ignore: AvoidRetroactiveConformances
extension URL: @retroactive MockDefaultValue {
    public static var mockDefaultValue: URL { URL(string: "about:blank")! }
}

@Test func typesOfYourOwnHaveTheDefaultsTheTestTargetGivesThem() {
    #expect(mockDefault(Forecast.self) == Forecast(city: "", days: []))
    #expect(mockDefault(URL.self).absoluteString == "about:blank")
}

struct WritingMocksArticle {
    nonisolated final class MockForecastAPI: App.ForecastAPI, AutoInjectMock, Sendable {
        static var registeredTypes: [Any.Type] { [(any App.ForecastAPI).self] }

        init() {}

        let forecastMock = AsyncMockFunction<String, App.Forecast>("forecast(city:)", of: MockForecastAPI.self)
        nonisolated(nonsending) func forecast(city: String) async throws -> App.Forecast {
            return try await forecastMock.call(city)
        }

        let citiesMock = MockFunction<Void, [String]>("cities()", of: MockForecastAPI.self)
        func cities() -> [String] {
            return citiesMock.call((), default: mockDefault())
        }
    }

    struct AppAssembly: Assembly {
        func assemble(into container: Container) {}
    }

    final class ForecastModel {
        @Injected var api: any App.ForecastAPI
        func refresh(city: String) async throws { _ = try await api.forecast(city: city) }
    }

    @Test(.testInjector(assemblies: [AppAssembly()]))
    func refreshShowsTheForecast() async throws {
        let api = MockForecastAPI().injected()
        api.forecastMock.returns(.cloudy)  // every other call
        api.forecastMock.returns(.sunny, for: "Berlin")  // this argument; the latest match wins
        try await ForecastModel().refresh(city: "Berlin")
        api.forecastMock.assertCalled(with: "Berlin", times: 1)
    }
}

struct WritingMocksByHand {
    typealias ForecastAPI = App.ForecastAPI

    final class MockForecastAPI: ForecastAPI, AutoInjectMock {
        static var registeredTypes: [Any.Type] { [ForecastAPI.self] }
        let forecastMock = AsyncMockFunction<String, Forecast>("forecast(city:)")
        let citiesMock = MockFunction<Void, [String]>("cities()")
        let logMock = MockFunction<String, Void>("log(_:)")
        let tokenMock = MockProperty<String>("token")

        func forecast(city: String) async throws -> Forecast { try await forecastMock.call(city) }
        func cities() -> [String] { citiesMock.call((), default: []) }
        func log(_ message: String) { logMock.call(message, default: ()) }
        var token: String {
            get { tokenMock.get(default: "") }
            set { tokenMock.set(newValue) }
        }
    }
}

struct WritingMocksClosureValues {
    final class Database {
        var saved: [String] = []
    }

    protocol DatabaseWriter: Sendable {
        func write<T>(_ updates: (Database) throws -> T) throws -> T
    }

    /// As generate-mocks writes it.
    final class MockDatabaseWriter: DatabaseWriter, AutoInjectMock {
        static var registeredTypes: [Any.Type] { [(any DatabaseWriter).self] }
        let writeMock = MockFunction<Void, Any>("write(_:)", of: MockDatabaseWriter.self)
        func write<T>(_ updates: (Database) throws -> T) throws -> T {
            mockCast(
                try writeMock.call((), throwingOrRunClosure: { (passed: Database) in try updates(passed) as Any }),
                from: writeMock)
        }
    }

    final class UserStore {
        @Injected var writer: any DatabaseWriter
        func save(_ user: String) throws { try writer.write { $0.saved.append(user) } }
    }

    @Test(.testInjector(base: Container()))
    func theClosureRunsWithTheTestsDatabase() throws {
        let database = Database()
        let user = "Ada"
        let writer = MockDatabaseWriter().injected()
        writer.writeMock.runsClosure(with: database)  // `updates` runs with `database`
        try UserStore().save(user)  // what `updates` does reaches `database`
        #expect(database.saved == ["Ada"])
    }
}

struct WritingMocksInoutClosures {
    struct Settings: Equatable, Sendable {
        var size: Int
    }

    protocol SettingsStoring: Sendable {
        func update(_ change: (inout Settings) -> Void)
    }

    /// As generate-mocks writes it.
    final class MockSettingsStoring: SettingsStoring, AutoInjectMock {
        static var registeredTypes: [Any.Type] { [(any SettingsStoring).self] }
        let updateMock = MockFunction<Void, Void>("update(_:)", of: MockSettingsStoring.self)
        func update(_ change: (inout Settings) -> Void) {
            updateMock.call(
                (), default: (),
                orRunClosure: { (passed: Settings) in
                    var passed = passed
                    defer { updateMock.runsClosure(with: passed) }
                    return change(&passed)
                })
        }
    }

    final class SettingsModel {
        @Injected var store: any SettingsStoring
        func grow() { store.update { $0.size += 1 } }
    }

    @Test(.testInjector(base: Container()))
    func theChangeIsKept() throws {
        let store = MockSettingsStoring().injected()
        store.updateMock.runsClosure(with: Settings(size: 1))
        SettingsModel().grow()  // calls store.update { $0.size += 1 }
        #expect(try store.updateMock.closureValues() == Settings(size: 2))
    }
}
