public import DIKitCore

/// What ``verifyAssemblies(_:arguments:fileID:filePath:line:column:)`` found.
///
/// ```swift
/// let report = verifyAssemblies([AppAssembly()])
/// #expect(report.isValid)
/// #expect(report.skipped.isEmpty, "give samples for \(report.skipped)")
/// ```
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// One problem per root cause, each with the longest resolution path that reached it.
    public let failures: [VerificationFailure]
    /// The registrations that resolved.
    public let verified: [RegistrationRecord]
    /// The registrations that take runtime arguments and had no matching ``ArgumentSample``.
    public let skipped: [RegistrationRecord]
    /// The keys (type, name, argument types) registered more than once, each with every
    /// registration of it in order; the last one is in effect.
    public let duplicates: [[RegistrationRecord]]

    /// `true` when no registration failed.
    public var isValid: Bool { failures.isEmpty }

    /// A summary: counts, then each failure, skipped registration and duplicate.
    public var description: String {
        var lines = [
            "\(verified.count) verified, \(failures.count) failed, \(skipped.count) skipped, "
                + "\(duplicates.count) registered more than once."
        ]
        lines += failures.map { "Failed: \($0.error.description)" }
        lines += skipped.map { "Skipped (needs sample arguments): \($0)" }
        lines += duplicates.map { "Registered more than once: " + $0.map(\.description).joined(separator: "; ") }
        return lines.joined(separator: "\n")
    }
}

/// One registration that did not resolve during verification, with why.
public struct VerificationFailure: Sendable, CustomStringConvertible {
    /// The registration being verified when the problem was found.
    public let registration: RegistrationRecord
    /// The resolution error, with its kind and full path.
    public let error: ResolutionError

    /// The error's description, then the registration being verified.
    public var description: String {
        "\(error.description)\n  Found while verifying \(registration)."
    }
}
