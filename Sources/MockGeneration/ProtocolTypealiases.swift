// A protocol's typealias (`typealias Items = [Item]`, `typealias Completion = (Result<Data, any
// Error>) -> Void`) is not a requirement: a requirement naming it (`func all() -> Self.Items`)
// names it through the conforming type. In the mock, `MockStore.Items` is looked up through the
// conformance being declared, which the compiler takes for a circular reference when the alias
// names an associated type, and a closure's alias hides that it is a closure. So the mock writes
// what the alias stands for instead.

extension MockGenerator {
    /// What each non-generic typealias of `protocols` stands for, by its USR and by `Self.` and its
    /// name (the graphs give `Self.Body` no identity in swift-parsing's `var body: Self.Body`):
    /// the fragments after its `=`.
    func typealiasDefinitions(of protocols: [Symbol]) -> [String: [Fragment]] {
        var definitions: [String: [Fragment]] = [:]
        for proto in protocols {
            for alias in related(to: proto.identifier.precise, as: ["memberOf"])
            where alias.kind.identifier == "swift.typealias" {
                let fragments = alias.declarationFragments ?? []
                guard let equals = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains("=") }),
                    !fragments[..<equals].contains(where: { $0.spelling.contains("<") })
                else { continue }
                var definition = Array(fragments[(equals + 1)...])
                let rest = fragments[equals].spelling.drop { $0 != "=" }.dropFirst().drop(while: \.isWhitespace)
                if !rest.isEmpty { definition.insert(Fragment(kind: "text", spelling: String(rest)), at: 0) }
                definitions[alias.identifier.precise] = definition
                if let name = alias.pathComponents.last { definitions["Self." + name] = definition }
            }
        }
        return definitions
    }
}

extension Symbol {
    /// The symbol with each typealias of `definitions` it names (`Self.Items`) replaced by what it
    /// stands for, in parentheses where what follows would otherwise apply to part of it
    /// (`Completion?` is `((Result<Data, any Error>) -> Void)?`).
    func inliningTypealiases(_ definitions: [String: [Fragment]]) -> Symbol {
        guard !definitions.isEmpty else { return self }
        func inline(_ fragments: [Fragment], depth: Int) -> [Fragment] {
            var result: [Fragment] = []
            for (index, fragment) in fragments.enumerated() {
                let afterSelf = result.last?.spelling == "." && result.dropLast().last?.spelling == "Self"
                let key = fragment.preciseIdentifier ?? (afterSelf ? "Self." + fragment.spelling : "")
                guard depth < 8, fragment.kind == "typeIdentifier", let definition = definitions[key] else {
                    result.append(fragment)
                    continue
                }
                // `Self.` before it goes with it.
                if let dot = result.last, dot.kind == "text", dot.spelling.hasSuffix("."),
                    result.dropLast().last?.spelling == "Self"
                {
                    result.removeLast(2)
                    if dot.spelling.count > 1 {
                        result.append(Fragment(kind: "text", spelling: String(dot.spelling.dropLast())))
                    }
                }
                let text = definition.map(\.spelling).joined()
                let next = fragments.dropFirst(index + 1).first?.spelling ?? ""
                let bindsLoosely = text.contains("->") || text.contains("&") || text.hasPrefix("any ")
                let isFollowed = ["?", "!", ".", "..."].contains { next.hasPrefix($0) }
                let inlined = inline(definition, depth: depth + 1)
                result +=
                    bindsLoosely && isFollowed
                    ? [Fragment(kind: "text", spelling: "(")] + inlined + [Fragment(kind: "text", spelling: ")")]
                    : inlined
            }
            return result
        }
        var symbol = self
        symbol.declarationFragments = declarationFragments.map { inline($0, depth: 0) }
        if var signature = functionSignature {
            signature.returns = signature.returns.map { inline($0, depth: 0) }
            signature.parameters = signature.parameters?.map { parameter in
                var parameter = parameter
                parameter.declarationFragments = parameter.declarationFragments.map { inline($0, depth: 0) }
                return parameter
            }
            symbol.functionSignature = signature
        }
        return symbol
    }
}
