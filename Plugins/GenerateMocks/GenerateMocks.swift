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
            throw PluginFailure(
                "usage: swift package --allow-writing-to-package-directory generate-mocks --target <Target> "
                    + "--output <file> [--protocol <Name>]... [--check]")
        }
        guard let target = try context.package.targets(named: [targetName]).first as? SwiftSourceModuleTarget else {
            throw PluginFailure("\(targetName) is not a Swift target of this package")
        }
        let options = PackageManager.SymbolGraphOptions(
            minimumAccessLevel: .internal, includeSynthesized: false, includeSPI: true)
        let graph = try packageManager.getSymbolGraph(for: target, options: options)
        // The graphs of the package's other targets it depends on: a protocol may refine one of theirs.
        let packageTargets = Set(context.package.targets.map(\.id))
        var dependencyGraphs: [String] = []
        for dependency in target.recursiveTargetDependencies where packageTargets.contains(dependency.id) {
            // Libraries only (not macros); one whose graph cannot be made leaves its protocols unread,
            // and a protocol refining one of them is skipped, saying so.
            guard let dependency = dependency as? SwiftSourceModuleTarget, dependency.kind == .generic,
                let dependencyGraph = try? packageManager.getSymbolGraph(for: dependency, options: options)
            else { continue }
            dependencyGraphs.append(dependencyGraph.directoryURL.path())
        }
        // A relative path is the package's; an absolute one is used as it is.
        let outputURL =
            output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appending(path: output)
        let command =
            "swift package --allow-writing-to-package-directory generate-mocks --target \(targetName) --output \(output)"
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
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("generate-mocks failed (exit \(process.terminationStatus)); see the message above")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
