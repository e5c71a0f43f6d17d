// Questions about a type or a name as a declaration writes it.

import Foundation

/// Whether `a` and `b`, as written, are the same type, `()` being `Void`.
func sameType(_ a: String, _ b: String) -> Bool {
    func normalized(_ type: String) -> String {
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        return trimmed == "()" || trimmed == "Swift.Void" ? "Void" : trimmed
    }
    return normalized(a) == normalized(b)
}

/// Whether `type`, as written, is an optional: `String?`, `Optional<String>`, `(() -> Void)?` — not
/// a function type returning one, `() -> String?`.
func isOptional(_ type: String) -> Bool {
    (type.hasSuffix("?") || type.hasPrefix("Optional<")) && !isFunctionType(type)
}

/// Whether `type` is a function type: a parameter clause followed by an arrow or effects, after
/// any attributes (`@Sendable`).
func isFunctionType(_ type: String) -> Bool {
    let rest = leadingAttributes(of: type).rest
    guard rest.hasPrefix("("), let close = matchingClose(of: rest) else { return false }
    let after = rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)
    return after.hasPrefix("->") || after.hasPrefix("async") || after.hasPrefix("throws")
}

/// Whether `type` names one of `names` as a whole word.
func mentions(_ type: String, anyOf names: Set<String>) -> Bool {
    guard !names.isEmpty else { return false }
    var word = ""
    for character in type + " " {
        if character.isLetter || character.isNumber || character == "_" {
            word.append(character)
        } else {
            if names.contains(word) { return true }
            word = ""
        }
    }
    return false
}

/// `name` as an argument label, or a tuple element's label: in backticks for the keywords that
/// cannot be one bare — `let`, `var` and `inout`, or in a tuple expression (`inExpression`) only
/// `inout`.
func escapedLabel(_ name: String, inExpression: Bool = false) -> String {
    let name = name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    return (inExpression ? ["inout"] : ["let", "var", "inout"]).contains(name) ? "`\(name)`" : name
}

/// `name`, in backticks when it is a keyword.
func escaped(_ name: String) -> String {
    let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch",
        "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "Any",
    ]
    return keywords.contains(name) ? "`\(name)`" : name
}

/// The index of the bracket that closes the one `text` starts with — `(`, `<` or `[` — counting
/// nested brackets of the same kind (a `->` inside is no bracket); `nil` if it is not closed.
func matchingClose(of text: Substring) -> Substring.Index? {
    guard let open = text.first, let close = ["(": ")", "<": ">", "[": "]"][open] as Character? else { return nil }
    var depth = 0
    var previous: Character = " "
    for index in text.indices {
        let character = text[index]
        if character == open {
            depth += 1
        } else if character == close && !(close == ">" && previous == "-") {
            depth -= 1
            if depth == 0 { return index }
        }
        previous = character
    }
    return nil
}

/// The comma-separated items of `text` that are not inside brackets: the requirements of a
/// `where` clause, the parameter types of a function type (whose own arrows close nothing).
func topLevelItems(_ text: Substring) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    for character in text {
        if "([<".contains(character) { depth += 1 }
        if ")]".contains(character) || (character == ">" && current.last != "-") { depth -= 1 }
        if character == "," && depth == 0 {
            items.append(current.trimmingCharacters(in: .whitespaces))
            current = ""
        } else {
            current.append(character)
        }
    }
    items.append(current.trimmingCharacters(in: .whitespaces))
    return items.filter { !$0.isEmpty }
}

/// The attributes `text` begins with (`@Sendable`, `@MainActor`, `@isolated(any)`), and what
/// follows them: of a declaration, or of a function type.
func leadingAttributes(of text: String) -> (attributes: [Substring], rest: Substring) {
    var rest = Substring(text)
    var attributes: [Substring] = []
    while let attribute = rest.prefixMatch(of: /@\w+(?:\([^)]*\))?/) {
        attributes.append(attribute.output)
        rest = rest[attribute.range.upperBound...].drop { $0 == " " }
    }
    return (attributes, rest)
}
