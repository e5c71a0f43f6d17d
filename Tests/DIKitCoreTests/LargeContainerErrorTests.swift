import DIKitCore
import Testing

/// A container of more than a few registrations indexes them (by key, by type, by name): its
/// errors say what a small one's say, each type and name looked at once.
@Suite struct LargeContainerErrorTests {
    @Test func similarNamesListEachTypeOnceFarthestContainerFirstInRegistrationOrder() throws {
        let parent = Container()
        for index in 0..<20 { parent.register(SessionStore.self, name: "store\(index)") { _ in SessionStore() } }
        parent.register(Session2.self) { _ in Session2() }
        let child = parent.makeChild()
        for index in 0..<20 { child.register(Token.self, name: "token\(index)") { _ in Token() } }
        child.register(Session3.self) { _ in Session3() }
        child.register(SessionStore.self) { _ in SessionStore() }  // already listed, from the parent
        child.register(UserSession.self) { _ in UserSession() }
        let error = try #require(throws: ResolutionError.self) { try child.resolve(Session.self) }
        #expect(error.description.contains("Registered with similar names: SessionStore, Session2, Session3."))
    }

    @Test func aNameTakingOtherArgumentsAmongManyNamesListsItsArgumentTypesNearestFirst() throws {
        let parent = Container()
        for index in 0..<1_000 { parent.register(Greeter.self, name: "n\(index)") { _ in Greeter(name: "") } }
        parent.register(Greeter.self, name: "ada") { (_, name: String) in Greeter(name: name) }
        let child = parent.makeChild()
        for index in 0..<10 { child.register(Greeter.self, name: "c\(index)") { _ in Greeter(name: "") } }
        child.register(Greeter.self, name: "ada") { (_, count: Int, _: Bool) in Greeter(name: "\(count)") }
        child.register(Greeter.self, name: "ada") { (_, name: String) in Greeter(name: name) }  // replaces the parent's

        let error = try #require(throws: ResolutionError.self) {
            try child.resolve(Greeter.self, name: "ada", arguments: 1.5)
        }
        #expect(error.kind == .argumentMismatch)
        #expect(error.description.contains(#"Greeter (name: "ada") is registered taking: (Int, Bool), (String)."#))
        let none = try #require(throws: ResolutionError.self) { try child.resolve(Greeter.self, name: "ada") }
        #expect(none.kind == .argumentMismatch)
        #expect(child.isRegistered(Greeter.self, name: "ada"))
        #expect(!child.isRegistered(Greeter.self, name: "bob"))
    }

    @Test func aMissingNameAmongManyListsTheNearestTenAndCountsTheRest() throws {
        let parent = Container()
        for index in 0..<100 { parent.register(Theme.self, name: "p\(index)") { _ in LightTheme() } }
        let child = parent.makeChild()
        for index in 0..<12 { child.register(Theme.self, name: "c\(index)") { _ in DarkTheme() } }
        let error = try #require(throws: ResolutionError.self) { try child.resolve(Theme.self, name: "missing") }
        #expect(
            error.description.contains(
                #"Registered names for Theme: "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", … and 102 more registrations."#
            ))
    }

    @Test func aNameRegisteredWithManyArgumentTypesIsListedOnceAndHidesNoOtherName() throws {
        let container = Container()
        container.register(Greeter.self) { _ in Greeter(name: "") }
        container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
        container.register(Greeter.self) { (_: any Resolver, count: Int) in Greeter(name: "\(count)") }
        container.register(Greeter.self) { (_: any Resolver, name: String, count: Int) in Greeter(name: name) }
        container.register(Greeter.self) { (_: any Resolver, flag: Bool) in Greeter(name: "\(flag)") }
        container.register(Greeter.self) { (_: any Resolver, value: Double) in Greeter(name: "\(value)") }
        container.register(Greeter.self) { (_: any Resolver, a: Int, b: Int) in Greeter(name: "\(a + b)") }
        container.register(Greeter.self) { (_: any Resolver, a: Int8) in Greeter(name: "\(a)") }
        container.register(Greeter.self) { (_: any Resolver, a: Int16) in Greeter(name: "\(a)") }
        container.register(Greeter.self) { (_: any Resolver, a: Int32) in Greeter(name: "\(a)") }
        container.register(Greeter.self) { (_: any Resolver, a: Int64) in Greeter(name: "\(a)") }
        container.register(Greeter.self) { (_: any Resolver, a: UInt) in Greeter(name: "\(a)") }
        container.register(Greeter.self, name: "formal") { (_: any Resolver, name: String) in Greeter(name: name) }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, name: "casual", arguments: "Ada")
        }
        // Twelve keys have no name: it is listed once, and they do not push "formal" out of the list.
        #expect(error.description.contains(#"Registered names for Greeter: no name, "formal"."#))
    }

    @Test func aNameAChildRegistersAgainIsCountedOnce() throws {
        let parent = Container()
        for index in 0..<20 { parent.register(Theme.self, name: "n\(index)") { _ in LightTheme() } }
        let child = parent.makeChild()
        for index in 0..<20 { child.register(Theme.self, name: "n\(index)") { _ in DarkTheme() } }
        let grandchild = child.makeChild()
        for index in 18..<22 { grandchild.register(Theme.self, name: "n\(index)") { _ in DarkTheme() } }
        let error = try #require(throws: ResolutionError.self) { try grandchild.resolve(Theme.self, name: "zz") }
        // n0 to n21: 22 names, 10 of them shown.
        #expect(error.description.contains(#""n5", … and 12 more registrations."#))
        #expect(error.description.contains(#"Registered names for Theme: "n18", "n19", "n20", "n21", "n0","#))
    }

    @Test func similarNamesFoundOnceAreFoundAgainAfterTheContainerGainsATypeAndNotBefore() throws {
        let container = Container()
        for index in 0..<10 { container.register(Token.self, name: "t\(index)") { _ in Token() } }
        container.register(SessionStore.self) { _ in SessionStore() }
        let first = try #require(throws: ResolutionError.self) { try container.resolve(Session.self) }
        #expect(first.description.contains("Registered with similar names: SessionStore."))
        let child = container.makeChild()  // reads the same table
        container.register(SessionStore.self) { _ in SessionStore() }  // the same key again
        let again = try #require(throws: ResolutionError.self) { try child.resolve(Session.self) }
        #expect(again.description.contains("Registered with similar names: SessionStore."))

        container.register(Session2.self) { _ in Session2() }
        let after = try #require(throws: ResolutionError.self) { try child.resolve(Session.self) }
        #expect(after.description.contains("Registered with similar names: SessionStore, Session2."))
        container.removeAll()
        container.register(Session3.self) { _ in Session3() }
        let emptied = try #require(throws: ResolutionError.self) { try container.resolve(Session.self) }
        #expect(emptied.description.contains("Registered with similar names: Session3."))
    }
}
