import CorpusBase
import Foundation

/// A day's forecast.
public struct Forecast: Sendable, Equatable {
    /// The city.
    public var city: String
    /// The highest temperature.
    public var high: Int
    /// A forecast for `city`.
    public init(city: String, high: Int) {
        self.city = city
        self.high = high
    }
}

/// A failure to reach the network.
public struct NetworkError: Error, Equatable {
    /// The error.
    public init() {}
}

/// Methods: sync, async, throwing; labels and `_`; optional and tuple results; defaults.
public protocol WeatherService: Sendable {
    func forecast(city: String) async throws -> Forecast
    func forecast(city: String, days: Int) async throws -> [Forecast]
    func cachedForecast(_ city: String) -> Forecast?
    func cities() -> [String]
    func temperatureRange(for city: String) -> (low: Int, high: Int)
    func refresh() async
    func clear() throws
    func log(_ message: String)
}

/// Overloads that differ by labels, by parameter types, and by result types.
public protocol Formatter {
    func format(_ value: Int) -> String
    func format(_ value: Double) -> String
    func format(value: Int, unit: String) -> String
    func parse(_ text: String) -> Int
    func parse(_ text: String) -> Double
}

/// Generic methods, `some` and `any` parameters, closures, `inout`, variadics, parameter packs.
public protocol Storage: AnyObject {
    func record<each Value>(_ values: repeat each Value)
    func echo<each Value: Sendable>(_ values: repeat each Value) -> (repeat each Value)
    func find<T>(_ type: T.Type, key: String) -> T?
    func contains<T>(_ value: T?) -> Bool
    func evaluate(_ value: @autoclosure () throws -> Int) rethrows -> Int
    func ignore(_ value: @autoclosure () throws -> Int) -> Int
    func save<T: Codable>(_ value: T, key: String) throws
    func load<T: Decodable>(_ type: T.Type, key: String) throws -> T
    func count(of items: some Collection<Int>) -> Int
    func handle(_ error: any Error)
    func observe(_ handler: @escaping @Sendable (String) -> Void)
    func transform(_ body: (Int) -> Int) -> Int
    func increment(_ value: inout Int)
    func sum(_ values: Int...) -> Int
    func lazyValue(_ value: @autoclosure () -> String) -> String
}

/// Properties: `get`, `get set`, `get async throws`; static requirements; subscripts.
public protocol Session {
    var token: String { get }
    var userName: String? { get set }
    var profile: Data { get async throws }
    var isActive: Bool { get }
    static var current: String { get }
    static func make() -> Self
    subscript(key: String) -> Int? { get set }
    subscript(index: Int) -> String { get }
    mutating func reset()
}

/// Inherited requirements, from a protocol of the same module and from the standard library.
public protocol Named {
    var name: String { get }
}

/// A store of forecasts, which has a name and describes itself, for users and for debugging.
public protocol Repository: Named, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    func all() async throws -> [Forecast]
    func find(id: Int) -> Forecast?
}

/// A main-actor protocol, as view models are.
@MainActor public protocol Screen: AnyObject {
    static var identifier: String { get }
    var title: String { get set }
    func show()
    func select(row: Int) async
}

/// A global actor of the module's own, as a database layer has.
@globalActor public actor StoreActor {
    /// The actor.
    public static let shared = StoreActor()
}

/// A protocol isolated to a global actor other than the main actor: its mock is isolated to it too.
@StoreActor public protocol Ledger: AnyObject {
    init(name: String)
    var balance: Int { get }
    func record(_ amount: Int)
    nonisolated func label() -> String
}

/// Initializer requirements, for code that makes what it needs from a type it is given
/// (`let connection = try type.init(url: url)`): plain, throwing, failable, async with typed throws.
public protocol Connection {
    init(host: String)
    init(url: URL) throws
    init?(port: Int)
    init(token: String) async throws(LoadError)
    func close()
}

/// A main-actor protocol with an initializer requirement.
@MainActor public protocol Presenting: AnyObject {
    init(id: Int)
}

/// A protocol refining one of another module of the package (`CorpusBase.Service`).
public protocol UserService: Service {
    func user(id: Int) -> String
}

/// A protocol fixing the associated type of one of another module of the package.
public protocol NameStore: Store where Item == String {
    func add(_ name: String)
}

/// The same, with the primary associated type written in the refinement (`Store<String>`).
public protocol TitleStore: Store<String> {
    func clear()
}

/// Equatable and Hashable protocols.
public protocol Token: Hashable {
    var value: String { get }
}

/// Two protocols that are each `Hashable` and `CustomStringConvertible`, and one refining both:
/// its mock is hashed and described once.
public protocol Listed: Hashable, CustomStringConvertible {}

/// See ``Listed``.
public protocol Pinned: Hashable, CustomStringConvertible {}

