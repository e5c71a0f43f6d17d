import Foundation

// Which modules a mock file imports: those its mocked declarations' types come from.

extension MockGenerator {
    /// The import declarations of the file, after `import DITesting` and before the mocked
    /// module's: those of the files that declare the mocked protocols and requirements, and the
    /// modules their types come from, read from the types' USRs (`s:20FoundationEssentials4DataV`);
    /// and Foundation, if `importingFoundation`, wherever those files import it.
    func importLines(of protocols: [Symbol], requirements: [Symbol], importingFoundation: Bool) -> [String] {
        var imports = SourceImports()
        let files = Set((protocols + requirements).compactMap { $0.location.flatMap { URL(string: $0.uri) } })
        for file in files.sorted(by: { $0.path < $1.path }) {
            guard let source = try? String(contentsOf: file, encoding: .utf8) else { continue }
            imports.add(source, excluding: [options.moduleName, "DITesting"])
        }
        var unconditional = imports.unconditional
        var blocks = imports.blocks
        for module in modules(of: requirements) where !imports.conditionalModules.contains(module) {
            if isSplitFoundationModule(module) {
                // Linux's own parts of Foundation: imported where they exist, so the file builds everywhere.
                let block = ["#if canImport(\(module))", "    import \(module)", "#endif"]
                if !blocks.contains(block) { blocks.append(block) }
            } else if unconditional[module] == nil {
                unconditional[module] = "import \(module)"
            }
        }
        if importingFoundation && unconditional["Foundation"] == nil {
            unconditional["Foundation"] = "import Foundation"
        }
        return unconditional.sorted { $0.key < $1.key }.map(\.value) + blocks.flatMap { $0 }
    }

    /// The modules the mocked declarations' types come from, besides the standard library and the
    /// mocked module: read from the types' USRs (`s:20FoundationEssentials4DataV`).
    private func modules(of requirements: [Symbol]) -> Set<String> {
        var modules = Set<String>()
        for symbol in requirements {
            for fragment in symbol.declarationFragments ?? [] {
                guard let usr = fragment.preciseIdentifier else { continue }
                let module = moduleName(ofUSR: usr)
                if let module { modules.insert(module) }
                // Named by their own module on Linux, by Foundation's (or an Objective-C USR) on
                // Apple platforms: known by name there, so that both write the same file.
                if module == "Foundation" || usr.hasPrefix("c:"),
                    let split = Self.splitFoundationModules.first(where: { $0.types.contains(fragment.spelling) })
                {
                    modules.insert(split.module)
                }
            }
        }
        if modules.contains(where: isSplitFoundationModule) { modules.insert("Foundation") }
        return modules
    }

    /// Foundation's parts that Linux keeps in modules of their own, which `import Foundation` does
    /// not bring in there, with their public types; on Apple platforms the types are Foundation's.
    static let splitFoundationModules: [(module: String, types: Set<String>)] = [
        (
            "FoundationNetworking",
            [
                "CachedURLResponse", "HTTPCookie", "HTTPCookiePropertyKey", "HTTPCookieStorage", "HTTPURLResponse",
                "NSMutableURLRequest", "NSURLRequest", "URLAuthenticationChallenge", "URLAuthenticationChallengeSender",
                "URLCache", "URLCredential", "URLCredentialStorage", "URLProtectionSpace", "URLProtocol",
                "URLProtocolClient", "URLRequest", "URLResponse", "URLSession", "URLSessionConfiguration",
                "URLSessionDataDelegate", "URLSessionDataTask", "URLSessionDelegate", "URLSessionDownloadDelegate",
                "URLSessionDownloadTask", "URLSessionStreamDelegate", "URLSessionStreamTask", "URLSessionTask",
                "URLSessionTaskDelegate", "URLSessionTaskMetrics", "URLSessionTaskTransactionMetrics",
                "URLSessionUploadTask", "URLSessionWebSocketDelegate", "URLSessionWebSocketTask",
            ]
        ),
        (
            "FoundationXML",
            ["XMLDTD", "XMLDTDNode", "XMLDocument", "XMLElement", "XMLNode", "XMLParser", "XMLParserDelegate"]
        ),
    ]

    func isSplitFoundationModule(_ module: String) -> Bool {
        Self.splitFoundationModules.contains { $0.module == module }
    }

    /// The module to import for a type of `usr`: Foundation for its parts that Foundation brings
    /// in; `nil` for the standard library's, the mocked module's, and an Objective-C type's.
    func moduleName(ofUSR usr: String) -> String? { moduleOfUSR(usr).flatMap(importedModule) }

    /// The module to import for a type of module `name`: see ``moduleName(ofUSR:)``.
    func importedModule(_ name: String) -> String? {
        if isSplitFoundationModule(name) { return name }
        if isPartOfFoundation(name) { return "Foundation" }
        if name.hasPrefix("_") || name == "Swift" || name == options.moduleName { return nil }
        return name
    }
}

/// Whether `module` is Foundation or one of the modules it is made of or brings in
/// (FoundationEssentials, FoundationNetworking, CoreFoundation).
func isPartOfFoundation(_ module: String) -> Bool {
    module.hasPrefix("Foundation") || module == "CoreFoundation"
}

/// Whether `usr` is a standard-library type's, which names no module: Swift writes those by
/// abbreviation (`s:SS` for `String`, `s:ScT` for `Task`, `s:s6ResultO` for `Result`), but for
/// the imported Objective-C and C types (`s:So…`, `s:SC…`).
func isStandardLibraryUSR(_ usr: String) -> Bool {
    guard usr.hasPrefix("s:"), let first = usr.dropFirst(2).first else { return false }
    return first == "s" || (first == "S" && !usr.hasPrefix("s:So") && !usr.hasPrefix("s:SC"))
}

/// The module a Swift USR names (`Tracing` for `s:7Tracing4SpanP`); `nil` for any other USR.
func moduleOfUSR(_ usr: String) -> String? {
    guard usr.hasPrefix("s:") else { return nil }
    let rest = usr.dropFirst(2)
    let digits = rest.prefix { $0.isNumber }
    guard let length = Int(digits), length > 0 else { return nil }
    let name = rest.dropFirst(digits.count).prefix(length)
    return name.count == length ? String(name) : nil
}
