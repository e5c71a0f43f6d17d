// A test target's own default for a Foundation type DITesting has one for: it comes first
// (`MockDefaultTests.foundationValuesAppsReturnHaveFixedDefaults`). A conformance of a public type
// to a public protocol is public, hence the public imports.
public import DITesting
public import Foundation

extension Locale: MockDefaultValue {
    /// French, France: not DITesting's default.
    public static var mockDefaultValue: Locale { Locale(identifier: "fr_FR") }
}
