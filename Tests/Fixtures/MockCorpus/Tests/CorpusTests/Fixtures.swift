import CorpusBase

/// A fixture of the test target named as `CorpusBase`'s `StopReason`, which it hides in this
/// module: the mocks name that one `CorpusBase.StopReason`, and compile beside it.
struct StopReason: Equatable {
    let code: Int
}
