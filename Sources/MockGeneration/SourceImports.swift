import Foundation

/// The import declarations of Swift source files, with the `#if` blocks around them.
///
/// A protocol's own file imports every module whose types its requirements name: importing the
/// same modules lets a mock name them too, including C and Objective-C types (`pid_t`, `UIImage`),
/// whose symbol-graph identities do not say which module they come from.
struct SourceImports {
    /// `import M` declarations outside any `#if`, by module.
    private(set) var unconditional: [String: String] = [:]
    /// Each `#if` block that imports something, as lines with only its imports left, once.
    private(set) var blocks: [[String]] = []
    /// Every module some block imports.
    private(set) var conditionalModules: Set<String> = []

    /// Adds the imports of a file, `source`, leaving out those of `excluded` modules.
    mutating func add(_ source: String, excluding excluded: Set<String>) {
        var block: [String] = []
        var depth = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#if ") || text.hasPrefix("#if(") {
                depth += 1
                block.append(text)
            } else if text.hasPrefix("#elseif") || text.hasPrefix("#else"), depth > 0 {
                block.append(text)
            } else if text.hasPrefix("#endif"), depth > 0 {
                depth -= 1
                block.append("#endif")
                if depth == 0 {
                    addBlock(block)
                    block = []
                }
            } else if let (module, declaration) = Self.importDeclaration(text), !excluded.contains(module) {
                if depth == 0 {
                    if unconditional[module] == nil || declaration.hasPrefix("@") {
                        unconditional[module] = declaration
                    }
                } else {
                    block.append(declaration)
                    conditionalModules.insert(module)
                }
            }
        }
    }

    /// Keeps `block` with its empty branches taken out, unless it imports nothing or is kept already.
    private mutating func addBlock(_ block: [String]) {
        var lines = block
        var changed = true
        while changed {
            changed = false
            for index in lines.indices.dropLast() where lines[index + 1] == "#endif" {
                let line = lines[index]
                if line.hasPrefix("#if") {
                    // An empty `#if … #endif`.
                    lines.removeSubrange(index...index + 1)
                } else if line.hasPrefix("#else") {
                    // An empty last branch (`#else`, `#elseif …`) imports nothing when taken.
                    lines.remove(at: index)
                } else {
                    continue
                }
                changed = true
                break
            }
        }
        guard !lines.isEmpty else { return }
        let indented = Self.indented(lines)
        if !blocks.contains(indented) { blocks.append(indented) }
    }

    /// The lines of a block indented as swift-format does: a branch's imports one level in.
    private static func indented(_ lines: [String]) -> [String] {
        var depth = 0
        return lines.map { line in
            if line.hasPrefix("#if") {
                defer { depth += 1 }
                return String(repeating: "    ", count: depth) + line
            }
            if line.hasPrefix("#endif") { depth -= 1 }
            let level = line.hasPrefix("#else") ? depth - 1 : depth
            return String(repeating: "    ", count: level) + line
        }
    }

    /// The module an import declaration imports, and the declaration as a mock file writes it:
    /// `@preconcurrency` and `@_spi(…)` kept, an access level, `@testable`, `@_exported` and
    /// `@_implementationOnly` dropped; a declaration's import (`import struct M.Name`) imports
    /// its module. `nil` for any other line.
    static func importDeclaration(_ line: String) -> (module: String, declaration: String)? {
        var rest = Substring(line)
        var kept: [String] = []
        while rest.hasPrefix("@") {
            var end = rest.firstIndex { $0 == " " || $0 == "(" } ?? rest.endIndex
            if end < rest.endIndex, rest[end] == "(" {
                guard let close = rest[end...].firstIndex(of: ")") else { return nil }
                end = rest.index(after: close)
            }
            let attribute = rest[..<end]
            if attribute == "@preconcurrency" || attribute.hasPrefix("@_spi(") { kept.append(String(attribute)) }
            rest = rest[end...].drop { $0 == " " }
        }
        var words = rest.split(separator: " ", omittingEmptySubsequences: true)
        if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<Substring> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        let isDeclarationImport = kinds.contains(words[1])
        guard let path = words.dropFirst(isDeclarationImport ? 2 : 1).first else { return nil }
        let components = path.split(separator: ".")
        guard let module = components.first,
            components.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        let imported = isDeclarationImport ? module : path
        return (String(module), (kept + ["import \(imported)"]).joined(separator: " "))
    }
}
