import Foundation

// A refinement that restates its parent's properties and subscripts asking more of them.

/// What a profile shows.
public protocol Profile {
    var name: String { get }
    var avatar: Data { get async throws }
    subscript(key: String) -> Int { get }
    func reload() async throws -> Int
}

/// A profile that can be edited: its `name` and subscript gain a setter, its `avatar` and
/// `reload()` lose effects. One witness meets both declarations of each: the one this protocol
/// asks for.
public protocol EditableProfile: Profile {
    var name: String { get set }
    var avatar: Data { get }
    subscript(key: String) -> Int { get set }
    func reload() async -> Int
    func rename(to name: String, _ reason: String) -> Bool
}

/// Restates `rename(to:_:)` naming its parameters otherwise: the same requirement, one witness.
public protocol RenamingProfile: EditableProfile {
    func rename(to newName: String, _ why: String) -> Bool
}

/// Overloads by effects: a synchronous witness meets both `load()`s; `save() throws` and
/// `save() async`, neither of which meets the other, keep a witness each.
public protocol Syncing {
    func load() -> Int
    func load() async -> Int
    func save() throws
    func save() async
}

/// A main-actor protocol refining one isolated to nothing: its mock is nonisolated, its witnesses
/// isolated as their requirements are (`name` nonisolated, `show()` main-actor).
@MainActor public protocol NamedScreen: Named {
    func show()
}

/// A model protocol refining `Codable`, whose requirements the module's graph does not list: its
/// mock answers `encode(to:)` and `init(from:)` through stand-ins.
public protocol Persistable: Codable {
    var storageKey: String { get }
}

/// A deprecated protocol: its mock is deprecated as it is, so that the file builds with warnings as
/// errors, and a test using the mock is warned as code using the protocol is.
@available(*, deprecated, message: "Use \"Profile\" instead")
public protocol LegacyProfile {
    var nickname: String { get }
}

/// Deprecated on one platform only.
@available(macOS, deprecated: 13.0)
public protocol LegacyStore {
    func flush()
}

/// Deprecated from a language version on, as swift-argument-parser's `AsyncMainProtocol` is.
@available(swift, deprecated: 5.6, message: "Use Profile")
public protocol LegacyReader {
    func read() -> String
}

/// A token of the old sign-in, deprecated.
@available(*, deprecated, message: "Use Token")
public struct LegacyToken: Sendable, Equatable {
    /// Its text.
    public let text: String
    /// A token of `text`.
    public init(text: String) { self.text = text }
}

/// A protocol whose deprecated requirements name a deprecated type: their witnesses and stand-ins
/// are deprecated as they are, so the mock's file builds with warnings as errors.
public protocol Renewing {
    @available(*, deprecated, message: "Use renew()")
    func renew(legacy: LegacyToken) -> LegacyToken
    @available(*, deprecated)
    var legacyToken: LegacyToken? { get }
    func renew() -> String
}
