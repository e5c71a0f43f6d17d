// Protocols that require a class (`protocol ViewLike: BaseView`): the mock subclasses it, or the
// protocol is skipped with a message saying why.
import Foundation

/// A base class some protocols require.
open class BaseView {
    /// The view's identifier, which its subclasses keep.
    public var identifier = "base"
    /// A view.
    public init() {}
    /// Lays the view out: a requirement of `ViewLike` the class meets itself.
    open func layout() -> Int { 1 }
}

/// A superclass requirement: the mock subclasses `BaseView`, and leaves `layout()` to it.
public protocol ViewLike: BaseView {
    func render() -> String
    func layout() -> Int
}

/// A class that cannot be subclassed.
public final class Sealed {
    /// A sealed value.
    public init() {}
}

/// A protocol requiring a final class: skipped with a message.
public protocol SealedLike: Sealed {
    func open() -> Bool
}

/// A class with no `init()`.
open class Configured {
    /// A configured value.
    public init(name: String) {}
}

/// A protocol requiring a class its mock cannot make: skipped with a message.
public protocol ConfiguredLike: Configured {
    func name() -> String
}

/// A generic class.
open class Boxed<Value> {
    /// An empty box.
    public init() {}
}

/// A protocol requiring a specialisation of it: skipped with a message.
public protocol IntBoxed: Boxed<Int> {
    func count() -> Int
}

/// A class whose `init()` is a convenience one.
open class Convenient {
    /// A value.
    public init(value: Int) {}
    /// The value 0.
    public convenience init() { self.init(value: 0) }
}

/// A protocol requiring that class: its mock declares no initializer, and inherits the class's.
public protocol ConvenientLike: Convenient {
    func value() -> Int
}

/// A protocol requiring that class and an initializer: skipped with a message, since a mock that
/// declares an initializer inherits none of the class's.
public protocol SeededLike: Convenient {
    init(seed: Int)
}

/// A class with a required initializer besides `init()`.
open class Decoded {
    /// A value.
    public init() {}
    /// A value from `data`, which every subclass must offer.
    public required init(data: [UInt8]) {}
}

/// A protocol requiring that class: its mock declares no initializer, and inherits the class's,
/// the required one included.
public protocol DecodedLike: Decoded {
    func size() -> Int
}

/// A main-actor class.
@MainActor open class MainView {
    /// A view.
    public init() {}
}

/// A main-actor protocol requiring a main-actor class: its mock subclasses it, on the main actor.
@MainActor public protocol MainViewLike: MainView {
    func show()
}

/// A protocol requiring a main-actor class, main-actor as the class is without saying so, with a
/// nonisolated requirement: its mock is main-actor, that witness nonisolated.
public protocol LooseViewLike: MainView {
    nonisolated func title() -> String
}

/// A protocol declared isolated to nothing, requiring a main-actor class: skipped with a message.
nonisolated public protocol DetachedViewLike: MainView {}

/// A class isolated to the module's global actor.
@StoreActor open class StoreView {
    /// A view.
    public init() {}
}

/// A protocol requiring a class isolated to another global actor, and isolated to it too: its mock
/// subclasses the class, on that actor.
@StoreActor public protocol StoreViewLike: StoreView {}

/// A protocol requiring `NSObject`, a class of the SDK: its mock subclasses it.
public protocol ObjectLike: NSObject {
    func describe() -> String
}

/// A protocol requiring another class of the SDK: skipped with a message.
public protocol DecoderLike: JSONDecoder {}
