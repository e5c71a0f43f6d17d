import DIKitCore
import Dispatch
import Foundation

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

/// Runs `body` on a new thread with `stackSize` bytes of stack and waits at most `seconds` for it.
///
/// - Returns: `false` if it did not finish in time, so that a test whose failure mode is a hang
///   fails instead of hanging the run.
func finishesOnThread(
    stackSize: Int = 1 << 20, within seconds: Double = 30, _ body: @escaping @Sendable () -> Void
) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// Calls `body` when deinitialized: a `deinit` that runs user code at a chosen moment.
final class OnDeinit: @unchecked Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    deinit { body() }
}

/// A value of a type that is not `Hashable`.
struct Opaque: Sendable { let value: Int }

/// A weak reference that `@Sendable` closures can capture, to reach a container without keeping it.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}

/// A value behind a lock, for closures that outlive a test's locals.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
