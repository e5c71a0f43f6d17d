#if canImport(Foundation)
    public import Foundation

    // Kept apart from the core's other files so that only this conformance needs Foundation.
    extension ResolutionError: LocalizedError {
        /// The full message, so `error.localizedDescription` shows it too.
        public var errorDescription: String? { description }
    }
#endif
