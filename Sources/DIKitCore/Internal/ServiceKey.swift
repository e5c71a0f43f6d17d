/// What a registration is stored under: the service type, the name, and the argument types.
///
/// The argument types are identified by the metatype of the tuple `(ArgumentList, repeat each
/// Argument)`. The leading marker keeps the list a list: a single tuple-typed argument
/// `(Int, String)` gives `(ArgumentList, (Int, String))`, two arguments give
/// `(ArgumentList, Int, String)`, and no arguments give `ArgumentList` itself. Comparing one
/// metatype is as precise as comparing the list, and costs no allocation.
@usableFromInline @frozen
package struct ServiceKey: Hashable, Sendable {
    @usableFromInline package let service: ObjectIdentifier
    @usableFromInline package let arguments: ObjectIdentifier
    @usableFromInline package let name: String?

    /// The key of a registration that takes no arguments: keyed by the static type `Service`,
    /// whatever metatype value is passed (a subclass's, held as `Service.Type`).
    @inlinable
    package init<Service>(_ service: Service.Type, name: String?) {
        self.service = ObjectIdentifier(Service.self)
        self.arguments = ObjectIdentifier(ArgumentList.self)
        self.name = name
    }

    /// The key of a registration whose factory takes `Argument...`.
    @inlinable
    package init<Service, each Argument>(_ service: Service.Type, name: String?, arguments: repeat (each Argument).Type)
    {
        self.service = ObjectIdentifier(Service.self)
        self.arguments = ObjectIdentifier((ArgumentList, repeat each Argument).self)
        self.name = name
    }

    @inlinable
    package init(service: ObjectIdentifier, name: String?, arguments: ObjectIdentifier) {
        self.service = service
        self.arguments = arguments
        self.name = name
    }

    /// The same service and name, taking no arguments.
    var withoutArguments: ServiceKey {
        ServiceKey(service: service, name: name, arguments: ObjectIdentifier(ArgumentList.self))
    }

    /// Whether the registration takes runtime arguments.
    var takesArguments: Bool { arguments != ObjectIdentifier(ArgumentList.self) }

    /// The same service and argument types under another name or type.
    func with(service: Any.Type? = nil, name: String?) -> ServiceKey {
        ServiceKey(service: service.map { ObjectIdentifier($0) } ?? self.service, name: name, arguments: arguments)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        hasher.combine(service)
        hasher.combine(arguments)
        if let name { hasher.combine(name) }
    }

    /// The hash tables use: the two type identities mixed with the table's seed, plus the name's
    /// hash when there is one. Keys are types, not input an attacker chooses, so SipHash's flood
    /// resistance buys nothing here, and it costs more than the rest of a cached-singleton lookup.
    @inlinable
    package func _rawHashValue(seed: Int) -> Int {
        var mixed = UInt64(UInt(bitPattern: service)) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= UInt64(UInt(bitPattern: arguments)) &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= UInt64(truncatingIfNeeded: seed)
        if let name { mixed ^= nameHash(name) }
        mixed ^= mixed >> 31
        mixed &*= 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 32
        return Int(truncatingIfNeeded: mixed)
    }
}

/// The hash of a name, consistent with `String`'s `==` (canonical equivalence) and cheaper than
/// `String.hashValue`'s SipHash, which a named resolve would otherwise pay on every lookup.
///
/// An ASCII name hashes its bytes (FNV-1a). Only three non-ASCII scalars are canonically
/// equivalent to ASCII ones (U+037E is ";", U+1FEF is "`", U+212A is "K"), so a name made of
/// ASCII and those hashes as its ASCII equivalent; any other name cannot equal an ASCII one, and
/// uses `hashValue`.
@usableFromInline
func nameHash(_ name: String) -> UInt64 {
    let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
        var hash = FNV1a()
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            hash.add(UInt32(byte))
        }
        return hash.value
    }
    if let ascii, let hash = ascii { return hash }
    var hash = FNV1a()
    for scalar in name.unicodeScalars {
        switch scalar.value {
        case 0..<0x80: hash.add(scalar.value)
        case 0x037E: hash.add(0x3B)
        case 0x1FEF: hash.add(0x60)
        case 0x212A: hash.add(0x4B)
        default: return UInt64(truncatingIfNeeded: name.hashValue)
        }
    }
    return hash.value
}

/// The 64-bit FNV-1a hash of a sequence of ASCII code points.
private struct FNV1a {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ byte: UInt32) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
}

/// The marker at the head of a key's argument-type tuple; see ``ServiceKey``.
@usableFromInline
enum ArgumentList {}
