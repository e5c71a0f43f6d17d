/// The wiring `verifyAssemblies` observed: which service resolved which, one edge per pair.
///
/// Snapshot it to see a change of wiring in review:
///
/// ```swift
/// let graph = verifyAssemblies([AppAssembly()]).dependencyGraph
/// #expect(graph.description == """
///     ForecastModel -> ForecastService
///     ForecastService -> HTTPClient
///     """)
/// ```
public struct DependencyGraph: Sendable, CustomStringConvertible {
    /// One dependency: `dependent` resolved `dependency` while it was being built.
    public struct Edge: Sendable, Hashable {
        /// The service being built, as errors name it: `Theme (name: "dark")`.
        public let dependent: String
        /// The service it resolved.
        public let dependency: String
    }

    /// Every edge, sorted by its `Dependent -> Dependency` line: the same order on every run of
    /// the same assemblies, whatever order things were resolved in.
    public let edges: [Edge]

    /// One edge a line, `Dependent -> Dependency`, sorted.
    public var description: String {
        edges.map(\.description).joined(separator: "\n")
    }

    /// The graph as a Mermaid `flowchart`, one `-->` edge a line, for docs and pull requests.
    public var mermaid: String {
        var ids: [String: String] = [:]
        var lines = ["flowchart LR"]
        func node(_ name: String) -> String {
            if let id = ids[name] { return id }
            let id = "n\(ids.count)"
            ids[name] = id
            // Mermaid's entity codes: a generic type's `<Int>` would be read as an HTML tag, and dropped.
            let label = name.reduce(into: "") { label, character in
                switch character {
                case "#": label += "#35;"
                case "\"": label += "#quot;"
                case "<": label += "#lt;"
                case ">": label += "#gt;"
                case "&": label += "#amp;"
                default: label.append(character)
                }
            }
            return "\(id)[\"\(label)\"]"
        }
        for edge in edges {
            lines.append("    \(node(edge.dependent)) --> \(node(edge.dependency))")
        }
        return lines.joined(separator: "\n")
    }
}

extension DependencyGraph.Edge: CustomStringConvertible {
    /// `Dependent -> Dependency`.
    public var description: String { "\(dependent) -> \(dependency)" }
}
