/// What `@Injected`, `@SafelyInjected` and `@InjectedProvider` tell `DITesting`'s graph check,
/// which finds them in a built instance by reflection.
package protocol InjectedProperty {
    /// The service type the property resolves.
    var serviceType: Any.Type { get }
    /// The name it resolves under.
    var serviceName: String? { get }
    /// Whether a missing registration is expected (`@SafelyInjected`), not a crash.
    var toleratesMissing: Bool { get }
}

extension Injected: InjectedProperty {
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { false }
}

extension SafelyInjected: InjectedProperty {
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { true }
}

extension InjectedProvider: InjectedProperty {
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { false }
}
