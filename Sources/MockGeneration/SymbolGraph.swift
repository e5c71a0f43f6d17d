// The part of the compiler's symbol-graph format (`swift-symbolgraph-extract`, SwiftPM's
// `getSymbolGraph`) that mock generation reads.

import Foundation

/// One module's symbol graph: its symbols and how they relate.
public struct SymbolGraph: Decodable, Sendable {
    /// The module's declarations.
    public var symbols: [Symbol]
    /// How the declarations relate.
    public var relationships: [Relationship]

    /// Creates the value.
    public init(symbols: [Symbol], relationships: [Relationship]) {
        self.symbols = symbols
        self.relationships = relationships
    }
}

/// A declaration: a protocol, or one of its requirements.
public struct Symbol: Decodable, Sendable {
    /// What kind of declaration a symbol is.
    public struct Kind: Decodable, Sendable {
        /// `swift.protocol`, `swift.method`, `swift.property`, `swift.type.method`, …
        public var identifier: String
    }

    /// A symbol's unique identity.
    public struct Identifier: Decodable, Sendable {
        /// The symbol's USR.
        public var precise: String
    }

    /// How a symbol is named.
    public struct Names: Decodable, Sendable {
        /// `forecast(city:)`, `name`, `subscript(_:)`.
        public var title: String
    }

    /// The parameters and result of a function, initializer or subscript.
    public struct FunctionSignature: Decodable, Sendable {
        /// One parameter or generic parameter.
        public struct Parameter: Decodable, Sendable {
            /// The external label, or the name when the label is the name.
            public var name: String
            /// The name used inside the body, when it differs from `name`.
            public var internalName: String?
            /// The declaration as written, in pieces.
            public var declarationFragments: [Fragment]?
        }

        /// The parameters, in order.
        public var parameters: [Parameter]?
        /// The result type, in pieces.
        public var returns: [Fragment]?
    }

    /// A declaration's own generic parameters.
    public struct Generics: Decodable, Sendable {
        /// One parameter or generic parameter.
        public struct Parameter: Decodable, Sendable {
            /// The name.
            public var name: String
        }

        /// The parameters, in order.
        public var parameters: [Parameter]?
    }

    /// Where the symbol is declared.
    public struct Location: Decodable, Sendable {
        /// A line and column.
        public struct Position: Decodable, Sendable {
            /// The line, from 0.
            public var line: Int
            /// The column, from 0.
            public var character: Int
        }

        /// The file.
        public var uri: String
        /// Where in the file.
        public var position: Position
    }

    /// Where a declaration is available, on one platform.
    public struct Availability: Decodable, Sendable {
        /// A version: `14`, `17.2`.
        public struct Version: Decodable, Sendable {
            /// The major version.
            public var major: Int
            /// The minor version, if given.
            public var minor: Int?
            /// The patch version, if given.
            public var patch: Int?
        }

        /// The platform, `macOS`, `iOS`; `*` for every platform.
        public var domain: String?
        /// The version that introduced it there.
        public var introduced: Version?
        /// The version that deprecated it there.
        public var deprecated: Version?
        /// Whether it is deprecated on every version (`@available(*, deprecated)`).
        public var isUnconditionallyDeprecated: Bool?
        /// What the deprecation says.
        public var message: String?
    }

    /// The kind.
    public var kind: Kind
    /// The identity.
    public var identifier: Identifier
    /// Where it is declared, when known.
    public var location: Location?
    /// The names from the module down: `["Weather", "forecast(city:)"]`.
    public var pathComponents: [String]
    /// Its names.
    public var names: Names
    /// `private` to `open`.
    public var accessLevel: String
    /// The declaration as written, in pieces.
    public var declarationFragments: [Fragment]?
    /// For a function, initializer or subscript: its signature.
    public var functionSignature: FunctionSignature?
    /// Its own generic parameters, if any.
    public var swiftGenerics: Generics?
    /// Where it is available, by platform, when it says.
    public var availability: [Availability]?
    /// For a member of an extension: the extension.
    public var swiftExtension: Extension?

    /// The extension a member is declared in.
    public struct Extension: Decodable, Sendable {
        /// One requirement of an extension's `where` clause.
        public struct Constraint: Decodable, Sendable {
            /// `conformance`, `superclass` or `sameType`.
            public var kind: String
            /// The constrained type: `Self`, `Self.ObjectWillChangePublisher`.
            public var lhs: String
            /// What it is constrained to, as written: `ObservableObjectPublisher`.
            public var rhs: String?
            /// The USR of the type it is constrained to, when it has one.
            public var rhsPrecise: String?
        }

