// A stand-in keeps what a mock's requirement is given and hands out what it is told to return:
// it cannot keep a noncopyable or nonescapable value (`RawSpan`, a `~Copyable` struct, a generic
// parameter that may be either). A protocol with such a requirement is skipped, saying why.

extension MockGenerator {
    /// The standard library's nonescapable types.
    static let nonescapableStandardTypes: Set = [
        "Span", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "OutputRawSpan", "UTF8Span",
    ]

    /// Why a stand-in cannot keep what `requirement` takes or returns; `nil` when it can.
    func unrecordableReason(_ requirement: Symbol) -> String? {
        let declaration = requirement.declaration
        if declaration.contains("~Copyable") || declaration.contains("~Escapable") {
            return "its requirement \(requirement.names.title) has a generic parameter that may be noncopyable or "
                + "nonescapable, whose values a stand-in cannot keep"
        }
        for (spelling, usr) in requirement.namedTypes {
            let isStandard = usr.hasPrefix("s:s") && Self.nonescapableStandardTypes.contains(spelling)
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
