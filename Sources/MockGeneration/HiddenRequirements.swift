import Foundation

// The symbol-graph extractor leaves out an internal declaration any of whose names — its own, an
// argument label, a parameter name — begins with an underscore (`var _parsedValue`,
// `init(_storage:)`), taking it for an implementation detail. A mock of an internal protocol
// declaring one would lack that requirement and not compile, unless an extension of the protocol
// implements it: such a protocol is found by its source, and skipped.

extension Symbol {
    /// For an internal protocol, the first underscored name its requirements declare
    /// (`_parsedValue`) that no extension of it in the same file declares too (a default
    /// implementation); `nil` when there is none, when the protocol is not internal, or when its
    /// source cannot be read.
    var hiddenRequirementName: String? {
        guard accessLevel == "internal", let name = pathComponents.last, let (source, declaration) = declaringSource,
            let body = bodyText(of: declaration)
        else { return nil }
        let declared = underscoredNames(declaredIn: body)
        guard !declared.isEmpty else { return nil }
        var implemented = Set<String>()
        var rest = Substring(source)
        while let range = rest.range(of: "extension \(name)") {
            rest = rest[range.upperBound...]
            guard let next = rest.first, next == " " || next == "{" || next == "\n", let body = bodyText(of: rest)
            else {
                continue
            }
            implemented.formUnion(underscoredNames(declaredIn: body))
        }
        return declared.first { !implemented.contains($0) }
    }
}

/// The underscored names (`_parsedValue`) that the declarations in `body` declare: as their own
/// names, or in their parameter lists; not those of calls (`self.init(_parsedValue: …)`).
private func underscoredNames(declaredIn body: String) -> [String] {
    var names: [String] = []
    func add(_ name: Substring) { if !names.contains(String(name)) { names.append(String(name)) } }
    for match in body.matches(
        of: /\b(?:var|let|func|case|associatedtype)\s+(_[A-Za-z0-9]\w*)/.wordBoundaryKind(.simple))
    {
        add(match.1)
    }
    // The parameter list of a declaration, or, after a dot, of a call (left out).
    let parameterLists = /(\.)?\b(?:init[?!]?|subscript|func\s+\w+\s*(?:<[^>]*>)?)\s*\(([^)]*)\)/
    for match in body.matches(of: parameterLists.wordBoundaryKind(.simple)) where match.1 == nil {
        for name in match.2.matches(of: /(?:^|[^\w.])(_[A-Za-z0-9]\w*)/) { add(name.1) }
    }
    return names
}

/// The text between the first `{` of `text` and its matching `}`, without comments and string
/// literals (an attribute's message); `nil` when it has none.
private func bodyText(of text: Substring) -> String? {
    var body = ""
    var depth = 0
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        let rest = text[index...]
        if rest.hasPrefix("//") {
            index = rest.firstIndex(of: "\n") ?? text.endIndex
            continue
        }
        if rest.hasPrefix("/*") {
            index = rest.range(of: "*/")?.upperBound ?? text.endIndex
            continue
        }
        if character == "\"" {
            index = text.index(after: index)
            while index < text.endIndex && text[index] != "\"" {
                index =
                    text.index(index, offsetBy: text[index] == "\\" ? 2 : 1, limitedBy: text.endIndex) ?? text.endIndex
            }
            if index < text.endIndex { index = text.index(after: index) }
            body += "\"\""
            continue
        }
        if character == "}" {
            depth -= 1
            if depth == 0 { return body }
        }
        if depth > 0 { body.append(character) }
        if character == "{" { depth += 1 }
        index = text.index(after: index)
    }
    return nil
}
