import DIKitCore
import ForecastKit
import Foundation

let app = Container(assemblies: ForecastApp.assemblies)
let outcome = ForecastCommand.run(Array(CommandLine.arguments.dropFirst()), app: app)
if !outcome.output.isEmpty { print(outcome.output) }
if !outcome.error.isEmpty { FileHandle.standardError.write(Data((outcome.error + "\n").utf8)) }
exit(outcome.status)
