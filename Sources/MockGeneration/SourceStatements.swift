import Foundation

/// The code of Swift source `source`, statement by statement: each line's text outside comments
/// (`//`, `/* */`, nested) and multi-line string literals (`"""`, `#"""`), split at `;` and
/// trimmed. An `import` or `#if` there is one (`import CoreText // for fonts`, `import A; import
/// B`); in a string (a code generator's template, a test's expected source) or a comment, it is
/// text.
func codeStatements(of source: String) -> [String] {
    var statements: [String] = []
    // Where the previous line left off: in a multi-line string closed by `"""` and this many `#`s,
    // or in this many nested block comments.
    var stringHashes: Int?
    var commentDepth = 0
    for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
        let code = scan(Array(line.utf8), stringHashes: &stringHashes, commentDepth: &commentDepth)
        for statement in String(decoding: code, as: UTF8.self).split(separator: ";") {
            let text = statement.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { statements.append(text) }
        }
    }
    return statements
}

/// Follows `line` from the state the line before left, to the state it leaves — whether a
/// multi-line string or a block comment is open at its end — and returns its code: what is
/// outside them. A single-line string is code, skipped whole, so that a `"""` or `/*` in it opens
/// nothing.
private func scan(_ line: [UInt8], stringHashes: inout Int?, commentDepth: inout Int) -> [UInt8] {
    let quote = UInt8(ascii: "\"")
    let hash = UInt8(ascii: "#")
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    let backslash = UInt8(ascii: "\\")
    func starts(_ bytes: [UInt8], at index: Int) -> Bool {
        index + bytes.count <= line.count && line[index..<index + bytes.count].elementsEqual(bytes)
    }
    func delimiter(hashes: Int) -> [UInt8] { [quote, quote, quote] + Array(repeating: hash, count: hashes) }
    var code: [UInt8] = []
    var index = 0
    while index < line.count {
        if let hashes = stringHashes {
            if starts(delimiter(hashes: hashes), at: index) {
                stringHashes = nil
                index += 3 + hashes
            } else {
                // An escape, in a string that is not raw: `\"""` closes nothing.
                index += hashes == 0 && line[index] == backslash ? 2 : 1
            }
        } else if commentDepth > 0 {
            if starts([slash, star], at: index) {
                commentDepth += 1
                index += 2
            } else if starts([star, slash], at: index) {
                commentDepth -= 1
                index += 2
                // `/* … */import CoreVideo`: what follows is not joined to what came before.
                if commentDepth == 0 { code.append(UInt8(ascii: " ")) }
            } else {
                index += 1
            }
        } else if starts([slash, slash], at: index) {
            break
        } else if starts([slash, star], at: index) {
            commentDepth = 1
            index += 2
        } else {
            // A string literal, raw (`#"…"#`) or not, begins with its `#`s and a quote.
            var hashes = 0
            while index + hashes < line.count && line[index + hashes] == hash { hashes += 1 }
            let opening = index + hashes
            guard opening < line.count && line[opening] == quote else {
                let next = index + max(hashes, 1)
                code += line[index..<next]
                index = next
                continue
            }
            if starts([quote, quote, quote], at: opening) {
                stringHashes = hashes
                index = opening + 3
                continue
            }
            // A single-line string: kept to its closing quote and `#`s (escapes apply only when it
            // is not raw), else to the line's end.
            let closing = [quote] + Array(repeating: hash, count: hashes)
            let start = index
            index = opening + 1
            while index < line.count && !starts(closing, at: index) {
                index += hashes == 0 && line[index] == backslash ? 2 : 1
            }
            index = min(index + closing.count, line.count)
            code += line[start..<index]
        }
    }
    return code
}
