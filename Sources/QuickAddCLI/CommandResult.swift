/// What a command produced: its output streams and exit status.
public struct CommandResult: Sendable, Hashable {
  /// Text for standard output.
  public var stdout: String
  /// Text for standard error.
  public var stderr: String
  /// The exit status: 0 success, 1 failure, 64 usage error.
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
}

/// A usage error: an unknown option, a missing value.
struct UsageError: Error {
  let message: String
  let command: String?
}

/// A failure with a message for standard error (exit 1).
struct Failure: Error {
  let message: String
}
