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
}
