import QuickAddParser
import RecurrenceCore

/// `quickadd parse`: read recurrence phrases.
enum ParseCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "parse",
    usage: "quickadd parse [--now ISO] [--tz IANA|floating] [--count N] [--date-order mdy|dmy] [--json] PHRASE|-",
    summary: "Read a recurrence phrase: its rule, canonical text, RRULE and next occurrences.",
    details: """
      Options:
        --now ISO       the reference date-time for relative dates and occurrences (default: now)
        --tz IANA       time zone (default: the system zone), or 'floating'
        --count N       how many occurrences, 0…1000 (default 5)
        --date-order O  how numeric dates read: mdy (6/7 is June 7, the default) or dmy (July 6);
                        a first number above 12 is always the day, and a date that reads both
                        ways gets warning QA208
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
    let options = try ReadingOptions(
      arguments, command: "parse", missing: "missing PHRASE", notOne: "give the phrase as one argument (quote it)")
    let (count, phrase) = (options.count, options.text)
    if phrase == "-" {
      return streamLines(input, context: options.context, count: count, output: &output)
    }
    let (result, context) = read(phrase, in: options.context)
    guard let rule = result.rule else {
      throw Failure(result.errors.first ?? noRecurrence, input: phrase, json: options.json)
    }
    let report = RuleReport(rule: rule, input: phrase, context: context, count: count, warnings: result.warnings)
    if options.json { return CommandResult(stdout: report.json + "\n") }
    return CommandResult(stdout: report.plain, stderr: report.plainWarnings)
  }

  /// Parses `phrase` in `context`. A rule whose times name a zone (`9am EST`) is read again with
  /// the reference seen in that zone (its start and first match are that zone's dates) and is
  /// reported there, as `decode` reports a rule with its own zone.
  static func read(_ phrase: String, in context: Context) -> (PhraseResult, Context) {
    let result = PhraseParser.parse(phrase, context: context.parseContext)
    guard let zoned = result.rule.flatMap(context.inZone) else { return (result, context) }
    return (PhraseParser.parse(phrase, context: zoned.parseContext), zoned)
  }

  /// The error for a phrase the parser returned no error for (never expected).
  static let noRecurrence = Diagnostic(id: "QA101", message: "no recurrence found", range: SourceRange(0, 0))

  /// `parse -`: one JSON object per input line, written as it goes (see `LineStream`).
  static func streamLines(_ input: ByteSource, context: Context, count: Int, output: inout OutputWriter)
    -> CommandResult
  {
    LineStream.run(input, output: &output) { text, out in
      appendJSON(text, context: context, count: count, to: &out)
    }
  }

  /// The JSON object for one phrase: its report or its parse error.
  static func appendJSON(_ phrase: String, context: Context, count: Int, to out: inout [UInt8]) {
    let (result, context) = read(phrase, in: context)
    guard let rule = result.rule else {
      RuleReport.appendFailure(input: phrase, result.errors.first ?? noRecurrence, to: &out)
      return
    }
    RuleReport(rule: rule, input: phrase, context: context, count: count, warnings: result.warnings)
      .appendJSON(to: &out)
  }
}
