import Foundation

/// What a function or an accessor is declared to do besides return: `async`, and what it throws.
struct Effects {
    var isAsync = false
    /// `throws` or `throws(E)`; not `rethrows`, whose mock answers without throwing (it throws
    /// only what its closures throw), nor `throws(Never)`.
    var throwsError = false
    /// `E` of `throws(E)`, unless it is `any Error`, which is plain `throws`.
    var thrownType: String?

    /// Reads the effects written in `clause`: `async throws(LoadError)`, say.
    init(_ clause: Substring) {
        var rest = clause
        while let word = rest.firstRange(of: /[A-Za-z]+/) {
            let name = rest[word]
            rest = rest[word.upperBound...]
            if name == "async" { isAsync = true }
            guard name == "throws" else { continue }
            throwsError = true
            guard rest.first == "(", let close = matchingClose(of: rest) else { continue }
            let type = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
            switch type {
            case "Never", "Swift.Never": throwsError = false
            case "any Error", "any Swift.Error", "Error", "Swift.Error": break
            default: thrownType = type
            }
        }
    }

    /// The effects of a method or initializer declared as `text`: those written between its
    /// parameter clause and its `->` (or its end). `name` is what precedes its generic and
    /// parameter clauses: `func load`, `init`.
    init(ofFunction text: String, named name: String) {
        self.init(effectsClause(ofFunction: text, named: name).map { text[$0] } ?? "")
    }
}

/// Where the effects of a method or initializer declared as `text` are written: between its
/// parameter clause and its `->` (or its end). `nil` when its parameter clause is not found.
func effectsClause(ofFunction text: String, named name: String) -> Range<String.Index>? {
    guard let parameters = parameterClause(ofFunction: text, named: name) else { return nil }
    let rest = text[text.index(after: parameters.upperBound)...]
    let end = rest.range(of: "->")?.lowerBound ?? rest.range(of: " where ")?.lowerBound ?? rest.endIndex
    return rest.startIndex..<end
}

/// Where the parameter clause of a method, initializer or subscript declared as `text` is written,
/// its parentheses included. `name` is what precedes its generic and parameter clauses: `func load`,
/// `init`, `subscript`.
func parameterClause(ofFunction text: String, named name: String) -> ClosedRange<String.Index>? {
    guard let named = text.range(of: name) else { return nil }
    var rest = text[named.upperBound...].drop { $0 == " " || $0 == "?" || $0 == "!" }
    if rest.first == "<", let close = matchingClose(of: rest) { rest = rest[rest.index(after: close)...] }
    rest = rest.drop { $0 == " " }
    guard rest.first == "(", let close = matchingClose(of: rest) else { return nil }
    return rest.startIndex...close
}
