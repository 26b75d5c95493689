import RecurrenceCore

/// The `quickadd` command line: a thin layer over the libraries, testable in-process.
public enum QuickAddCommand {
  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// Runs the command line `arguments` (without the program name) and collects its output.
  ///
  /// - Parameter stdin: the text of standard input, for commands given `-`; nil stands for a
  ///   closed standard input.
  /// - Returns: the output and exit status; nothing is printed.
  public static func run(_ arguments: [String], stdin: () -> String? = { nil }) -> CommandResult {
    run(arguments, input: stdin().map { .bytes(Array($0.utf8)) } ?? .closed)
  }

  /// Runs the command line `arguments` with standard input read from `input`, and collects
  /// its output.
  public static func run(_ arguments: [String], input: ByteSource) -> CommandResult {
    let collected = Collected()
    var output = OutputWriter { collected.bytes += $0 }
    var result = run(arguments, input: input, output: &output)
    output.flush()
    result.stdout = String(decoding: collected.bytes, as: UTF8.self)
    return result
  }

  /// Runs the command line `arguments`, writing standard output to `output` as it goes.
  ///
  /// - Parameters:
  ///   - input: standard input, read only by commands given `-`.
  ///   - output: standard output; flush it after the call.
  /// - Returns: standard error and the exit status (its `stdout` is empty: it went to `output`).
  public static func run(_ arguments: [String], input: ByteSource, output: inout OutputWriter) -> CommandResult {
    var result = dispatch(arguments, input: input, output: &output)
    output.write(result.stdout)
    result.stdout = ""
    return result
  }

  /// Collects output for the in-memory `run`.
  final class Collected {
    var bytes: [UInt8] = []
  }

  static func dispatch(_ arguments: [String], input: ByteSource, output: inout OutputWriter) -> CommandResult {
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
        guard rest.count == 1 else { throw UsageError(message: "give one command name", command: "help") }
        guard let help = helpText(name) else { throw UsageError(message: unknownCommand(name), command: "help") }
        return CommandResult(stdout: help)
      case "next": return try NextCommand.run(rest)
      case "parse": return try ParseCommand.run(rest, input: input, output: &output)
      case "add": return try AddCommand.run(rest, input: input, output: &output)
      case "corpus": return try CorpusCommand.run(rest)
      case "encode": return try EncodeCommand.run(rest)
      case "decode": return try DecodeCommand.run(rest)
      case "complete": return try CompleteCommand.run(rest)
      case "horizon": return try HorizonCommand.run(rest, stdin: { Self.readAll(input) })
      case "import": return try ImportCommand.run(rest, output: &output)
      default: throw UsageError(message: unknownCommand(first), command: nil)
      }
    } catch let error as UsageError {
      let usage =
        error.command.flatMap { name in commands.first { $0.name == name }?.usage } ?? "quickadd <command> [options]"
      let see = error.command.map { "quickadd help \($0)" } ?? "quickadd --help"
      return CommandResult(
        stderr:
          "Error: \(TerminalText.escaped(error.message))\nUsage: \(usage)\n  See '\(see)' for more information.\n",
        exitCode: ExitStatus.usage)
    } catch let error as Failure {
      return CommandResult(
        stdout: error.stdout,
        stderr: error.message.isEmpty || error.message.hasSuffix("\n") ? error.message : error.message + "\n",
        exitCode: error.exitCode)
    } catch {
      return CommandResult(stderr: "Error: \(TerminalText.escaped("\(error)"))\n", exitCode: ExitStatus.failure)
    }
  }

  /// The whole of `source` as text, or nil when it is closed or cannot be read.
  static func readAll(_ source: ByteSource) -> String? {
    var source = source
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    do {
      while true {
        let n = try buffer.withUnsafeMutableBufferPointer { try source.read(into: $0) }
        if n == 0 { break }
        bytes += buffer[0..<n]
      }
    } catch {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `unknown command 'nxet'; did you mean 'next'?`
  static func unknownCommand(_ name: String) -> String {
    var message = "unknown command '\(TerminalText.escaped(name, limit: 80))'"
    if name.unicodeScalars.count <= 40,
      let s = commands.map(\.name).min(by: { editDistance($0, name) < editDistance($1, name) }),
      editDistance(s, name) <= 2
    {
      message += "; did you mean '\(s)'?"
    }
    return message
  }

  struct CommandInfo {
    let name: String
    let usage: String
    let summary: String
    let details: String
  }

  static let commands: [CommandInfo] = [
    ParseCommand.info, AddCommand.info, NextCommand.info, EncodeCommand.info, DecodeCommand.info, CorpusCommand.info,
    CompleteCommand.info, HorizonCommand.info, ImportCommand.info, helpInfo,
  ]

  static let helpInfo = CommandInfo(
    name: "help",
    usage: "quickadd help [COMMAND]",
    summary: "Show the commands, or one command's options.",
    details: """
      'quickadd help COMMAND' is the same as 'quickadd COMMAND --help'.

      """)

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
