/// How a message tells a test to give `type` a value a mock can answer with when nothing else
/// does: an extension making it a ``MockDefaultValue`` — but for a protocol's existential
/// (`any API`), which no extension can make conform to a protocol: then a stub, with a mock of the
/// protocol.
func giveADefault(to type: Any.Type) -> String {
    let name = spelling(of: type)
    guard !isExistential(type) else {
        return "\(name) is a protocol's existential, which cannot be given a default: answer with a mock of it "
            + "(.returns(value))."
    }
    return "or give \(name) a default in the test target, and the test carries on: "
        + "`extension \(name): MockDefaultValue { static var mockDefaultValue: \(name) { … } }`."
}

/// `type` as Swift code writes it: `any API` for a protocol's existential, which the runtime
/// names `API`.
func spelling(of type: Any.Type) -> String {
    let name = "\(type)"
    return isExistential(type) && !name.hasPrefix("any ") && !["Any", "AnyObject"].contains(name) ? "any \(name)" : name
}

/// Whether `type` is an existential (`any API`, `any Repository<User>`, `any API & Base`, `Any`),
/// read from its mangled name, whose last operator says so (`_p`, `XP`, `Xc`, `yp`, `yXl`).
private func isExistential(_ type: Any.Type) -> Bool {
    guard let mangled = _mangledTypeName(type) else { return false }
    return ["_p", "XP", "Xc"].contains(where: mangled.hasSuffix) || mangled == "yp" || mangled == "yXl"
}

/// What `returnsDefault()` answers with, as messages list it: what ``emptyValue(of:)`` finds.
let defaultValues = """
    nil, zero, false, an empty string or collection, a stream that ends, a fixed URL, Locale, TimeZone or \
    Calendar, a Result that succeeds with one of these, or a MockDefaultValue's default
    """

/// The failure of `call` (`"MockAPI.fetch(id:) was called with (42)"`), answered with defaults
/// (`returnsDefault()`), whose result, of `type`, has no default value to return; `first`, when
/// the call returned that enum's first case instead.
func relaxedCallHasNoDefault(_ call: String, _ type: Any.Type, returning first: Any? = nil) -> String {
    var context = ["returnsDefault() answers with \(defaultValues)."]
    if let first {
        context.append("It returned \(spelling(of: type)).\(first), its first case, so that the test carries on.")
    }
    return FailureMessage(
        """
        \(call) and answers with defaults (returnsDefault()), but \(spelling(of: type)) has no default value to \
        return.
        """,
        context: context,
        fix: "stub it before the code under test calls it: .returns(value) or .answers { arguments in … }; "
            + giveADefault(to: type)
    ).description
}