        /// The module of the type it extends.
        public var extendedModule: String?
        /// Its `where` clause, if any.
        public var constraints: [Constraint]?
    }
}

extension Symbol {
    /// The text of the file that declares it, and that text from the declaration's line on; `nil`
    /// when the graph does not say where it is or the file cannot be read. (What the graph does
    /// not say — an import, a `~Copyable` — is read there.)
    var declaringSource: (file: String, fromDeclaration: Substring)? {
        guard let location, let url = URL(string: location.uri),
            let source = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        var start = source.startIndex
        for _ in 0..<location.position.line {
            guard let newline = source[start...].firstIndex(of: "\n") else { return nil }
            start = source.index(after: newline)
        }
        return (source, source[start...])
    }

    /// The declaration as written, in one piece: `protocol Cache<Key>`.
    var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }

    /// The global actor it is isolated to, as an attribute (`@MainActor`, `@DatabaseActor`): an
    /// attribute that names a type, which on a protocol, a class or a member is a global actor.
    var globalActor: String? {
        (declarationFragments ?? []).first { $0.kind == "attribute" && $0.preciseIdentifier != nil }
            .map { "@" + $0.spelling }
    }

    /// `@available(macOS 14, iOS 17, *)`, from the versions that introduced it, if any: what a
    /// mock of it, or a witness of it, must say in turn to compile where the package supports
    /// older versions. (A requirement's deprecation is not repeated on its witness, which is not
    /// what is deprecated; a protocol's is, on its mock: ``deprecatedAttributes``.)
    var availableAttribute: String? {
        let platforms = (availability ?? []).compactMap { entry -> String? in
            guard let domain = entry.domain, let version = entry.introduced,
                domain.allSatisfy({ $0.isLetter }), !["Swift", "SwiftPM"].contains(domain)
            else { return nil }
            let parts = [version.major] + [version.minor, version.patch].compactMap { $0 }
            return "\(domain) \(parts.map(String.init).joined(separator: "."))"
        }
        // In name order: the graph's order is not the declaration's, nor stable.
        return platforms.isEmpty ? nil : "@available(\(platforms.sorted().joined(separator: ", ")), *)"
    }

    /// `@available(*, deprecated, message: "Use Feed")`, `@available(macOS, deprecated: 13.0)`:
    /// how a deprecated protocol is deprecated, for its mock to say in turn. Code inside a
    /// deprecated declaration may use deprecated ones without a warning, so the mock file builds
    /// with warnings as errors; a test using the mock is warned, as it uses the protocol.
    var deprecatedAttributes: [String] {
        (availability ?? []).compactMap { entry -> String? in
            // The graph keeps the literal as written, escapes and all.
            let message = entry.message.map { ", message: \"\($0)\"" }
            if entry.isUnconditionallyDeprecated == true {
                return "@available(\(entry.domain ?? "*"), deprecated\(message ?? ""))"
            }
            // `Swift` is the language version's domain, which an attribute spells `swift`.
            guard let version = entry.deprecated, let domain = entry.domain == "Swift" ? "swift" : entry.domain,
                domain.allSatisfy({ $0.isLetter }), domain != "SwiftPM"
            else { return nil }
            let parts = [version.major] + [version.minor, version.patch].compactMap { $0 }
            return "@available(\(domain), deprecated: \(parts.map(String.init).joined(separator: "."))\(message ?? ""))"
        }.sorted()
    }
}

/// A piece of a declaration as written: a keyword, an identifier, a type, punctuation.
public struct Fragment: Decodable, Sendable, Equatable {
    /// `keyword`, `text`, `identifier`, `typeIdentifier`, `externalParam`, `internalParam`,
    /// `genericParameter`, `attribute`.
    public var kind: String
    /// The text.
    public var spelling: String
    /// The USR of the type or symbol it names, if any.
    public var preciseIdentifier: String?

    /// A fragment of `kind` spelled `spelling`.
    public init(kind: String, spelling: String, preciseIdentifier: String? = nil) {
        self.kind = kind
        self.spelling = spelling
        self.preciseIdentifier = preciseIdentifier
    }
}

/// How two symbols relate: `requirementOf`, `optionalRequirementOf`, `conformsTo`, `memberOf`.
public struct Relationship: Decodable, Sendable {
    /// The kind.
    public var kind: String
    /// The USR of the symbol the relationship is from.
    public var source: String
    /// The USR of the symbol it is to.
    public var target: String
    /// The target's name, when it is in another module.
    public var targetFallback: String?
}
