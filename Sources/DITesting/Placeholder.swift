import DIKitCore
