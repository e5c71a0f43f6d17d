/// A property resolved from the container on first access, or `nil` if it cannot be.
///
/// ```swift
/// final class SettingsModel {
///     @SafelyInjected var analytics: Analytics?
/// }
/// ```
///
/// Like ``Injected``, it captures ``Container/shared`` when created and keeps the instance once
/// resolved. A failure is not kept: the next access tries again.
@propertyWrapper
public struct SafelyInjected<Service> {
    let box: InjectionBox<Service>

    /// Captures ``Container/shared`` to resolve `type` and `name` from on first access.
    public init(_ type: Service.Type = Service.self, name: String? = nil) {
        box = InjectionBox(container: .shared, name: name, wrapper: .injected, resolvesOnce: true)
    }

    /// The resolved service, or `nil` when it cannot be resolved.
    public var wrappedValue: Service? { try? box.resolveOnce() }
}

extension SafelyInjected: Sendable where Service: Sendable {}
