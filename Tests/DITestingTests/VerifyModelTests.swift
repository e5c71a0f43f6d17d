import DIKitCore
import DITesting
import Testing

/// Random graphs of up to seven services in every scope, each resolving up to two others by name
/// (some never registered, some in cycles), verified and checked against a model: which
/// registrations fail and why, which capture what, and that each registration is either verified
/// or broken — a captor, and nothing else, by its captures.
@Suite struct VerifyModelTests {
    final class Node {
        init(_: [Node]) {}
    }

    /// One registration of `Node`: its name, scope, and the names its factory resolves, in order.
    struct Spec: Sendable {
        let name: String
        let scope: Scope
        let dependencies: [String]
    }

    struct GraphAssembly: Assembly {
        let specs: [Spec]
        func assemble(into container: Container) {
            for spec in specs {
                let dependencies = spec.dependencies
                container.register(Node.self, name: spec.name, scope: spec.scope) { r in
                    Node(try dependencies.map { try r.resolve(Node.self, name: $0) })
                }
            }
        }
    }

    static let scopes: [Scope] = [.transient, .singleton, .graph, .weak, .custom("one"), .custom("two")]

    @Test(arguments: 0..<200)
    func verificationFindsWhatTheGraphHas(seed: UInt64) {
        var random = SnapshotModelTests.SplitMix(state: seed)
        let count = Int.random(in: 1...7, using: &random)
        let specs = (0..<count).map { index in
            Spec(
                name: "s\(index)", scope: Self.scopes.randomElement(using: &random)!,
                dependencies: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    "s\(Int.random(in: 0...count, using: &random))"  // s\(count) is never registered
                })
        }
        let model = Model(specs)
        let collector = FailureCollector()
        let report = FailureReporting.withReporter(collector) { verifyAssemblies([GraphAssembly(specs: specs)]) }
        let graph = specs.map { "\($0.name) \($0.scope) -> \($0.dependencies)" }.joined(separator: "\n")
        #expect(collector.failures.count == report.failures.count, "\(graph)")
        let verified = Set(report.verified.compactMap(\.name))
        for spec in specs {
            let failures = report.failures.filter { $0.registrations.contains { $0.name == spec.name } }
            #expect(verified.contains(spec.name) == failures.isEmpty, "\(spec.name)\n\(graph)\n\(report)")
            if let kind = model.failure(of: spec.name) {
                #expect(failures.contains { $0.error.kind == kind }, "\(spec.name): \(kind)\n\(graph)\n\(report)")
                continue
            }
            let scope = spec.scope == .singleton ? "" : ", which is .\(spec.scope),"
            let captor = "'Node (name: \"\(spec.name)\")'\(scope)"
            for captured in model.captures(spec) {
                let capture = "\(captor) captures 'Node (name: \"\(captured)\")'"
                #expect(
                    failures.contains { $0.error.kind == .captiveDependency && $0.error.description.contains(capture) },
                    "\(capture)\n\(graph)\n\(report)")
            }
            // A capture breaks its captor alone, whatever was verified when it was built.
            #expect(verified.contains(spec.name) == model.captures(spec).isEmpty, "\(spec.name)\n\(graph)\n\(report)")
        }
    }

    /// What verifying a graph of specs must find.
    struct Model {
        let specs: [String: Spec]
        init(_ specs: [Spec]) { self.specs = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) }) }

        /// The first problem resolving `name` runs into, dependencies in order: a missing service or
        /// a cycle; `nil` when it resolves.
        func failure(of name: String, resolving stack: [String] = []) -> ResolutionError.Kind? {
            guard let spec = specs[name] else { return .notRegistered }
            if stack.contains(name) { return .circularDependency }
            for dependency in spec.dependencies {
                if let kind = failure(of: dependency, resolving: stack + [name]) { return kind }
            }
            return nil
        }

        /// The services `spec` keeps past their scope's end: what it resolves, directly or through
        /// transients, that is `.graph`, `.weak` or of another custom scope, when it keeps its
        /// instance (a singleton or a custom scope).
        func captures(_ spec: Spec) -> [String] {
            guard spec.scope != .transient, spec.scope != .graph, spec.scope != .weak else { return [] }
            var reached: [Spec] = []
            var seen = Set<String>()
            func walk(_ name: String) {
                for dependency in specs[name]?.dependencies ?? [] where seen.insert(dependency).inserted {
                    guard let found = specs[dependency] else { continue }
                    reached.append(found)
                    if found.scope == .transient { walk(dependency) }
                }
            }
            walk(spec.name)
            return reached.filter { captured in
                switch captured.scope {
                case .graph, .weak: true
                case .transient, .singleton: false
                default: captured.scope != spec.scope
                }
            }.map(\.name)
        }
    }
}
