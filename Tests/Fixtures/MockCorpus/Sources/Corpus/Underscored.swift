// Internal protocols with requirements named with a leading underscore, which the symbol graph of
// an internal protocol leaves out.

/// Skipped: its mock could not meet `_storage`.
protocol StorageBacked {
    var _storage: [String: Int] { get }
    func value(for key: String) -> Int?
}

/// Mocked: an extension implements `_visibility`, and the mock leaves it to that.
protocol Visible {
    var _visibility: Int { get }
    func show(
        animated: Bool
    )
}

extension Visible {
    var _visibility: Int { 0 }
}
