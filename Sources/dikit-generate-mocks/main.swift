// The tool behind the `generate-mocks` command plugin: reads a module's symbol graph and writes
// (or, with --check, compares) its mocks.
//
//   dikit-generate-mocks --symbol-graph-dir DIR --module NAME --output FILE [--protocol P]... [--check]
//                        [--command "how to regenerate"] [--dependency-graph-dir DIR]...

import Foundation
import MockGeneration

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

func mocks(_ count: Int) -> String { count == 1 ? "1 mock" : "\(count) mocks" }

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> [String] {
    var values: [String] = []
    while let index = arguments.firstIndex(of: name) {
        guard index + 1 < arguments.count else { fail("error: \(name) needs a value") }
        values.append(arguments[index + 1])
        arguments.removeSubrange(index...(index + 1))
    }
    return values
}
let directories = option("--symbol-graph-dir")
let dependencyDirectories = option("--dependency-graph-dir")
let modules = option("--module")
let outputs = option("--output")
let protocols = option("--protocol")
let commands = option("--command")
let check = arguments.contains("--check")
arguments.removeAll { $0 == "--check" }
guard arguments.isEmpty else { fail("error: unknown arguments: \(arguments.joined(separator: " "))") }
guard let directory = directories.last, let module = modules.last, let output = outputs.last else {
    fail(
        "usage: dikit-generate-mocks --symbol-graph-dir DIR --module NAME --output FILE [--protocol P]... [--check]"
            + " [--command \"how to regenerate it\"] [--dependency-graph-dir DIR]...")
}
var isFolder: ObjCBool = false
if output.hasSuffix("/")
    || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue)
{
    let folder = output.hasSuffix("/") ? String(output.dropLast()) : output
    fail("error: --output names a folder, \(output): name the file to write in it, as --output \(folder)/Mocks.swift")
}

/// The symbol-graph files in `folder`, sorted, each with whether it is `module`'s own
/// (`Module.symbols.json`, or `Module@Other.symbols.json` for its extensions of another module).
func symbolGraphs(in folder: String) -> [(url: URL, isModules: Bool)] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".symbols.json") }
        .sorted().map { file in
            (
                URL(fileURLWithPath: folder).appendingPathComponent(file),
                file.hasPrefix(module + ".") || file.hasPrefix(module + "@")
            )
        }
}
let graphFiles = symbolGraphs(in: directory).filter(\.isModules).map(\.url)
guard !graphFiles.isEmpty else { fail("error: no symbol graph for \(module) in \(directory)") }
// The graphs of the modules it depends on: every graph in their folders, but of the module itself.
let dependencyFiles = Array(Set(dependencyDirectories)).sorted().flatMap { folder in
    symbolGraphs(in: folder).filter { !$0.isModules }.map(\.url)
}
let decoder = JSONDecoder()
let graphURLs = graphFiles + dependencyFiles
let graphs: [SymbolGraph] = graphURLs.map { url in
    guard let data = FileManager.default.contents(atPath: url.path) else { fail("error: cannot read \(url.path)") }
    do { return try decoder.decode(SymbolGraph.self, from: data) } catch {
        fail("error: cannot read \(url.path): \(error)")
    }
}

let command =
    commands.last
    ?? "swift package --allow-writing-to-package-directory generate-mocks --target \(module) --output \(output)"
    + protocols.map { " --protocol \($0)" }.joined()
let generated: MockGenerator.Output
do {
    generated = try MockGenerator(
        graphs: graphs, options: .init(moduleName: module, protocols: protocols, command: command)
    ).generate()
} catch {
    fail("\(error)")
}
for (name, reason) in generated.skipped {
    FileHandle.standardError.write(Data("warning: skipped \(name): \(reason)\n".utf8))
}
let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
if check {
    guard let existing else { fail("error: \(output) does not exist: generate it with\n  \(command)") }
    guard existing == generated.source else {
        fail("error: \(output) is not what generate-mocks writes for \(module): regenerate it with\n  \(command)")
    }
    print("\(output) is up to date (\(mocks(generated.mocked.count)))")
} else {
    do {
        // `--output Tests/AppTests/Mocks/Generated.swift` makes the folders it names.
        let url = URL(fileURLWithPath: output)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(generated.source.utf8).write(to: url)
    } catch {
        fail("error: cannot write \(output): \(error.localizedDescription)")
    }
    let names = generated.mocked.map(MockGenerator.mockName(of:))
    print(
        names.isEmpty
            ? "wrote no mocks to \(output): every protocol was skipped (see the warnings above)"
            : "wrote \(mocks(names.count)) to \(output): \(names.joined(separator: ", "))")
}