/// See ``Listed``.
public protocol Bookmark: Listed, Pinned {
    var title: String { get }
}

/// A `Comparable` protocol: its mock is ordered by its identity.
public protocol Ranked: Comparable {
    var rank: Int { get }
}

/// An error protocol refining `LocalizedError`, whose requirements all have defaults.
public protocol AppFailure: LocalizedError {
    var code: Int { get }
}

/// Internal protocols get a mock too, with `@testable import`.
protocol Clock {
    func now() -> Date
    func sleep(seconds: Double) async throws
}

/// Associated types: the mock is generic over those without a default (`MockCache<String>`), and
/// is registered as `any Cache<Key>`; one with a default is a typealias.
public protocol Cache<Key> {
    associatedtype Key: Hashable
    associatedtype Value = String
    func value(for key: Key) -> Value?
    func store(_ value: Value, for key: Key)
    static func makeKey() -> Key
}

/// A refinement that fixes an associated type (`where Key == Int`): its mock is not generic.
public protocol IntCache: Cache where Key == Int {
    func clear()
}

/// Associated types constrained by one another: the mock keeps the `where` clause.
public protocol Feed {
    associatedtype Item: Equatable & Sendable
    associatedtype Items: Collection where Items.Element == Item
    func items() async throws -> Items
    /// A member of an associated type (`Self.Items.Index`): the mock's parameter's member.
    func item(at index: Items.Index) -> Item?
}

/// Rethrowing methods, operators, and requirements the standard library's protocols also make.
public protocol Pipeline: CustomStringConvertible, Equatable {
    var description: String { get }
    func map(_ transform: (Int) throws -> Int) rethrows -> [Int]
    static func == (lhs: Self, rhs: Self) -> Bool
    static func + (lhs: Self, rhs: Self) -> Self
    func optionalHandler(_ handler: ((Int) -> Void)?)
    func fetch(completion: @escaping (Result<Data, any Error>) -> Void)
}

/// An error protocol, keyword names, generic containers, failable and `Self` requirements.
public protocol Reporting: Error {
    func `default`() -> Int
    func `in`(_ value: Int) -> Bool
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> [T]
    func compare(_ other: Self) -> Bool
    init?(code: Int)
    @discardableResult func flush() -> Bool
}

/// A failure to load, thrown by typed throws.
public struct LoadError: Error, Equatable {
    /// What went wrong.
    public let code: Int
    /// A failure with `code`.
    public init(code: Int) { self.code = code }
}

/// Typed throws (`throws(LoadError)`, also on a getter and a subscript); results that are tuples
/// or functions after `throws`; `throws(any Error)`, which is `throws`, and `throws(Never)`, which
/// is none.
public protocol Loader {
    func load(id: Int) throws(LoadError) -> Data
    func loadAll() async throws(LoadError) -> [Data]
    func decode<T: Decodable>(_ type: T.Type) throws(LoadError) -> T
    func pair() async throws -> (Int, String)
    func range() throws -> (low: Int, high: Int)
    func transform() throws -> (Int) -> Int
    func anyError() throws(any Error) -> Int
    func never() throws(Never) -> Int
    var status: String { get throws(LoadError) }
    subscript(id: Int) -> Data { get throws(LoadError) }
}

/// An actor protocol: its mock is an actor, whose stand-ins tests stub without `await`.
public protocol Counter: Actor {
    init(start: Int) async
    func increment() async -> Int
    func reset()
    var count: Int { get }
    func load(id: Int) async throws -> String
    nonisolated func name() -> String
}

/// A namespace, as apps group their protocols.
public enum Networking {
    /// A protocol nested in a type: its mock is named by its path, `MockNetworkingClient`.
    public protocol Client: Sendable {
        func get(path: String) async throws -> Data
        /// A protocol nested beside it, which a top-level `Session` does not hide.
        func session() -> any Session
    }

    /// A protocol of the same name as a top-level one.
    public protocol Session {
        func close()
    }
}

/// A requirement named like another requirement's stand-in (`getMock`).
public protocol Overlap {
    var getMock: Int { get }
    func get() -> Int
}

/// Unary operators, whose declarations in the symbol graph leave out `prefix` and `postfix`.
public protocol Vector {
    static prefix func - (value: Self) -> Self
    static postfix func ++ (value: Self) -> Self
}

postfix operator ++

/// A protocol newer than the package's platforms, with a requirement newer still: the mock and
/// the witness say so, or they would not compile where the package supports older versions.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol Recent {
    func fetch() -> Int
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func newer() -> String
    @available(*, deprecated, message: "use fetch()")
    func legacy()
}

/// A `where` clause on `Self`: what the protocol refines, which the mock meets.
public protocol Owner where Self: AnyObject {
    func release()
}
