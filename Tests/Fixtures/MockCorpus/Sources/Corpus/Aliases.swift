// Generic subscripts whose result names the protocol's `Self` in a generic argument, as FluentKit's
// `ModelAlias` has: Swift cannot declare one in a generic mock.

/// A column of a row type.
public protocol Column {
    associatedtype Row
}

/// A column seen through an alias of its row type.
public struct AliasedColumn<Alias: ColumnAliasing, C: Column> where C.Row == Alias.Row {
    /// An aliased column.
    public init() {}
}

/// Mocked, its subscript left to the extension that implements it.
@dynamicMemberLookup
public protocol ColumnAliasing {
    associatedtype Row
    var alias: String { get }
    subscript<C: Column>(dynamicMember key: KeyPath<Row, C>) -> AliasedColumn<Self, C> where C.Row == Row { get }
}

extension ColumnAliasing {
    /// The column, aliased.
    public subscript<C: Column>(dynamicMember key: KeyPath<Row, C>) -> AliasedColumn<Self, C> where C.Row == Row {
        AliasedColumn()
    }
}

/// A column seen through a renaming of its row type.
public struct RenamedColumn<Renaming: ColumnRenaming, C: Column> where C.Row == Renaming.Row {
    /// A renamed column.
    public init() {}
}

/// Skipped: its subscript cannot be declared in its mock, which is generic, and nothing implements it.
public protocol ColumnRenaming {
    associatedtype Row
    subscript<C: Column>(column key: KeyPath<Row, C>) -> RenamedColumn<Self, C> where C.Row == Row { get }
}

/// Mocked with its subscript: its mock is not generic.
public protocol IntColumnRenaming: ColumnRenaming where Row == Int {}
