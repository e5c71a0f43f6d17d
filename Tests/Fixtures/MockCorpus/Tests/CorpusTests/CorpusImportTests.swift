import Corpus
import CorpusBase
import CorpusMail
import DITesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Mocks of requirements whose types the mock file imports as their protocols' files do:
// FoundationNetworking's where it exists, a C type's module; and of types named as DIKit's.

@Suite(.testInjector(base: Container()))
struct CorpusImportTests {
    @Test func anHTTPTransportAnswersByRequest() async throws {
        let transport = MockHTTPTransport().injected()
        let url = URL(string: "https://example.com/forecast")!
        let response = URLResponse(
            url: url, mimeType: "application/json", expectedContentLength: 2, textEncodingName: nil)
        transport.dataMock.returns((Data("{}".utf8), response), where: { $0.url == url })
        let http: any HTTPTransport = try Container.shared.resolve()
        let (data, answered) = try await http.data(for: URLRequest(url: url))
        #expect(data == Data("{}".utf8))
        #expect(answered.mimeType == "application/json")
        transport.dataMock.assertCalled(times: 1)
    }

    @Test func typesNamedAsFoundationsAreNamedByTheirModule() throws {
        let alerts = MockAlerting().injected()
        alerts.postMock.returns(true, where: { $0.title == "Rain" })
        alerts.temperatureMock.returns(21.5, for: .celsius)
        let service: any Alerting = try Container.shared.resolve()
        #expect(service.post(CorpusBase.Notification(title: "Rain")))
        #expect(service.temperature(in: .celsius) == 21.5)
        alerts.chargeMock.returns(true, for: CorpusBase.Transaction(amount: 5))
        #expect(service.charge(CorpusBase.Transaction(amount: 5)))
        let uploads = MockUploading().injected()
        uploads.uploadMock.returns(Corpus.Progress(fraction: 1))
        let uploader: any Uploading = try Container.shared.resolve()
        let progress = Foundation.Progress(totalUnitCount: 1)
        #expect(uploader.upload(Data([1]), reporting: progress) == Corpus.Progress(fraction: 1))
        #expect(uploads.uploadMock.calls.first?.progress === progress)
    }

    @Test func aTypeNamedAsTheStandardLibrarysIsToldApartFromIt() async throws {
        let todos = MockTodos().injected()
        todos.addMock.returns(.success(1), where: { $0.title == "Milk" })
        todos.syncMock.returns(Swift.Task {})
        let store: any Todos = try Container.shared.resolve()
        #expect(try store.add(CorpusBase.Task(title: "Milk")).get() == 1)
        await store.sync().value
        todos.syncMock.assertCalled(times: 1)
    }

    @Test func aMockThatWouldBeNamedAsDITestingsMockPropertyIsPropertyMock() throws {
        let property = PropertyMock().injected()
        property.addressMock.returns("1 Main St")
        property.priceMock.returns(100, for: "EUR")
        let resolved: any Property = try Container.shared.resolve()
        #expect(resolved.address == "1 Main St" && resolved.price(in: "EUR") == 100)
        // DITesting's `MockProperty` is still itself in the test target.
        let name = MockProperty<String>("name")
        name.returns("x")
        #expect(name.get(default: "") == "x")
    }

    @Test func requirementsNamedAsDITestingsFunctionsDoNotAnswerForTheMock() throws {
        let mock = MockDefaulting().injected()
        mock.countMock.returnsDefault()
        mock.mockDefaultMock.returnsDefault()
        mock.decodeMock.returnsDefault()
        mock.mockCastMock.returns(2, for: 1)
        let service: any Defaulting = try Container.shared.resolve()
        #expect(service.count() == 0)
        #expect(service.mockDefault() == 0)
        #expect(service.decode(String.self) == "")
        #expect(service.mockCast(1) == 2)
        mock.mockDefaultMock.assertCalled(times: 1)
        mock.mockCastMock.assertCalled(times: 1)
    }

    @Test func parametersNamedAsStandInsOrDITestingsFunctionsDoNotHideThem() throws {
        let mock = MockShadowing().injected()
        mock.loadMock.returns(2, for: 1)
        mock.valueMock.returnsDefault()
        MockShadowing.makeMock.returns(3, for: 4)
        let service: any Shadowing = try Container.shared.resolve()
        #expect(service.load(loadMock: 1) == 2)
        service.save("draft")
        mock.saveMock.assertCalled(with: "draft", times: 1)
        #expect(service.value(of: 5) == 0)
        #expect(MockShadowing.make(makeMock: 4) == 3)
    }

    @Test func typesNamedAsDIKitsAreNamedByTheirModule() async throws {
        let signIn = MockSignIn().injected()
        signIn.tokenMock.returns("token", where: { $0.provider == .apple && $0.scopes == [Corpus.Scope("email")] })
        signIn.registerMock.returns(.google)
        signIn.retryMock.returns(true, for: CorpusBase.Lazy(seconds: 5))
        let service: any SignIn = try Container.shared.resolve()
        #expect(try await service.token(for: .apple, scopes: [Corpus.Scope("email")]) == "token")
        #expect(try service.register(Corpus.Registration(email: "ada@example.com")) == .google)
        #expect(service.retry(after: CorpusBase.Lazy(seconds: 5)))
    }

    /// Parameters the protocol leaves unnamed: each recorded argument is named by its label.
    @Test func anUnnamedParameterIsRecordedUnderItsLabel() {
        let messaging = MockMessaging()
        messaging.sendMock.returns(true, where: { $0.to == "ada" })
        #expect(messaging.send("hi", to: "ada", cc: "bob"))
        #expect(messaging.sendMock.calls.last?.to == "ada")
        #expect(messaging.sendMock.calls.last?.arg0 == "hi")
        messaging.forwardMock.returns(false)
        #expect(!messaging.forward(from: "ada", "bob"))
        #expect(messaging.forwardMock.calls.last?.arg0 == "ada")
        #expect(messaging.forwardMock.calls.last?.from == "bob")
    }

    /// A type of another module of the package, hidden in this target by a fixture of its name.
    @Test func aTypeHiddenByAFixtureOfTheTestTargetIsNamedByItsModule() async throws {
        let service = MockUserService()
        service.stopMock.returnsDefault()
        service.stop(reason: .failed(code: 2))
        #expect(service.stopMock.calls == [.failed(code: 2)])
        #expect(StopReason(code: 2) == StopReason(code: 2))  // the fixture's
    }

    /// Two modules' `Envelope`s, in one mock: each named by its module.
    @Test func typesOfOneNameInTwoModulesAreNamedByTheirModule() {
        let mailer = MockMailer()
        mailer.sendMock.returns(true, for: CorpusBase.Envelope(contents: "hi"))
        mailer.deliverMock.returns(true, for: CorpusMail.Envelope(recipient: "ada"))
        #expect(mailer.send(CorpusBase.Envelope(contents: "hi")))
        #expect(mailer.deliver(CorpusMail.Envelope(recipient: "ada")))
    }

    @Test func aProtocolUsingACTypeIsMocked() throws {
        let signaling = MockProcessSignaling().injected()
        signaling.sendMock.returns(0, where: { $0.signal == 15 })
        let processes: any ProcessSignaling = try Container.shared.resolve()
        #expect(processes.send(15, to: 42) == 0)
        signaling.sendMock.assertCalled(times: 1)
    }
}
