/// A type named as one of another module of the package (`CorpusBase.Envelope`), as FlyingFox's
/// and MCP's `HTTPRequest` are: a mock's file importing both names each by its module.
public struct Envelope: Sendable, Equatable {
    /// To whom.
    public var recipient: String
    /// An envelope for `recipient`.
    public init(recipient: String) { self.recipient = recipient }
}
