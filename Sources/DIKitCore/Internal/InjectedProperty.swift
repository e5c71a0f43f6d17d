/// What `@Injected`, `@SafelyInjected` and `@InjectedProvider` tell `DITesting`'s graph check,
/// which finds them in a built instance by reflection.
package protocol InjectedProperty {
    /// The service type the property resolves.
    var serviceType: Any.Type { get }
    /// The name it resolves under.
    var serviceName: String? { get }
    /// Whether a missing registration is expected (`@SafelyInjected`), not a crash.
    var toleratesMissing: Bool { get }
    /// Whether the property keeps what it resolves (`@Injected`, `@SafelyInjected`), rather than
    /// resolving anew on every access (`@InjectedProvider`).
    var keepsInstance: Bool { get }
    /// Makes the property hold `container` weakly, if it holds it strongly.
    func holdWeakly(_ container: Container)
}

/// Makes every `@Injected`-style property of `instance` that holds `container` strongly hold it
/// weakly: `instance` is being registered in `container`, which will keep it, and a strong
/// reference back would keep both alive forever.
@usableFromInline
func holdContainerWeakly(in instance: Any, _ container: Container) {
    guard container.withState({ $0.strongHolders > 0 }), type(of: instance as Any) is AnyObject.Type else { return }
    var mirror: Mirror? = Mirror(reflecting: instance)
    while let current = mirror {
        for child in current.children {
            (child.value as? any InjectedProperty)?.holdWeakly(container)
        }
        mirror = current.superclassMirror
    }
}

extension Injected: InjectedProperty {
    package func holdWeakly(_ container: Container) { box.holdWeakly(container) }
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { false }
    package var keepsInstance: Bool { true }
}

extension SafelyInjected: InjectedProperty {
    package func holdWeakly(_ container: Container) { box.holdWeakly(container) }
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { true }
    package var keepsInstance: Bool { true }
}

extension InjectedProvider: InjectedProperty {
    package func holdWeakly(_ container: Container) { box.holdWeakly(container) }
    package var serviceType: Any.Type { Service.self }
    package var serviceName: String? { box.name }
    package var toleratesMissing: Bool { false }
    package var keepsInstance: Bool { false }
}
