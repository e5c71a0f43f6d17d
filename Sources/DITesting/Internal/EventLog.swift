/// An injector's events, in order. The first two are held inline, in the injector itself: a test
/// that registers a mock and resolves it allocates nothing for its log. Later ones go to an array.
struct EventLog {
    private var first: Recording.Event?
    private var second: Recording.Event?
    private var rest: [Recording.Event] = []

    mutating func append(_ event: consuming Recording.Event) {
        if first == nil {
            first = event
        } else if second == nil {
            second = event
        } else {
            rest.append(event)
        }
        _checkInvariants()
    }

    /// Checks, under `DIKIT_INTERNAL_CHECKS` (which `.ci/run` turns on once), that the inline
    /// slots fill in order before `rest` does.
    func _checkInvariants() {
        #if DIKIT_INTERNAL_CHECKS
            precondition(first != nil || second == nil, "EventLog: a second event with no first")
            precondition(second != nil || rest.isEmpty, "EventLog: events in rest with the inline slots free")
        #endif
    }

    /// All of them, oldest first.
    var all: [Recording.Event] {
        guard let first else { return [] }
        guard let second else { return [first] }
        return [first, second] + rest
    }
}
