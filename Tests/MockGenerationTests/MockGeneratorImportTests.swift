import MockGeneration
import Testing

/// Which modules a mock file imports.
@Suite struct MockGeneratorImportTests {
    /// `URLRequest` and `URLResponse` are FoundationNetworking's on Linux, which
    /// `import Foundation` does not bring in, and Foundation's on Apple platforms: the file imports
    /// FoundationNetworking where it exists, and is the same on both.
    @Test func foundationNetworkingIsImportedWhereItExists() throws {
        let source = try generate(["HTTPTransport"]).source
        #expect(
            source.contains(
                """
                import DITesting
                import Foundation
                #if canImport(FoundationNetworking)
                    import FoundationNetworking
                #endif
                import Corpus

                """))
        #expect(source.contains("func data(for request: URLRequest) async throws -> (Data, URLResponse) {"))
        // A file whose types are none of FoundationNetworking's does not import it.
        #expect(!(try generate(["WeatherService"]).source.contains("FoundationNetworking")))
    }

    /// A mock file imports what the files declaring its protocols import, `#if` blocks and all:
    /// C types (`pid_t`) and Objective-C ones (`UIImage`) have symbol-graph identities that say
    /// no module.
    @Test func theProtocolsFileImportsAreTheMocksImports() throws {
        let source = try generate(
            source: """
                @preconcurrency import Dispatch
                internal import struct Foundation.Date
                #if DEBUG
                    let debugging = true
                #endif
                #if canImport(Glibc)
                    import Glibc
                #elseif os(Windows)
                #else
                    import Darwin
                #endif
                #if os(Linux)
                    #if canImport(FoundationNetworking)
                        import FoundationNetworking
                    #else
                    #endif
                #endif

                protocol Processes {
                    func signal(_ process: pid_t) -> Int32
                    func run(on queue: DispatchQueue, at date: Date)
                }
                """
        ).source
        #expect(
            source.contains(
                """

                import DITesting
                @preconcurrency import Dispatch
                import Foundation
                #if canImport(Glibc)
                    import Glibc
                #elseif os(Windows)
                #else
                    import Darwin
                #endif
                #if os(Linux)
                    #if canImport(FoundationNetworking)
                        import FoundationNetworking
                    #endif
                #endif
                @testable import Scratch

                """))
        #expect(source.contains("func signal(_ process: pid_t) -> Int32 {"))
    }

    /// An import is written once: blocks opened by the same condition are one, and an import
    /// already made outside any block, or earlier in its branch, is not repeated (SwiftNIO's
    /// files each open `#if !os(WASI)`, and import `WinSDK` once per declaration they take from it).
    @Test func eachImportIsWrittenOnce() throws {
        let source = try generate(
            source: """
                import Dispatch
                #if os(Linux)
                    import Glibc
                    import Dispatch
                #endif
                #if canImport(WinSDK)
                    import struct WinSDK.HANDLE
                    import struct WinSDK.DWORD
                    #if os(Windows)
                        import WinSDK
                        import ucrt
                    #endif
                #endif
                #if os(Linux)
                    import struct Glibc.pid_t
                    import Foundation
                #endif

                protocol Processes {
                    func signal(_ process: pid_t) -> Int32
                    func run(on queue: DispatchQueue)
                }
                """
        ).source
        #expect(
            source.contains(
                """

                import DITesting
                import Dispatch
                #if os(Linux)
                    import Glibc
                    import Foundation
                #endif
                #if canImport(WinSDK)
                    import WinSDK
                    #if os(Windows)
                        import ucrt
                    #endif
                #endif
                @testable import Scratch

                """))
    }
    /// An `import` or `#if` in a multi-line string (a code generator's template, a test's expected
    /// source) or a block comment is text, not the file's: it is not copied. One followed by a
    /// comment, or beside another after a `;`, is (Mockingbird's cases).
    @Test func importsInStringsAndCommentsAreNotTheFiles() throws {
        let source = try generate(
            source: ##"""
                import Dispatch; import Foundation;
                import Swift// a comment
                #if os(Linux) // a comment
                    /* before */import Glibc
                #endif
                /* Imported once:
                import Commented
                   /* nested */
                import StillCommented
                 */
                let template = """
                    import Templated
                    #if os(Linux)
                    import TemplatedOnLinux
                    #endif
                    """
                let raw = #"""
                    """
                    import RawTemplated
                    """#
                let quoted = "\"\"\" /* import Quoted"
                import Foundation

                protocol Queueing {
                    func run(on queue: DispatchQueue, at date: Date)
                }
                """##
        ).source
        #expect(
            source.contains(
                """

                import DITesting
                import Dispatch
                import Foundation
                import Swift
                #if os(Linux)
                    import Glibc
                #endif
                @testable import Scratch

                """))
        #expect(!source.contains("Templated") && !source.contains("Commented") && !source.contains("Quoted"))
    }

    /// Another module's `internal` type of a Foundation type's name (SwiftProtobuf's
    /// `JSONDecoder`, in a graph made at the internal level) is invisible to the mock's file: it
    /// makes Foundation's no more ambiguous. Where Foundation's type is named `Foundation.…`
    /// still (beside another module's public type of its name), the file imports Foundation,
    /// which a file importing only FoundationEssentials where it can (server code on Linux) lacks.
    @Test func foundationsTypesAreQualifiedOnlyBesideAVisibleTypeOfTheirNameAndThenImportIt() throws {
        let header = """
            #if canImport(FoundationEssentials)
            import FoundationEssentials
            #else
            import Foundation
            #endif
            import Coders

            """
        let hidden = try generate(
            source: header + "public protocol Decoding: Coding { func decoder() -> JSONDecoder }",
            after: [("Coders", "public protocol Coding {}\nstruct JSONDecoder {}")]
        ).source
        #expect(hidden.contains("func decoder() -> JSONDecoder {"))
        #expect(!hidden.contains("Foundation.JSONDecoder") && !hidden.contains("\nimport Foundation\n"))
        // A module whose graph is read, and which the file may import.
        let visible = try generate(
            source: header + "public protocol Decoding: Coding { func decoder() -> JSONDecoder }",
            after: [("Coders", "public protocol Coding {}"), ("Others", "public struct JSONDecoder {}")]
        ).source
        #expect(visible.contains("func decoder() -> Foundation.JSONDecoder {"))
        #expect(visible.contains("\nimport Foundation\n"))
    }
}
