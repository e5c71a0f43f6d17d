import DIKitCore
import Testing

@Suite struct ArgumentTests {
    @Test func factoryReceivesOneArgument() throws {
        let container = Container()
        container.register(Greeter.self) { (_: any Resolver, name: String) in Greeter(name: name) }
        #expect(try container.resolve(Greeter.self, arguments: "Ada").name == "Ada")
    }

    @Test func factoryReceivesSeveralArgumentsInOrder() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name: name, times: times) }
        let greeter = try container.resolve(Greeter.self, arguments: "Grace", 4)
        #expect(greeter.name == "Grace" && greeter.times == 4)
    }

    @Test func argumentTypesArePartOfTheKey() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name: name) }
        container.register(Greeter.self) { (_, times: Int) in Greeter(name: "n", times: times) }
        container.register(Greeter.self) { _ in Greeter(name: "none") }
        #expect(try container.resolve(Greeter.self, arguments: "x").name == "x")
        #expect(try container.resolve(Greeter.self, arguments: 7).times == 7)
        #expect(try container.resolve(Greeter.self).name == "none")
    }

    @Test func manyArgumentsNeedNoOverloads() throws {
        let container = Container()
        container.register(String.self) { (_, a: Int, b: Double, c: String, d: Bool, e: [Int], f: Character) in
            "\(a) \(b) \(c) \(d) \(e) \(f)"
        }
        let text = try container.resolve(String.self, arguments: 1, 2.5, "c", true, [4], Character("f"))
        #expect(text == "1 2.5 c true [4] f")
    }

    @Test func namedRegistrationWithArguments() throws {
        let container = Container()
        container.register(Greeter.self, name: "loud") { (_, name: String) in Greeter(name: name.uppercased()) }
        #expect(try container.resolve(Greeter.self, name: "loud", arguments: "ada").name == "ADA")
    }
}
