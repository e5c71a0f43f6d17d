import Foundation
import MockGeneration

let corpusSources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/MockCorpus/Sources")

/// DIKit's own sources, which the corpus' `Corpus` uses (its `FeatureModule` refines `Assembly`).
let dikitSources = corpusSources.deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

/// Compiles the corpus' `modules`, in order (by default `Corpus`, which depends on `CorpusBase`,
/// `CorpusMail` and DIKitCore, compiled first from its sources), with the compiler's `flags`, and
/// returns their symbol graphs, as the plugin gives the tool its target's and those of the targets
/// it depends on.
func corpusSymbolGraphs(
    _ modules: [String] = ["DIKitCore", "CorpusBase", "CorpusMail", "Corpus"], flags: [String] = []
) throws
    -> [SymbolGraph]
{
    let sources = try modules.map { module in
        let folder = (module == "DIKitCore" ? dikitSources : corpusSources).appendingPathComponent(module)
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
        return (module, files)
    }
    return try symbolGraphs(compiling: sources, flags: ["-package-name", "DIKit", "-swift-version", "6"] + flags)
}

/// The symbol graphs of the modules made of `sources`' files, compiled in order with `flags`, then
/// read from the built modules by `swift-symbolgraph-extract`, as SwiftPM's `getSymbolGraph` reads
/// them for the plugin — but those of `unread`, as the plugin reads no graph of a package it does
/// not need. (The compiler's own `-emit-symbol-graph` writes declarations otherwise: `Item.ID`
/// where the extractor writes `Self.Item.ID`.)
func symbolGraphs(
    compiling sources: [(module: String, files: [String])], flags: [String] = [], unread: Set<String> = []
) throws -> [SymbolGraph] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dikit-mockgen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (module, files) in sources {
        try run(
            "swiftc",
            // With testing enabled, as SwiftPM builds for the plugin: internal declarations keep
            // their source locations.
            ["-emit-module", "-enable-testing", "-module-name", module] + files + [
                "-I", directory.path, "-o", directory.appendingPathComponent("\(module).swiftmodule").path,
            ] + flags)
        if unread.contains(module) { continue }
        try run(
            "swift-symbolgraph-extract",
            [
                "-module-name", module, "-I", directory.path, "-target", try targetTriple(), "-output-dir",
                directory.path, "-minimum-access-level", "internal", "-skip-synthesized-members",
                "-include-spi-symbols", "-omit-extension-block-symbols",
            ] + sdk())
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".symbols.json") }.sorted()
    return try files.map { file in
        try JSONDecoder().decode(
            SymbolGraph.self, from: Data(contentsOf: directory.appendingPathComponent(file)))
    }
}

/// The public symbol graphs of the toolchain's `modules` (Foundation's, say), without the
/// extensions they declare on other modules' types.
func toolchainSymbolGraphs(of modules: [String]) throws -> [SymbolGraph] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dikit-toolchain-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for module in modules {
        try run(
            "swift-symbolgraph-extract",
            [
                "-module-name", module, "-target", try targetTriple(), "-output-dir", directory.path,
                "-minimum-access-level", "public", "-skip-synthesized-members", "-omit-extension-block-symbols",
            ] + sdk())
    }
    return try modules.map { module in
        try JSONDecoder().decode(
            SymbolGraph.self, from: Data(contentsOf: directory.appendingPathComponent("\(module).symbols.json")))
    }
}

/// Runs the toolchain's `tool` with `arguments`; throws when it fails.
private func run(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    #if os(macOS)
        process.arguments = ["xcrun", tool] + arguments
    #else
        process.arguments = [tool] + arguments
    #endif
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CompileFailed() }
}

/// The compiler's target triple, which the extractor needs.
private func targetTriple() throws -> String {
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    #if os(macOS)
        process.arguments = ["xcrun", "swiftc", "-print-target-info"]
    #else
        process.arguments = ["swiftc", "-print-target-info"]
    #endif
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct Info: Decodable {
        struct Target: Decodable { let triple: String }
        let target: Target
    }
    return try JSONDecoder().decode(Info.self, from: data).target.triple
}

/// The SDK the extractor reads the system's modules from, on Apple platforms.
private func sdk() -> [String] {
    #if os(macOS)
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["--show-sdk-path"]
        process.standardOutput = output
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? [] : ["-sdk", path]
    #else
        return []
    #endif
}

/// The mocks of a module `Scratch` made of one file, `source`, compiled after each of `modules`
/// (a module's name and its one file's text), which stay where the symbol graphs say they are
/// while the mocks are generated; the graphs of `unread` are not read.
func generate(
    source: String, after modules: [(name: String, source: String)] = [], unread: Set<String> = []
) throws -> MockGenerator.Output {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dikit-scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let sources = try (modules + [("Scratch", source)]).map { module, text in
        let file = directory.appendingPathComponent("\(module).swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (module, [file.path])
    }
    return try MockGenerator(
        graphs: try symbolGraphs(compiling: sources, unread: unread),
        options: .init(moduleName: "Scratch", command: "generate-mocks --target Scratch")
    ).generate()
}

struct CompileFailed: Error {}

/// The corpus' symbol graphs, compiled once for every suite that reads them.
let corpusGraphs = Result { try corpusSymbolGraphs() }

/// The mocks of the corpus (of `protocols`, or of every protocol).
func generate(_ protocols: [String] = []) throws -> MockGenerator.Output {
    try MockGenerator(
        graphs: try corpusGraphs.get(),
        options: .init(moduleName: "Corpus", protocols: protocols, command: "generate-mocks --target Corpus")
    ).generate()
}

/// The mocks of the corpus' `Analytics` module, which declares a protocol of its own name.
func generateAnalytics() throws -> MockGenerator.Output {
    try MockGenerator(
        graphs: try corpusSymbolGraphs(["Analytics"]),
        options: .init(moduleName: "Analytics", command: "generate-mocks --target Analytics")
    ).generate()
}

/// The mocks of the corpus' `Approachable` module, compiled as a new Xcode 26 app target is:
/// main-actor by default, with approachable concurrency.
func generateApproachable() throws -> MockGenerator.Output {
    let flags = [
        "-swift-version", "6", "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
        "-enable-upcoming-feature", "InferIsolatedConformances",
    ]
    return try MockGenerator(
        graphs: try corpusSymbolGraphs(["Approachable"], flags: flags),
        options: .init(moduleName: "Approachable", command: "generate-mocks --target Approachable")
    ).generate()
}

/// The mocks of the corpus' `Nonsending` module, whose async functions run in their caller's
/// isolation by default.
func generateNonsending() throws -> MockGenerator.Output {
    try MockGenerator(
        graphs: try corpusSymbolGraphs(
            ["Nonsending"],
            flags: ["-swift-version", "6", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]),
        options: .init(moduleName: "Nonsending", command: "generate-mocks --target Nonsending")
    ).generate()
}
