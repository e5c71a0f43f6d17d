// The requirements of `Encodable` and `Decodable`, which a module's symbol graph does not list
// (they are the standard library's): a protocol refining `Codable` is mocked as if it restated
// them, written as the symbol-graph extractor writes a protocol that does. And what a mock declares
// for the other standard protocols it meets itself.

extension Symbol {
    /// `func encode(to encoder: any Encoder) throws`, for a protocol refining `Encodable`.
    static let encodableRequirement = standardRequirement(
        of: "Encodable", kind: "swift.method", keyword: "func", name: "encode", label: "to", parameter: "encoder",
        type: ("Encoder", "s:s7EncoderP"), usr: "s:SE6encode2toys7Encoder_p_tKF")

    /// `init(from decoder: any Decoder) throws`, for a protocol refining `Decodable`.
    static let decodableRequirement = standardRequirement(
        of: "Decodable", kind: "swift.init", keyword: "init", name: nil, label: "from", parameter: "decoder",
        type: ("Decoder", "s:s7DecoderP"), usr: "s:Se4fromxs7Decoder_p_tKcfc")

    /// `keyword name(label parameter: any Type) throws`: a requirement of `proto` taking one
    /// existential.
    private static func standardRequirement(
        of proto: String, kind: String, keyword: String, name: String?, label: String, parameter: String,
        type: (name: String, usr: String), usr: String
    ) -> Symbol {
        let typeFragments = [
            Fragment(kind: "text", spelling: ": any "),
            Fragment(kind: "typeIdentifier", spelling: type.name, preciseIdentifier: type.usr),
        ]
        let title = "\(name ?? keyword)(\(label):)"
        let named = name.map { [Fragment(kind: "text", spelling: " "), Fragment(kind: "identifier", spelling: $0)] }
        return Symbol(
            kind: Kind(identifier: kind), identifier: Identifier(precise: usr), location: nil,
            pathComponents: [proto, title], names: Names(title: title), accessLevel: "public",
            declarationFragments: [Fragment(kind: "keyword", spelling: keyword)] + (named ?? [])
                + [
                    Fragment(kind: "text", spelling: "("), Fragment(kind: "externalParam", spelling: label),
                    Fragment(kind: "text", spelling: " "), Fragment(kind: "internalParam", spelling: parameter),
                ] + typeFragments + [
                    Fragment(kind: "text", spelling: ") "), Fragment(kind: "keyword", spelling: "throws"),
                ],
            functionSignature: FunctionSignature(
                parameters: [
                    .init(
                        name: label, internalName: parameter,
                        declarationFragments: [Fragment(kind: "identifier", spelling: parameter)] + typeFragments)
                ],
                returns: kind == "swift.method" ? [Fragment(kind: "text", spelling: "()")] : nil))
    }
}

extension MockGenerator {
    /// What a mock declares for `proto`, a standard protocol its protocol refines — `Equatable`,
    /// `Hashable`, `Comparable`, `CustomStringConvertible`, `CustomDebugStringConvertible` — one
    /// declaration each: a mock is equal only to itself, ordered by its identity, and described by
    /// its name. `nil` for any other protocol.
    static func standardMembers(of proto: String, mockName: String) -> [String]? {
        let equals = "    static func == (lhs: \(mockName), rhs: \(mockName)) -> Bool { lhs === rhs }"
        switch proto {
        case "Equatable": return [equals]
        case "Hashable":
            return [equals, "    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }"]
        case "Comparable":
            return [
                equals,
                "    static func < (lhs: \(mockName), rhs: \(mockName)) -> Bool { ObjectIdentifier(lhs) < ObjectIdentifier(rhs) }",
            ]
        case "CustomStringConvertible": return ["    var description: String { \"\(mockName)\" }"]
        case "CustomDebugStringConvertible": return ["    var debugDescription: String { \"\(mockName)\" }"]
        default: return nil
        }
    }
}
