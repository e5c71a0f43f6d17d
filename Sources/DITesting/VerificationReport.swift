public import DIKitCore

/// What ``verifyAssemblies(_:arguments:fileID:filePath:line:column:)`` found.
///
/// ```swift
/// let report = verifyAssemblies([AppAssembly()])
/// #expect(report.isValid)
/// #expect(report.skipped.isEmpty, "\(report)")
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
    /// The dependencies observed while verifying: which service resolved which.
    public let dependencyGraph: DependencyGraph
    /// The samples that matched no registration, in the order given: mistyped (their values'
    /// types are not the factory's), stale, or for assemblies not verified here. ``description``
    /// says why each matched none.
    public let unmatchedSamples: [ArgumentSample]
    /// For each of ``unmatchedSamples``, what resolving it said.
    let whyUnmatched: [String]

    /// `true` when no registration failed.
    public var isValid: Bool { failures.isEmpty }

    /// A summary: counts, then each failure, skipped registration, sample that matched nothing
    /// and duplicate.
    public var description: String {
        var lines = [
            "\(verified.count) verified, \(failures.count) failed, \(skipped.count) skipped, "
                + "\(duplicates.count) registered more than once."
        ]
        lines += failures.map { "Failed: \($0.description)" }
        lines += skipped.map { "Skipped (needs sample arguments): \($0)" }
        lines += zip(unmatchedSamples, whyUnmatched).map { "Sample for \($0) matched no registration: \($1)" }
        lines += duplicates.map { "Registered more than once: " + $0.map(\.description).joined(separator: "; ") }
        return lines.joined(separator: "\n")
    }
}

/// One problem verification found, with every registration it breaks.
public struct VerificationFailure: Sendable, CustomStringConvertible {
    /// Every registration whose verification ran into this problem, in registration order.
    public let registrations: [RegistrationRecord]
    /// The resolution error, with its kind and full path (the longest path that reached it).
    public let error: ResolutionError

    /// The first registration whose verification found the problem.
    public var registration: RegistrationRecord { registrations[0] }

    /// The error's description, then the registrations it breaks: the first ten, and how many more
    /// (``registrations`` has them all).
    public var description: String {
        "\(error.description)\n  Breaks: \(listed(registrations, separator: "; ", \.description))."
    }
}
