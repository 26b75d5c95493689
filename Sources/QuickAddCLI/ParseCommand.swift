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

      With '-' the phrases are read from standard input, one a line, and every line gets a JSON
      object (keys: input, ok, kind, text, rrule, packed, next, warnings; or input, ok, error);
      the exit status is then 0 even when some lines fail. A single phrase that does not parse
      exits 1 with the error and a caret under the problem.

      """)

  static func run(_ arguments: ArraySlice<String>, stdin: () -> String?) throws -> CommandResult {
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
      let lines = (stdin() ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      var out = ""
      for line in lines.prefix(100_000) {
        let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        if text.isEmpty { continue }
        out += json(text, context: context, count: count) + "\n"
      }
      return CommandResult(stdout: out)
    }
    let result = PhraseParser.parse(phrase, context: ParseContext(now: context.now))
    guard let rule = result.rule else {
      let error =
        result.errors.first ?? Diagnostic(id: "QA101", message: "no recurrence found", range: SourceRange(0, 0))
      if args.flags.contains("--json") {
        return CommandResult(stdout: RuleReport.failure(input: phrase, error) + "\n", exitCode: ExitStatus.failure)
      }
      throw Failure(message: error.rendered(input: phrase))
    }
    let report = RuleReport(rule: rule, input: phrase, context: context, count: count, warnings: result.warnings)
    return CommandResult(stdout: args.flags.contains("--json") ? report.json + "\n" : report.plain)
  }

  /// One JSON line for a phrase.
  static func json(_ phrase: String, context: Context, count: Int) -> String {
    let result = PhraseParser.parse(phrase, context: ParseContext(now: context.now))
    guard let rule = result.rule else {
      let error =
        result.errors.first ?? Diagnostic(id: "QA101", message: "no recurrence found", range: SourceRange(0, 0))
      return RuleReport.failure(input: phrase, error)
    }
    return RuleReport(rule: rule, input: phrase, context: context, count: count, warnings: result.warnings).json
  }
}
