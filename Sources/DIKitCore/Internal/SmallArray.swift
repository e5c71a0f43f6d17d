/// An array that holds one element without allocating: most service types have one key, and most
/// test injectors register one override.
enum SmallArray<Element>: RandomAccessCollection, MutableCollection {
    case empty
    case one(Element)
    /// Two or more.
    case many([Element])

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch self {
        case .empty: 0
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    var isEmpty: Bool {
        if case .empty = self { true } else { false }
    }

    subscript(position: Int) -> Element {
        get {
            switch self {
            case .one(let element) where position == 0: return element
            case .many(let elements): return elements[position]
            default: preconditionFailure("SmallArray: index \(position) out of range")
            }
        }
        set {
            switch self {
            case .one where position == 0:
                self = .one(newValue)
            case .many(var elements):
                self = .empty  // drops this enum's reference, so `elements` is unique and changes in place
                elements[position] = newValue
                self = .many(elements)
            default:
                preconditionFailure("SmallArray: index \(position) out of range")
            }
        }
    }

    /// Appends `element`, in place.
    mutating func append(_ element: Element) {
        defer { _checkInvariants() }
        switch self {
        case .empty:
            self = .one(element)
        case .one(let first):
            self = .many([first, element])
        case .many(var elements):
            self = .empty  // as above: `elements` appends in place
            elements.append(element)
            self = .many(elements)
        }
    }

    /// Checks that `.many` holds two or more elements, under `DIKIT_INTERNAL_CHECKS` (which
    /// `.ci/run` turns on once).
    func _checkInvariants() {
        #if DIKIT_INTERNAL_CHECKS
            if case .many(let elements) = self {
                precondition(elements.count >= 2, "SmallArray: .many holds \(elements.count) elements")
            }
        #endif
    }
}

extension SmallArray: Sendable where Element: Sendable {}
