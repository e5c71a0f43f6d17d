// How a factory registration resolves in each scope, and how it builds.

extension FactoryRegistration {
    /// Resolves a factory registration owned by `owner` according to its scope. Transient and
    /// graph instances are built with the requester as their resolver; shared
    /// ones (singleton, weak) by `owner`, which keeps them.
    @inline(__always)
    func resolve(
        requester: Container, owner: Container, arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        if isInstance { return try make(requester, ()) }
        switch info.scope {
        case .transient:
            return try buildTransient(make, resolver: requester, arguments: arguments, context: context)
        case .graph:
            return try resolveInGraph(make, resolver: requester, arguments: arguments, context: context)
        case .singleton, .weak, .custom:
            return try owner.resolveShared(self, make, arguments: arguments, context: context)
        }
    }

    /// The instance the outermost resolve shares, built on first use.
    private func resolveInGraph(
        _ make: Make, resolver: Container, arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        guard let identity = arguments.identity else {
            throw ResolutionError.argumentsNotHashable(self, on: context)
        }
        if let box = context.graphInstance(of: self, arguments: identity) as? InstanceBox<Service> { return box.value }
        return try build(make, resolver: resolver, arguments: arguments, context: context) { value in
            context.setGraphInstance(InstanceBox(value), of: self, arguments: identity)
            return nil  // a failing handler fails the whole graph, which is dropped anyway
        }
    }

    /// ``build(_:resolver:arguments:context:publish:)`` for a transient, which has nothing to
    /// publish, without the closure.
    @inline(__always)
    private func buildTransient(
        _ make: Make, resolver: Container, arguments: Arguments, context: ResolutionContext
    ) throws -> Service {
        try context.push(self, arguments: arguments)
        defer { context.pop() }
        let value = try invoke(make, resolver: resolver, arguments: arguments, context: context)
        if hasHandlers { context.addPending(handlers, of: self, resolver: resolver, value: value, undo: nil) }
        return value
    }

    /// Runs the factory with this registration on the path: checks for a cycle and the depth, maps
    /// the factory's own errors, publishes the value, and queues the `onResolved` handlers for the
    /// end of the outermost resolve.
    ///
    /// - Parameter publish: Stores the value where its scope keeps it; returns how to drop it again
    ///   if a handler fails.
    func build(
        _ make: Make, resolver: Container, arguments: Arguments, context: ResolutionContext,
        publish: (Service) throws -> (() -> Void)?
    ) throws -> Service {
        try context.push(self, arguments: arguments)
        defer { context.pop() }
        let value = try invoke(make, resolver: resolver, arguments: arguments, context: context)
        let undo = try publish(value)
        if hasHandlers { context.addPending(handlers, of: self, resolver: resolver, value: value, undo: undo) }
        return value
    }

    /// Calls the factory; its errors become `ResolutionError`s naming this registration.
    @inline(__always)
    private func invoke(_ make: Make, resolver: Container, arguments: Arguments, context: ResolutionContext)
        throws -> Service
    {
        do {
            return try make(resolver, arguments.tuple)
        } catch {
            throw ResolutionError.thrown(error, by: self, on: context)
        }
    }
}
