/// Formats temperatures in one unit. Registered with a runtime argument: the unit.
public struct TemperatureFormatter: Sendable {
    public let unit: TemperatureUnit

    public init(unit: TemperatureUnit) { self.unit = unit }

    /// `"7°C"`, `"45°F"`.
    public func format(celsius: Double) -> String {
        switch unit {
        case .celsius: "\(Int(celsius.rounded()))°C"
        case .fahrenheit: "\(Int((celsius * 9 / 5 + 32).rounded()))°F"
        }
    }
}
