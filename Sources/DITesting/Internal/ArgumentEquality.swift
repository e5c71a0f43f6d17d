import DIKitCore

/// Whether two calls' arguments are the same, for the per-argument answers and checks of a mock
/// (`returns(_:for:)`, `assertCalled(with:)`): `Equatable` values by `==`, tuples and optionals
/// part by part (a method of several parameters records a tuple, which cannot be `Equatable`),
/// metatypes and other class instances by identity. `nil` when a part can be compared none of
/// those ways: a closure, a struct that is not `Equatable`.
func argumentsEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
    let left = Mirror(reflecting: lhs)
    if left.displayStyle == .tuple || left.displayStyle == .optional {
        let right = Mirror(reflecting: rhs)
        guard right.displayStyle == left.displayStyle else { return false }
        let pairs = zip(left.children, right.children)
        var equal = left.children.count == right.children.count
        for (leftPart, rightPart) in pairs {
            guard let same = argumentsEqual(leftPart.value, rightPart.value) else { return nil }
            equal = equal && same
        }
        // Two optionals one of which is `nil`: the other's value must still be comparable.
        if left.children.count != right.children.count {
            let value = (left.children.first ?? right.children.first)?.value
            if let value, argumentsEqual(value, value) == nil { return nil }
        }
        return equal
    }
    if let equatable = lhs as? any Equatable { return equatable.isEqual(to: rhs) }
    if let leftType = lhs as? any Any.Type, let rightType = rhs as? any Any.Type {
        return ObjectIdentifier(leftType) == ObjectIdentifier(rightType)
    }
    if let leftObject = classObject(lhs), let rightObject = classObject(rhs) { return leftObject === rightObject }
    return nil
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self).map { $0 == self } ?? false }
}
