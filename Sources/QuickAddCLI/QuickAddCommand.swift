import RecurrenceCore

/// The `quickadd` command line: a thin layer over the libraries, testable in-process.
public enum QuickAddCommand {
  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// Runs the command line `arguments` (without the program name).
  ///
  /// - Parameter stdin: reads standard input, for commands given `-`.
  /// - Returns: the output and exit status; nothing is printed.
  public static func run(_ arguments: [String], stdin: () -> String? = { nil }) -> CommandResult {
    guard let first = arguments.first else {
      return CommandResult(stdout: overview, exitCode: ExitStatus.success)
    }
    let rest = arguments.dropFirst()
    if rest.contains("--help") || rest.contains("-h"), let help = helpText(first) {
      return CommandResult(stdout: help)
    }
    do {
      switch first {
      case "-h", "--help": return CommandResult(stdout: overview)
      case "--version": return CommandResult(stdout: version + "\n")
      case "help":
        guard let name = rest.first else { return CommandResult(stdout: overview) }
        guard let help = helpText(name) else { throw UsageError(message: "unknown command '\(name)'", command: nil) }
        return CommandResult(stdout: help)
      case "next": return try NextCommand.run(rest)
      case "parse": return try ParseCommand.run(rest, stdin: stdin)
      case "corpus": return try CorpusCommand.run(rest)
      case "encode": return try EncodeCommand.run(rest)
      case "decode": return try DecodeCommand.run(rest)
      case "complete": return try CompleteCommand.run(rest)
      case "horizon": return try HorizonCommand.run(rest, stdin: stdin)
      default:
        var message = "unknown command '\(first)'"
        if let s = commands.map(\.name).min(by: { editDistance($0, first) < editDistance($1, first) }),
          editDistance(s, first) <= 2
        {
          message += "; did you mean '\(s)'?"
        }
        throw UsageError(message: message, command: nil)
      }
    } catch let error as UsageError {
      let usage =
        error.command.flatMap { name in commands.first { $0.name == name }?.usage } ?? "quickadd <command> [options]"
      let see = error.command.map { "quickadd help \($0)" } ?? "quickadd --help"
      return CommandResult(
        stderr: "Error: \(error.message)\nUsage: \(usage)\n  See '\(see)' for more information.\n",
        exitCode: ExitStatus.usage)
    } catch let error as Failure {
      return CommandResult(
        stderr: error.message.hasSuffix("\n") ? error.message : error.message + "\n", exitCode: ExitStatus.failure)
    } catch {
      return CommandResult(stderr: "Error: \(error)\n", exitCode: ExitStatus.failure)
    }
  }

  struct CommandInfo {
    let name: String
    let usage: String
    let summary: String
    let details: String
  }

  static let commands: [CommandInfo] = [
    ParseCommand.info, NextCommand.info, EncodeCommand.info, DecodeCommand.info, CorpusCommand.info,
    CompleteCommand.info, HorizonCommand.info,
  ]

  static var overview: String {
    var text = """
      quickadd: natural-language recurrence rules for quick-add boxes.

      Usage: quickadd <command> [options]

      Commands:

      """
    for c in commands { text += "  \(c.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(c.summary)\n" }
    text += "\nSee 'quickadd help <command>' for a command's options.\n"
    return text
  }

  static func helpText(_ name: String) -> String? {
    guard let c = commands.first(where: { $0.name == name }) else { return nil }
    return "\(c.summary)\n\nUsage: \(c.usage)\n\n\(c.details)"
  }
}
