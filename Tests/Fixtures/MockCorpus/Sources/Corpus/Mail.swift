import CorpusBase
import CorpusMail

/// A protocol naming two modules' types of one name, `CorpusBase.Envelope` (in what it inherits)
/// and `CorpusMail.Envelope`, as an app's protocols over FlyingFox's and MCP's `HTTPRequest` do:
/// its mock's file imports both modules, so the mock names each by its module.
public protocol Mailer: Sending {
    func deliver(_ envelope: CorpusMail.Envelope) -> Bool
}
