import QuickAddParser
import RecurrenceCore

/// `quickadd parse`: read recurrence phrases.
enum ParseCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "parse",
    usage: "quickadd parse [--now ISO] [--tz IANA|floating] [--count N] [--json] PHRASE|-",
    summary: "Read a recurrence phrase: its rule, canonical text, RRULE and next occurrences.",
    details: """
      Options:
        --now ISO       the reference date-time for relative dates and occurrences (default: now)
        --tz IANA       time zone (default: the system zone), or 'floating'
        --count N       how many occurrences, 0…1000 (default 5)
        --json          one JSON object; with '-' one object per input line

      With '-' the phrases are read from standard input, one a line (LF or CRLF), and every line,
      empty or not valid UTF-8 included, gets a JSON object in order (keys: input, ok, kind,
      text, rrule, packed, next, warnings; or input, ok, error), written as it is read; the exit
      status is then 0 even when some lines fail, and 66 when standard input is closed, empty,
      a directory or unreadable. A single phrase that does not parse exits 1 with the error and
      a caret under the problem (a JSON object under --json). Warnings go to standard error.

      """)

  static func run(_ arguments: ArraySlice<String>, input: ByteSource, output: inout OutputWriter) throws
    -> CommandResult
  {
    let args = try Arguments(
      arguments, command: "parse", valued: ["--now", "--tz", "--count"], flags: ["--json"])
    guard args.positionals.count == 1 else {
      throw UsageError(
        message: args.positionals.isEmpty ? "missing PHRASE" : "give the phrase as one argument (quote it)",
        command: "parse")
    }
    let context = try Context(args, referenceOption: "--now", command: "parse")
    let count = try args.integer("--count", default: 5, in: 0...1000, command: "parse")
    let phrase = args.positionals[0]
    if phrase == "-" {
      return streamLines(input, context: context, count: count, output: &output)
    }
    let result = PhraseParser.parse(phrase, context: ParseContext(now: context.now))
    guard let rule = result.rule else {
      let error = result.errors.first ?? noRecurrence
      if args.flags.contains("--json") {
        return CommandResult(stdout: RuleReport.failure(input: phrase, error) + "\n", exitCode: ExitStatus.failure)
      }
      throw Failure(message: error.rendered(input: phrase))
    }
    let report = RuleReport(rule: rule, input: phrase, context: context, count: count, warnings: result.warnings)
    if args.flags.contains("--json") { return CommandResult(stdout: report.json + "\n") }
    return CommandResult(stdout: report.plain, stderr: report.plainWarnings)
  }

  /// The error for a phrase the parser returned no error for (never expected).
  static let noRecurrence = Diagnostic(id: "QA101", message: "no recurrence found", range: SourceRange(0, 0))

  /// `parse -`: one JSON line per input line, written as it goes.
  ///
  /// - Returns: exit 0 once every line has its object (even when lines fail), or
  ///   `ExitStatus.noInput` with the reason when the input cannot be read.
  static func streamLines(_ input: ByteSource, context: Context, count: Int, output: inout OutputWriter)
    -> CommandResult
  {
    var reader = LineReader(input)
    var line: [UInt8] = []
    line.reserveCapacity(64 * 1024)
    do {
      while let next = try reader.next(beforeReading: { output.flush() }) {
        appendJSON(next, context: context, count: count, to: &line)
        line.append(10)
        output.write(bytes: &line)
      }
    } catch {
      return CommandResult(stderr: "Error: \(error)\n", exitCode: ExitStatus.noInput)
    }
    return CommandResult()
  }

  /// The JSON object for one input line: its report, its parse error, or an `IN101` error
  /// naming the first byte that is not UTF-8.
  static func appendJSON(_ line: InputLine, context: Context, count: Int, to out: inout [UInt8]) {
    if let offset = line.invalidByteOffset {
      let prefix = line.invalidScalarOffset ?? 0
      let byte = line.invalidByte.map { ", byte 0x" + String($0, radix: 16, uppercase: true) } ?? ""
      let error = Diagnostic(
        id: "IN101", message: "line \(line.number) is not valid UTF-8 at byte offset \(offset)\(byte)",
        range: SourceRange(prefix, prefix + 1))
      RuleReport.appendFailure(input: line.text, error, extra: [("byteOffset", offset)], to: &out)
      return
    }
    let result = PhraseParser.parse(line.text, context: ParseContext(now: context.now))
    guard let rule = result.rule else {
      RuleReport.appendFailure(input: line.text, result.errors.first ?? noRecurrence, to: &out)
      return
    }
    RuleReport(rule: rule, input: line.text, context: context, count: count, warnings: result.warnings)
      .appendJSON(to: &out)
  }
}
