/// The command line `parse` and `add` share: `--now`, `--tz`, `--count`, `--date-order`,
/// `--json`, and the one text to read (`-` for standard input).
struct ReadingOptions {
  /// The reference date-time, zone and date order.
  let context: Context
  /// How many occurrences a rule reports (`--count`, 0…1000, default 5).
  let count: Int
  /// Whether `--json` was given.
  let json: Bool
  /// The text to read, or `-`.
  let text: String

  /// Reads the options of `command`.
  ///
  /// - Parameters:
  ///   - missing: the usage error when no text is given (`missing PHRASE`).
  ///   - notOne: the usage error when the text came as several arguments.
  init(_ arguments: ArraySlice<String>, command: String, missing: String, notOne: String) throws(UsageError) {
    let args = try Arguments(
      arguments, command: command, valued: ["--now", "--tz", "--count", "--date-order"], flags: ["--json"])
    guard args.positionals.count == 1 else {
      throw UsageError(message: args.positionals.isEmpty ? missing : notOne, command: command)
    }
    context = try Context(args, referenceOption: "--now", command: command)
    count = try args.integer("--count", default: 5, in: 0...1000, command: command)
    json = args.flags.contains("--json")
    text = args.positionals[0]
  }
}
