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
