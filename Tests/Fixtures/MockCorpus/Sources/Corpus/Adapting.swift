import Foundation

/// `inout` parameters of methods that return nothing, as request adapters and interceptors have
/// them: a stub answers with their new values; unanswered, they keep theirs.
public protocol RequestAdapting {
    func adapt(_ headers: inout [String: String])
    func sign(_ headers: inout [String: String], key: String) throws
    func prepare(_ headers: inout [String: String], body: inout Data) async
    static func normalize(_ path: inout String)
    /// A generic one, alone: answered with a value of the call's type (the answer is `Any`).
    func inject<Carrier>(into carrier: inout Carrier)
    func fill<Value>(_ value: inout Value?)
    /// Not answered with its new value: the method returns something else.
    func attempt(_ count: inout Int) -> Bool
    /// Not answered with their new values: a generic one beside another; typed throws; a closure
    /// that runs when nothing answers.
    func merge<Value>(_ value: inout Value, into headers: inout [String: String])
    func verify(_ headers: inout [String: String]) throws(LoadError)
    func update(_ headers: inout [String: String], _ body: () -> Void)
}
