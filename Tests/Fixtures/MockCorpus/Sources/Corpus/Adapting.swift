import Foundation

/// `inout` parameters of methods that return nothing, as request adapters and interceptors have
/// them: a stub answers with their new values; unanswered, they keep theirs.
public protocol RequestAdapting {
    func adapt(_ headers: inout [String: String])
    func sign(_ headers: inout [String: String], key: String) throws
    func prepare(_ headers: inout [String: String], body: inout Data) async
    static func normalize(_ path: inout String)
    /// Not answered with its new value: the method returns something else.
    func attempt(_ count: inout Int) -> Bool
    /// Not answered with their new values: the parameter is generic; typed throws; a closure
    /// that runs when nothing answers.
    func inject<Carrier>(into carrier: inout Carrier)
    func verify(_ headers: inout [String: String]) throws(LoadError)
    func update(_ headers: inout [String: String], _ body: () -> Void)
}
