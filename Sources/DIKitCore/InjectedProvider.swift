/// A property resolved anew from the container on every access.
///
/// ```swift
/// final class ReportBuilder {
///     @InjectedProvider var clock: Clock   // a fresh instance each time, for transients
/// }
/// ```
///
/// Like ``Injected``, it captures ``Container/shared`` when created, and stops the program with
/// the ``ResolutionError`` description if resolution fails.
@propertyWrapper
public struct InjectedProvider<Service> {
    let box: InjectionBox<Service>
    private let fileID: StaticString
    private let line: UInt

    /// Captures ``Container/shared`` to resolve `type` and `name` from on every access.
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        box = InjectionBox(container: .shared, name: name, wrapper: .injected, resolvesOnce: false)
        self.fileID = fileID
        self.line = line
    }

    /// A newly resolved service. Stops the program with the resolution error if it cannot be
    /// resolved.
    public var wrappedValue: Service {
        do {
            return try box.resolve()
        } catch {
            fatalError("\(error)", file: fileID, line: line)
        }
    }
}

extension InjectedProvider: Sendable where Service: Sendable {}
