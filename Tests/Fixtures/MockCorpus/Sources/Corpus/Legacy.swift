// swift-format-ignore-file: NeverUseImplicitlyUnwrappedOptionals

import Foundation

/// Implicitly unwrapped optionals, as Objective-C-era protocols write a delegate or an argument
/// that may be `nil`: the mock's stand-ins hold the optional (`Int!` is not a type a tuple or a
/// generic argument may hold).
public protocol LegacyScreen {
    var delegate: AnyObject! { get set }
    var title: String! { get }
    func show(_ message: String!, after delay: Int!) -> Bool!
}

/// An Objective-C-era delegate: its mock subclasses `NSObject`, which meets `NSObjectProtocol`
/// (and the `description` it restates), and is `Hashable` already.
public protocol DownloadDelegate: NSObjectProtocol, Hashable {
    var description: String { get }
    func download(_ id: Int, didFinishAt location: URL)
}
