import DIKitCore

/// One successful resolution, as a ``SpyContainer`` saw it.
///
/// ```swift
/// let record = try #require(injector.resolutions.first { $0.serviceType == API.self })
/// #expect(record.path == ["ForecastModel", "API"])
/// #expect(record.isOverride)
/// ```
public struct ResolutionRecord: Sendable, CustomStringConvertible {
    /// What the container reported; the record's properties are read from it when asked for.
    let event: ResolutionEvent

    /// The type that was resolved.
    public var serviceType: Any.Type { event.serviceType }
    /// The name it was resolved with, if any.
    public var name: String? { event.name }
    /// The services being resolved, outermost first, ending with this one:
    /// `["ForecastModel", "API"]` when `ForecastModel`'s factory resolved `API`.
    public var path: [String] { event.path }
    /// `true` when the registration was made in the test's injector (a mock, an override, its
    /// assemblies), or in an enclosing scope's injector it layers over (a suite's trait around a
    /// test's, an outer `withTestInjector`); `false` when it came from the injector's base. For a
    /// type resolved through an alias (`implements`), the registration is the one of the service
    /// the alias forwards to, which built the instance.
    public var isOverride: Bool { !event.isInherited }
    /// The registration that answered.
    public var registration: RegistrationRecord {
        // Only successful resolutions, which always have a registration, are recorded.
        RegistrationRecord(event.answeredBy!)
    }
    /// The type of the instance the resolution produced: `LiveAPI` when `API` was resolved.
    /// Counts, assertions and expectations match it as well as ``serviceType``.
    public var concreteType: Any.Type { event.instanceType ?? event.serviceType }

    /// Whether this resolution is of `type` (with `name`): the type it was resolved as, or the
    /// concrete type of what it produced (then any name matches when `name` is `nil`).
    func matches(_ type: Any.Type, name: String?) -> Bool {
        let id = ObjectIdentifier(type)
        if ObjectIdentifier(serviceType) == id && self.name == name { return true }
        return ObjectIdentifier(concreteType) == id && (name == nil || self.name == name)
    }

    /// `ForecastModel -> API (override)`.
    public var description: String {
        "\(path.joined(separator: " -> ")) (\(isOverride ? "override" : "base"))"
    }
}
