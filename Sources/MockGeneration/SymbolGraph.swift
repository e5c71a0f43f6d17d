// The part of the compiler's symbol-graph format (`swift-symbolgraph-extract`, SwiftPM's
// `getSymbolGraph`) that mock generation reads.

/// One module's symbol graph: its symbols and how they relate.
public struct SymbolGraph: Decodable, Sendable {
    public var symbols: [Symbol]
    public var relationships: [Relationship]

    public init(symbols: [Symbol], relationships: [Relationship]) {
        self.symbols = symbols
        self.relationships = relationships
    }
}

/// A declaration: a protocol, or one of its requirements.
public struct Symbol: Decodable, Sendable {
    public struct Kind: Decodable, Sendable {
        /// `swift.protocol`, `swift.method`, `swift.property`, `swift.type.method`, …
        public var identifier: String
    }

    public struct Identifier: Decodable, Sendable {
        /// The symbol's USR.
        public var precise: String
    }

    public struct Names: Decodable, Sendable {
        /// `forecast(city:)`, `name`, `subscript(_:)`.
        public var title: String
    }

    public struct FunctionSignature: Decodable, Sendable {
        public struct Parameter: Decodable, Sendable {
            /// The external label, or the name when the label is the name.
            public var name: String
            public var internalName: String?
            public var declarationFragments: [Fragment]?
        }

        public var parameters: [Parameter]?
        public var returns: [Fragment]?
    }

    public struct Generics: Decodable, Sendable {
        public struct Parameter: Decodable, Sendable {
            public var name: String
        }

        public var parameters: [Parameter]?
    }

    /// Where the symbol is declared.
    public struct Location: Decodable, Sendable {
        public struct Position: Decodable, Sendable {
            public var line: Int
            public var character: Int
        }

        public var uri: String
        public var position: Position
    }

    public var kind: Kind
    public var identifier: Identifier
    public var location: Location?
    public var pathComponents: [String]
    public var names: Names
    public var accessLevel: String
    public var declarationFragments: [Fragment]?
    public var functionSignature: FunctionSignature?
    public var swiftGenerics: Generics?
}

/// A piece of a declaration as written: a keyword, an identifier, a type, punctuation.
public struct Fragment: Decodable, Sendable, Equatable {
    /// `keyword`, `text`, `identifier`, `typeIdentifier`, `externalParam`, `internalParam`,
    /// `genericParameter`, `attribute`.
    public var kind: String
    public var spelling: String
    public var preciseIdentifier: String?

    public init(kind: String, spelling: String, preciseIdentifier: String? = nil) {
        self.kind = kind
        self.spelling = spelling
        self.preciseIdentifier = preciseIdentifier
    }
}

/// How two symbols relate: `requirementOf`, `optionalRequirementOf`, `conformsTo`, `memberOf`.
public struct Relationship: Decodable, Sendable {
    public var kind: String
    public var source: String
    public var target: String
    public var targetFallback: String?
}
