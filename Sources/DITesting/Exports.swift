// A test target that imports DITesting sees DIKitCore's API too: `import DITesting` is enough,
// and the test target depends on the DITesting product only.
@_exported public import DIKitCore
