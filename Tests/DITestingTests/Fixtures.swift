import DIKitCore
import DITesting

protocol API: AnyObject, Sendable {
    var id: Int { get }
}
final class LiveAPI: API {
    let id = 0
}
final class MockAPI: API, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [API.self] }
    let id: Int
    init(id: Int = 1) { self.id = id }
}

protocol Analytics: AnyObject {}
final class LiveAnalytics: Analytics {}

protocol Clock: AnyObject {}
final class SystemClock: Clock {}

protocol Unrelated {}
final class BadMock: API, AutoInjectMock {
    static var registeredTypes: [Any.Type] { [API.self, Unrelated.self] }
    let id = 9
}

final class ForecastModel {
    @Injected var api: any API
    @SafelyInjected var analytics: (any Analytics)?
}

/// The app's production wiring, used as the base of most tests.
struct AppAssembly: Assembly {
    func assemble(into container: Container) {
        container.register(API.self) { _ in LiveAPI() }
        container.register(Clock.self, scope: .singleton) { _ in SystemClock() }
        container.register(Analytics.self) { _ in LiveAnalytics() }
    }
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

/// The messages of the failures DITesting reports while `body` runs.
func failureMessages(_ body: () throws -> Void) rethrows -> [String] {
    let collector = FailureCollector()
    try FailureReporting.withReporter(collector) { try body() }
    return collector.failures.map(\.message)
}

/// Counts calls from `@Sendable` closures.
final class Counter: Sendable {
    private let storage = LockedValue(0)
    var value: Int { storage.withLock { $0 } }
    func increment() { storage.withLock { $0 += 1 } }
}
