import Foundation
import QuickAddCLI

let result = QuickAddCommand.run(Array(CommandLine.arguments.dropFirst())) {
  String(data: FileHandle.standardInput.readDataToEndOfFile(), encoding: .utf8)
}
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
