#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    import Darwin
#endif

// A protocol whose requirements use a C type (`pid_t`), which the symbol graph names by a C
// identity that says no module: its mock imports what this file imports.

/// Sends signals to processes.
public protocol ProcessSignaling {
    func send(_ signal: Int32, to process: pid_t) -> Int32
}
