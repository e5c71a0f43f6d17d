/// A direct-mapped copy of `InstanceTable.byKey`, for the lookups every resolve makes: one slot
/// per key, picked by the key's hash, compared in place. Reading a built singleton costs about a
/// third of a `Dictionary` lookup, and so does learning that a transient has no instance, which
/// is most lookups. A key whose slot another key took is found in `byKey`.
struct InstanceSlots {
    /// A key and its instance; `instance` is `nil` in an empty slot. The key's parts are compared
    /// in place: copying the slot out would retain its name and instance.
    private struct Slot {
        var service = ObjectIdentifier(Empty.self)
        var arguments = ObjectIdentifier(Empty.self)
        var name: String?
        var instance: SharedInstance?
    }

    /// The service of an empty slot: no key has it.
    private enum Empty {}

    /// What a lookup found.
    enum Lookup {
        case found(SharedInstance)
        /// `byKey` has no instance for the key.
        case absent
        /// The key is in no slot, and may be in `byKey`.
        case unknown
    }

    /// A power of two, at least twice the number of instances; empty until one is stored.
    private var slots: ContiguousArray<Slot> = []
    /// Whether an instance of `byKey` may have no slot: once two keys have shared one. Until
    /// then a key missing from its slot is missing from `byKey` too.
    private var isPartial = false

    @inline(__always)
    func lookup(_ key: ServiceKey) -> Lookup {
        guard !slots.isEmpty else { return .absent }
        let index = index(key)
        if holds(key, at: index), let instance = slots[index].instance { return .found(instance) }
        return isPartial ? .unknown : .absent
    }

    @inline(__always)
    private func index(_ key: ServiceKey) -> Int { key._rawHashValue(seed: 0) & (slots.count &- 1) }

    /// Copies `byKey`'s instance for `key` (just stored) into its slot. The slots, a power of
    /// two and at least twice the instances, start at four (a test injector builds a few
    /// singletons, and every slot is initialized and destroyed with it). Up to 64 slots they also
    /// double when two keys would share one, so a few singletons get a slot each whatever their
    /// hashes: shared slots cost every miss a dictionary lookup (about 95 instructions; in one
    /// build the benchmark's two singletons shared all of 8 slots). Each time the slots grow
    /// they are filled from `byKey`.
    mutating func store(_ instance: SharedInstance, for key: ServiceKey, in byKey: [ServiceKey: SharedInstance]) {
        let limit = Swift.max(64, 2 * byKey.count)
        var size = Swift.max(slots.count, 4)
        while size < 2 * byKey.count { size *= 2 }
        if size == slots.count {
            guard collides(key) && size < limit else { return place(instance, for: key) }
            size *= 2
        }
        fill(size, from: byKey)
        while isPartial && size < limit {
            size *= 2
            fill(size, from: byKey)
        }
    }

    /// Makes `size` empty slots and places every instance of `byKey`.
    private mutating func fill(_ size: Int, from byKey: [ServiceKey: SharedInstance]) {
        slots = ContiguousArray(repeating: Slot(), count: size)
        isPartial = false
        for (key, instance) in byKey { place(instance, for: key) }
    }

    /// Whether another key holds `key`'s slot.
    private func collides(_ key: ServiceKey) -> Bool {
        let index = index(key)
        return slots[index].instance != nil && !holds(key, at: index)
    }

    private mutating func place(_ instance: SharedInstance, for key: ServiceKey) {
        let index = index(key)
        if collides(key) { isPartial = true }
        slots[index] = Slot(service: key.service, arguments: key.arguments, name: key.name, instance: instance)
    }

    /// Empties `key`'s slot, if it holds `key`.
    mutating func remove(_ key: ServiceKey) {
        guard !slots.isEmpty else { return }
        let index = index(key)
        if holds(key, at: index) { slots[index] = Slot() }
    }

    @inline(__always)
    private func holds(_ key: ServiceKey, at index: Int) -> Bool {
        slots[index].service == key.service && slots[index].arguments == key.arguments
            && slots[index].name == key.name
    }
}
