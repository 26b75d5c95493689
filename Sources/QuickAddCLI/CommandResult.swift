import RecurrenceCore

/// What a command produced: its output streams and exit status.
public struct CommandResult: Sendable, Hashable {
  /// Text for standard output.
  public var stdout: String
  /// Text for standard error.
  public var stderr: String
  /// The exit status: 0 success, 1 failure, 64 usage error, 66 input that cannot be read.
  public var exitCode: Int32

  /// Creates a result.
  public init(stdout: String = "", stderr: String = "", exitCode: Int32 = 0) {
    self.stdout = stdout
    self.stderr = stderr
    self.exitCode = exitCode
  }
}

/// Exit statuses, as `sysexits.h` names them.
public enum ExitStatus {
  /// Success.
  public static let success: Int32 = 0
  /// The command ran and failed (a bad rule, a phrase that does not parse).
  public static let failure: Int32 = 1
  /// The command line itself was wrong (`EX_USAGE`).
  public static let usage: Int32 = 64
  /// An input file, a directory, or standard input cannot be opened or read (`EX_NOINPUT`).
  public static let noInput: Int32 = 66
}

/// A usage error: an unknown option, a missing value.
struct UsageError: Error {
  let message: String
  let command: String?
}

/// A failure: a message for standard error, and for `--json` the object for standard output.
struct Failure: Error {
  /// The rendered problem for standard error (empty under `--json`).
  var message: String
  /// The JSON object and its newline under `--json`, else empty.
  var stdout = ""
  /// The exit status: `ExitStatus.failure` unless an input could not be read.
  var exitCode = ExitStatus.failure

  /// A failure reported as `message` on standard error.
  init(message: String) { self.message = message }

  /// Input that does not read: the diagnostic with a caret under `input`, or under `--json`
  /// its JSON object on standard output.
  init(_ diagnostic: Diagnostic, input: String, json: Bool) {
    if json {
      message = ""
      stdout = RuleReport.failure(input: input, diagnostic) + "\n"
    } else {
      message = diagnostic.rendered(input: input)
    }
  }
}
