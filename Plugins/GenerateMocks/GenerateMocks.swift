import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-mocks --target <Target> --output <file>
/// [--protocol <Name>]... [--check]`: writes a DIKit mock of each protocol of a target, from the
/// compiler's symbol graph of it.
@main
struct GenerateMocks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let protocols = extractor.extractOption(named: "protocol")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure("unknown arguments: \(extractor.remainingArguments.joined(separator: " "))")
        }
        guard targetNames.count == 1, let targetName = targetNames.first, let output = outputs.last else {
            let missing =
                targetNames.count > 1
                ? "one --target, not \(targetNames.count)"
                : targetNames.first.map { "--output <file>, the file to write (as Tests/\($0)Tests/Mocks.swift)" }
                    ?? "--target <Target>, the target that declares the protocols"
            throw PluginFailure(
                "generate-mocks needs \(missing). Usage: swift package --allow-writing-to-package-directory "
                    + "generate-mocks --target <Target> --output <file> [--protocol <Name>]... [--check]")
        }
        guard let target = try context.package.targets(named: [targetName]).first as? SwiftSourceModuleTarget else {
            throw PluginFailure("\(targetName) is not a Swift target of this package")
        }
        let options = PackageManager.SymbolGraphOptions(
            minimumAccessLevel: .internal, includeSynthesized: false, includeSPI: true)
        let graph: PackageManager.SymbolGraphResult
        do {
            graph = try packageManager.getSymbolGraph(for: target, options: options)
        } catch {
            // SwiftPM's own error says only `unspecified("fatalError")`; the compiler's are above.
            throw PluginFailure(
                "\(targetName) did not build, so it has no symbol graph to read its protocols from: "
                    + "fix the errors above, then run generate-mocks again")
        }
        // The graphs of the targets it depends on, whose protocols one of its own may refine: each of
        // this package's, and those of other packages whose protocols its protocols refine (read from
        // the graphs, until none is missing). Libraries only (not macros); one whose graph cannot be
        // made leaves its protocols unread, and a protocol refining one of them is skipped, saying so.
        let packageTargets = Set(context.package.targets.map(\.id))
        let libraries = target.recursiveTargetDependencies.compactMap { $0 as? SwiftSourceModuleTarget }
            .filter { $0.kind == .generic }
        var dependencyGraphs: [String] = []
        var read: Set<String> = [target.moduleName]
        var wanted = refinedModules(in: graph.directoryURL)
        for library in libraries where packageTargets.contains(library.id) { wanted.insert(library.moduleName) }
        while let module = wanted.subtracting(read).sorted().first {
            read.insert(module)
            guard let library = libraries.first(where: { $0.moduleName == module }),
                let dependencyGraph = try? packageManager.getSymbolGraph(for: library, options: options)
            else { continue }
            dependencyGraphs.append(dependencyGraph.directoryURL.path())
            wanted.formUnion(refinedModules(in: dependencyGraph.directoryURL))
        }
        // A relative path is the package's; an absolute one is used as it is. A folder outside the
        // package must be given to SwiftPM as well: on macOS it runs plugins in a sandbox that writes
        // only to the package, temporary folders and the folders given. The command that regenerates
        // the file names that folder as `--output` names it, so that a relative one reads the same on
        // every machine (run in the package's folder, where SwiftPM resolves both alike).
        let outputURL =
            output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appending(path: output)
        let isInPackage = folderPath(outputURL.deletingLastPathComponent())
            .hasPrefix(folderPath(context.package.directoryURL))
        let outputFolder = output.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        let command =
            "swift package --allow-writing-to-package-directory"
            + (isInPackage ? "" : " --allow-writing-to-directory \(outputFolder.isEmpty ? "/" : outputFolder)")
            + " generate-mocks --target \(targetName) --output \(output)"
            + protocols.map { " --protocol \($0)" }.joined()
        var toolArguments = [
            "--symbol-graph-dir", graph.directoryURL.path(), "--module", target.moduleName, "--output",
            outputURL.path(), "--command", command,
        ]
        for directory in dependencyGraphs { toolArguments += ["--dependency-graph-dir", directory] }
        for name in protocols { toolArguments += ["--protocol", name] }
        if check { toolArguments.append("--check") }
        let process = Process()
        process.executableURL = try context.tool(named: "dikit-generate-mocks").url
        process.arguments = toolArguments
        // The tool's error becomes this command's own: SwiftPM prints what a plugin writes apart
        // from the error it throws (on another stream: in a log, maybe after it). One pipe for both
        // streams keeps the skipped protocols' warnings before the line that counts what was written.
        let messagePipe = Pipe()
        process.standardOutput = messagePipe
        process.standardError = messagePipe
        try process.run()
        let messages = String(decoding: messagePipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            var message = messages.trimmingCharacters(in: .whitespacesAndNewlines)
            if !isInPackage && message.hasPrefix("error: cannot write") {
                message += """

                      On macOS, SwiftPM lets a plugin write outside its package only to the folders it is given \
                    with --allow-writing-to-directory: \(command)
                    """
            }
            throw PluginFailure(
                message.isEmpty
                    ? "generate-mocks failed (exit \(process.terminationStatus))"
                    : message.hasPrefix("error: ") ? String(message.dropFirst("error: ".count)) : message)
        }
        print(messages, terminator: "")
    }
}

/// The path of the folder `url` names, ending with `/`, so that a prefix of it is a folder
/// containing it (`/App/` does not contain `/AppTests/`).
func folderPath(_ url: URL) -> String {
    let path = url.standardizedFileURL.path()
    return path.hasSuffix("/") ? path : path + "/"
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The modules of the protocols of other modules that the protocols of the symbol graphs in
/// `directory` refine: read from each `conformsTo` relationship whose source is a protocol, the
/// name the graph gives its target (`DIKitCore.Assembly`). Empty when the graphs cannot be read.
func refinedModules(in directory: URL) -> Set<String> {
    let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
    var modules = Set<String>()
    for file in files where file.lastPathComponent.hasSuffix(".symbols.json") {
        guard let data = try? Data(contentsOf: file),
            let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { continue }
        let symbols = graph["symbols"] as? [[String: Any]] ?? []
        let protocols = Set(
            symbols.compactMap { symbol -> String? in
                guard (symbol["kind"] as? [String: Any])?["identifier"] as? String == "swift.protocol" else {
                    return nil
                }
                return (symbol["identifier"] as? [String: Any])?["precise"] as? String
            })
        for relationship in graph["relationships"] as? [[String: Any]] ?? [] {
            guard relationship["kind"] as? String == "conformsTo", let source = relationship["source"] as? String,
                protocols.contains(source), let target = relationship["targetFallback"] as? String,
                let module = target.split(separator: ".").first
            else { continue }
            modules.insert(String(module))
        }
    }
    return modules
}
