import Foundation

/// The import declarations of Swift source files, with the `#if` blocks around them.
///
/// A protocol's own file imports every module whose types its requirements name: importing the
/// same modules lets a mock name them too, including C and Objective-C types (`pid_t`, `UIImage`),
/// whose symbol-graph identities do not say which module they come from.
struct SourceImports {
    /// `import M` declarations outside any `#if`, by module.
    private(set) var unconditional: [String: String] = [:]
    /// Every module some `#if` block imports.
    private(set) var conditionalModules: Set<String> = []
    /// The `#if` blocks of the files, with only their imports left, as read.
    private var read: [Item] = []

    /// One `#if` block: its branches (`#if`, `#elseif`, `#else`), in order.
    private struct Block: Equatable {
        var branches: [Branch]

        /// Adds `item` to the branch being read, the last.
        mutating func append(_ item: Item) { branches[branches.count - 1].items.append(item) }
    }

    private struct Branch: Equatable {
        /// The line that opens it: `#if os(Linux)`, `#elseif …`, `#else`.
        var directive: String
        var items: [Item] = []
    }

    private indirect enum Item: Equatable {
        case declaration(String)
        case block(Block)

        /// The line opening a block of one branch (`#if X`, no `#else`), which a block opened by
        /// the same line can join.
        private var soleDirective: String? {
            guard case .block(let block) = self, block.branches.count == 1 else { return nil }
            return block.branches[0].directive
        }

        func canJoin(_ other: Item) -> Bool { soleDirective != nil && soleDirective == other.soleDirective }

        /// Adds the imports of `other`, a block this one ``canJoin(_:)``, to this one's.
        mutating func join(_ other: Item) {
            guard case .block(var block) = self, case .block(let joining) = other else { return }
            block.branches[0].items += joining.branches[0].items
            self = .block(block)
        }
    }

    /// Adds the imports of a file, `source`, leaving out those of `excluded` modules.
    mutating func add(_ source: String, excluding excluded: Set<String>) {
        // The blocks being read, innermost last.
        var open: [Block] = []
        for text in codeStatements(of: source) {
            if text.hasPrefix("#if ") || text.hasPrefix("#if(") {
                open.append(Block(branches: [Branch(directive: text)]))
            } else if text.hasPrefix("#elseif") || text.hasPrefix("#else"), !open.isEmpty {
                open[open.count - 1].branches.append(Branch(directive: text))
            } else if text.hasPrefix("#endif"), let block = open.popLast() {
                if open.isEmpty {
                    read.append(.block(block))
                } else {
                    open[open.count - 1].append(.block(block))
                }
            } else if let (module, declaration) = Self.importDeclaration(text), !excluded.contains(module) {
                if open.isEmpty {
                    if unconditional[module] == nil || declaration.hasPrefix("@") {
                        unconditional[module] = declaration
                    }
                } else {
                    open[open.count - 1].append(.declaration(declaration))
                    conditionalModules.insert(module)
                }
            }
        }
    }

    /// The `#if` blocks that import something, as lines, indented as swift-format does. Blocks
    /// opened by the same condition (and no `#else`) are one; an import is written once where it
    /// already applies — outside any block, or earlier in the same branch — and empty branches
    /// at a block's end are left out.
    var blocks: [[String]] {
        Self.tidied(read, importedAlready: Set(unconditional.values)).compactMap {
            if case .block(let block) = $0 { Self.lines(of: block, depth: 0) } else { nil }
        }
    }

    /// `items` with blocks of one branch opened by the same condition merged, repeated imports and
    /// blocks left out, and blocks that import nothing dropped.
    private static func tidied(_ items: [Item], importedAlready: Set<String>) -> [Item] {
        var merged: [Item] = []
        for item in items where !merged.contains(item) {
            if let index = merged.firstIndex(where: { $0.canJoin(item) }) {
                merged[index].join(item)
            } else {
                merged.append(item)
            }
        }
        var imported = importedAlready
        var kept: [Item] = []
        for item in merged {
            switch item {
            case .declaration(let declaration):
                if imported.insert(declaration).inserted { kept.append(item) }
            case .block(let block):
                var branches = block.branches.map {
                    Branch(directive: $0.directive, items: tidied($0.items, importedAlready: imported))
                }
                // An empty last branch imports nothing when taken; an empty `#if` alone, nothing at all.
                while branches.last?.items.isEmpty == true { branches.removeLast() }
                if !branches.isEmpty { kept.append(.block(Block(branches: branches))) }
            }
        }
        return kept
    }

    /// The lines of `block`, a branch's items one level in from its directive.
    private static func lines(of block: Block, depth: Int) -> [String] {
        let indent = String(repeating: "    ", count: depth)
        var lines: [String] = []
        for branch in block.branches {
            lines.append(indent + branch.directive)
            for item in branch.items {
                switch item {
                case .declaration(let declaration): lines.append(indent + "    " + declaration)
                case .block(let inner): lines += Self.lines(of: inner, depth: depth + 1)
                }
            }
        }
        return lines + [indent + "#endif"]
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
