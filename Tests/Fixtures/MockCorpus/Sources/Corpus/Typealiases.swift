import Foundation

/// Typealiases a protocol declares, which its requirements name: the mock writes what they stand
/// for (through the mock, `MockShelf.Items` would be a circular reference, and a closure's alias
/// would hide that the closure cannot be kept).
public protocol Loading {
    typealias Completion = (Result<Data, any Error>) -> Void
    typealias Body = () -> Int
    func load(_ url: URL, completion: @escaping Completion)
    func cached() -> Completion?
    func run(_ body: Body) -> Int
}

/// An alias naming an associated type.
public protocol Shelf<Item> {
    associatedtype Item
    typealias Items = [Item]
    func all() -> Items
}

/// An alias of a refined protocol, naming an associated type the refinement fixes.
public protocol NumberShelf: Shelf where Item == Int {
    func sum(of items: Items) -> Int
}
