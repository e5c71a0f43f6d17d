/// The one renderer of DIKit's three-part messages: what went wrong, context lines, and "To fix".
///
/// ```text
/// No registration for 'PaymentService' (name: "stripe").
///   Resolution path: CheckoutModel -> PaymentService (name: "stripe")
///   Registered names for PaymentService: "paypal".
///   To fix: register PaymentService with name "stripe", or resolve one of the names above.
/// ```
package struct FailureMessage: Sendable, CustomStringConvertible {
    package var summary: String
    package var context: [String]
    package var fix: String

    package init(_ summary: String, context: [String] = [], fix: String) {
        self.summary = summary
        self.context = context
        self.fix = fix
    }

    package var description: String {
        ([summary] + context.map { "  " + $0 } + ["  To fix: " + fix]).joined(separator: "\n")
    }
}

/// `first, second, third`, or `first, second, … and 1,234 more` past `limit` items.
package func listed(_ items: [String], limit: Int = 10) -> String {
    listed(items, limit: limit) { $0 }
}

/// ``listed(_:limit:)`` of `items` as `describe` describes them: only those shown are described,
/// so a failure about 100,000 calls neither writes nor reads 100,000 descriptions.
package func listed<Items: Collection>(
    _ items: Items, limit: Int = 10, separator: String = ", ", _ describe: (Items.Element) -> String
) -> String {
    let shown = items.prefix(limit).map(describe).joined(separator: separator)
    return items.count > limit ? shown + "\(separator)… and \(grouped(items.count - limit)) more" : shown
}

/// `1234567` as `1,234,567`.
func grouped(_ number: Int) -> String {
    var digits = Array(String(number.magnitude))
    var index = digits.count - 3
    while index > 0 {
        digits.insert(",", at: index)
        index -= 3
    }
    return (number < 0 ? "-" : "") + String(digits)
}
