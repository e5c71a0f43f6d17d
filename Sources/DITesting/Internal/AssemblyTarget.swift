import DIKitCore

/// The container DITesting is assembling assemblies into — `verifyAssemblies`' sandbox,
/// `recordRegistrations`' container — where a test assembly's `MockAPI().injected()` registers,
/// as it registers into a test injector that assembles its assemblies.
enum AssemblyTarget {
    @TaskLocal static var container: Container?

    /// Assembles `assemblies` into `container`, which `injected()` registers into meanwhile.
    static func assemble(_ assemblies: [any Assembly], into container: Container) {
        $container.withValue(container) { container.assemble(assemblies) }
    }
}
