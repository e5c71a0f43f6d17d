/// An object's or a type's identity as a hash key, hashed by a multiply rather than SipHash: the
/// keys are addresses, not input anyone chooses, and SipHash was a visible share of registering
/// and of entering a test injector.
struct ObjectKey: Hashable {
    let id: ObjectIdentifier

    init(_ id: ObjectIdentifier) { self.id = id }

    init(_ object: AnyObject) { id = ObjectIdentifier(object) }

    init(_ type: Any.Type) { id = ObjectIdentifier(type) }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }

    func _rawHashValue(seed: Int) -> Int {
        let mixed = (UInt64(UInt(bitPattern: id)) ^ UInt64(truncatingIfNeeded: seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
