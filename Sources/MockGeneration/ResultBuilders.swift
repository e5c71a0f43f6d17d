// Result-builder attributes on requirements (`@ViewBuilder var body: Body { get }`, swift-parsing's
// `@ParserBuilder<Input> var body: Body { get }`): a witness must not build its body with them.

extension Symbol {
    /// The symbol without the result-builder attributes its declaration carries (those for which
    /// `isResultBuilder` holds of the attribute naming the builder), and whether it had one.
    ///
    /// A witness written with the attribute would build its body, the stand-in's answer, with the
    /// builder, which takes the builder's own components, not that answer. Without the attribute
    /// it still would — a witness takes its requirement's builder — unless its body says
    /// `return`, which the mock's witness then does. The attribute names a type, as a global
    /// actor does: without this, the builder would be read as the requirement's global actor.
    func removingResultBuilders(where isResultBuilder: (Fragment) -> Bool) -> (symbol: Symbol, hadOne: Bool) {
        guard let fragments = declarationFragments else { return (self, false) }
        var kept: [Fragment] = []
        var index = fragments.startIndex
        var hadOne = false
        while index < fragments.endIndex {
            guard fragments[index].kind == "attribute", fragments[index].spelling == "@",
                index + 1 < fragments.endIndex, isResultBuilder(fragments[index + 1])
            else {
                kept.append(fragments[index])
                index += 1
                continue
            }
            hadOne = true
            index += 2
            // Its generic arguments (`<Self.Input>`), up to the `>` that closes them.
            var after = ""
            if index < fragments.endIndex && fragments[index].spelling.hasPrefix("<") {
                var depth = 0
                while index < fragments.endIndex {
                    let spelling = fragments[index].spelling
                    index += 1
                    depth += spelling.count { $0 == "<" } - spelling.count { $0 == ">" }
                    if depth <= 0, let close = spelling.lastIndex(of: ">") {
                        after = String(spelling[spelling.index(after: close)...])
                        break
                    }
                }
            }
            // The space after it.
            if !after.drop(while: { $0 == " " }).isEmpty {
                kept.append(Fragment(kind: "text", spelling: String(after.drop { $0 == " " })))
            } else if index < fragments.endIndex && fragments[index].kind == "text" {
                let text = String(fragments[index].spelling.drop { $0 == " " })
                if !text.isEmpty { kept.append(Fragment(kind: "text", spelling: text)) }
                index += 1
            }
        }
        var symbol = self
        symbol.declarationFragments = kept
        return (symbol, hadOne)
    }
}

extension MockGenerator {
    /// `symbols` without the result builders their declarations carry, and the identities of those
    /// that carried one.
    static func removingResultBuilders(from symbols: [String: Symbol]) -> ([String: Symbol], Set<String>) {
        var stripped = symbols
        var built: Set<String> = []
        for (usr, symbol) in symbols {
            let (without, hadOne) = symbol.removingResultBuilders { isResultBuilder($0, in: symbols) }
            if hadOne {
                stripped[usr] = without
                built.insert(usr)
            }
        }
        return (stripped, built)
    }

    /// Whether `fragment` is an attribute naming a result builder rather than a global actor: a
    /// type the graphs declare `@resultBuilder`, or, declared elsewhere, one named `…Builder`
    /// (SwiftUI's `ViewBuilder`, Regex's `RegexComponentBuilder`).
    static func isResultBuilder(_ fragment: Fragment, in symbols: [String: Symbol]) -> Bool {
        guard fragment.kind == "attribute", let usr = fragment.preciseIdentifier else { return false }
        if let type = symbols[usr] {
            return (type.declarationFragments ?? []).contains {
                $0.kind == "attribute" && $0.spelling == "@resultBuilder"
            }
        }
        return fragment.spelling.hasSuffix("Builder")
    }
}
