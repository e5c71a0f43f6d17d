import Foundation
import Observation

// View models' protocols: `Observable`, and `Identifiable` with its `ID` made a type.

/// A view model's protocol refining `Observable`, which asks nothing of the mock.
public protocol ProfileModel: Observable, AnyObject {
    var name: String { get set }
    func reload() async
}

/// `Identifiable`'s `ID` made a type: the mock declares `id` of it, answered by `idMock`.
public protocol Listing: Identifiable where ID == String {
    var title: String { get }
}

/// `Identifiable`'s `ID` made a type, on the main actor: the mock's `id` is nonisolated.
@MainActor public protocol RowModel: Identifiable where ID == UUID {
    var title: String { get }
}

/// A `where` clause that constrains `Identifiable`'s `ID` without making it a type: skipped.
public protocol KeyedListing: Identifiable where ID: Comparable {
    var title: String { get }
}
