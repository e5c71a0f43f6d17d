/// What makes a ``PairedKey``: mocked, generic over its `PublicKey`.
public protocol KeyGenerating {
    associatedtype PublicKey
    init()
}

/// A key whose generator's public key is the key itself, as swift-crypto's HPKE keys are
/// (`where EphemeralPrivateKey.PublicKey == Self`): no generic mock can be that type, so it is
/// skipped, saying why.
public protocol PairedKey where Generator.PublicKey == Self {
    associatedtype Generator: KeyGenerating
    func representation() -> [UInt8]
}

/// Two protocols declaring an associated type of one name, each with its own constraint, and one
/// refining both (a `Dictionary` key that a label also names): its mock's `Key` meets both.
public protocol Keyed {
    associatedtype Key: Hashable
}

/// See ``Keyed``.
public protocol Captioned {
    associatedtype Key: CustomStringConvertible where Key: Sendable
}

/// Refines both: `MockCaptionedIndex<Key: Hashable & CustomStringConvertible & Sendable>`.
public protocol CaptionedIndex: Keyed, Captioned {
    func label(for key: Key) -> String
}

/// A default another protocol's constraint may not meet (`Int` is not a `StringProtocol`): the
/// mock of a protocol refining both is generic in it, which the test picks.
public protocol Numbered {
    associatedtype Key = Int
}

/// See ``Numbered``.
public protocol Spelled {
    associatedtype Key: StringProtocol
}

/// Refines both: `MockTitled<Key: StringProtocol>`.
public protocol Titled: Numbered, Spelled {
    func title(for key: Key) -> String
}

/// The same, the constraint in a `where` clause: `MockCaption<Key> … where Key: StringProtocol`.
public protocol Caption: Numbered where Key: StringProtocol {
    func caption(for key: Key) -> String
}
