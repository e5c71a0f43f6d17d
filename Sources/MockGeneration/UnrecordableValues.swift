// A stand-in keeps what a mock's requirement is given and hands out what it is told to return:
// it cannot keep a noncopyable or nonescapable value (`RawSpan`, `ExecutorJob`, a `~Copyable`
// struct, a generic parameter that may be either). A protocol with such a requirement is skipped,
// saying why, unless an extension implements the requirement: the mock leaves it to that.

extension MockGenerator {
    /// The noncopyable and nonescapable types of the standard library and the modules that ship
    /// with it, by the start of their USRs (the module's mangled name).
    static let unkeepableStandardTypes: [String: Set<String>] = [
        "s:s": ["Span", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span"],
        "s:12_Concurrency": ["ExecutorJob"],
        "s:15Synchronization": ["Mutex", "Atomic"],
    ]

    /// Whether a mock of `proto` leaves `requirement` to an extension that implements it: one it
    /// inherits, or one of its own whose values a stand-in cannot keep — better than no mock.
    ///
    /// - Throws: ``Unmockable`` for a requirement of the latter kind that no extension implements.
    func isLeftToDefault(
        _ requirement: Symbol, of proto: Symbol, protocols: [Symbol], aliases: [(name: String, type: String)]
    ) throws -> Bool {
        if isMetByDefault(requirement, of: proto, protocols: protocols, aliases: aliases) { return true }
        guard let reason = unrecordableReason(requirement) else { return false }
        if isMetByDefault(requirement, of: proto, protocols: protocols, aliases: aliases, ownToo: true) { return true }
        throw Unmockable(reason: reason)
    }

    /// Why a stand-in cannot keep what `requirement` takes or returns; `nil` when it can.
    func unrecordableReason(_ requirement: Symbol) -> String? {
        let declaration = requirement.declaration
        if declaration.contains("~Copyable") || declaration.contains("~Escapable") {
            return "its requirement \(requirement.names.title) has a generic parameter that may be noncopyable or "
                + "nonescapable, whose values a stand-in cannot keep"
        }
        for (spelling, usr) in requirement.namedTypes {
            let isStandard = Self.unkeepableStandardTypes.contains {
                usr.hasPrefix($0.key) && $0.value.contains(spelling)
            }
            if isStandard || symbols[usr].map(isDeclaredNoncopyableOrNonescapable) == true {
                return "its requirement \(requirement.names.title) takes or returns \(spelling), which is "
                    + "noncopyable or nonescapable: a stand-in cannot keep it"
            }
        }
        return nil
    }

    /// Whether `type`, a struct or an enum of the package, is declared `~Copyable` or
    /// `~Escapable`, which its symbol graph does not say: read from the line that declares it.
    private func isDeclaredNoncopyableOrNonescapable(_ type: Symbol) -> Bool {
        guard ["swift.struct", "swift.enum"].contains(type.kind.identifier),
            let declaration = type.declaringSource?.fromDeclaration
        else { return false }
        let line = declaration.prefix { $0 != "\n" }
        return line.contains("~Copyable") || line.contains("~Escapable")
    }
}
