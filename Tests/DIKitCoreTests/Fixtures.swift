import DIKitCore

protocol API: AnyObject {}
final class LiveAPI: API {
    let http: any HTTPClient
    init(http: any HTTPClient) { self.http = http }
}
final class OtherAPI: API {}

protocol HTTPClient: AnyObject {}
final class URLSessionClient: HTTPClient {}

protocol Theme { var name: String { get } }
struct LightTheme: Theme { let name = "light" }
struct DarkTheme: Theme { let name = "dark" }

final class Greeter {
    let name: String
    let times: Int
    init(name: String, times: Int = 1) {
        self.name = name
        self.times = times
    }
}

protocol UserReading: AnyObject {}
protocol Unrelated {}
final class UserStore: UserReading {
    var clock: Clock?
}
final class Clock {}

final class Node {}

/// A counter that can be shared with `@Sendable` factories.
final class Counter: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    @discardableResult func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

// A-B-C graph for cycles and missing dependencies.
final class ServiceA {
    let b: ServiceB
    init(b: ServiceB) { self.b = b }
}
final class ServiceB {
    let c: ServiceC?
    init(c: ServiceC?) { self.c = c }
}
final class ServiceC {}
