import QuickAddParser
import RecurrenceCore

/// `quickadd add`: read whole quick-add task lines (title, due date or rule, project, labels…).
enum AddCommand {
  /// The command's name, usage, summary and help text.
  static let info = QuickAddCommand.CommandInfo(
    name: "add",
    usage: "quickadd add [--now ISO] [--tz IANA|floating] [--count N] [--date-order mdy|dmy] [--json] LINE|-",
    summary: "Read a task line: its title, due date or rule, project, labels, priority and more.",
    details: """
      Options:
        --now ISO       the reference date-time for relative dates and occurrences (default: now)
        --tz IANA       time zone (default: the system zone), or 'floating'
        --count N       how many occurrences of a repeating due date, 0…1000 (default 5)
        --date-order O  how numeric dates read: mdy (6/7 is June 7, the default) or dmy (July 6)
        --json          one JSON object; with '-' one object per input line

      Prints the title, the due date or rule (its canonical text, kind and range; the date of a
      one-off, the next occurrences of a rule), then one line per other part: project, section,
      labels, priority, assignee, deadline, description, duration, reminders.

      The JSON object's keys: input, ok, title, due (null, or kind, text, range, rrule, packed,
      next), project, section, labels, priority, assignee, deadline, description, duration,
      reminders, uncompletable, tokens, warnings. Ranges are [start, end) in Unicode scalars.

      With '-' the lines are read from standard input, one a line (LF or CRLF), and every line,
      empty or not valid UTF-8 included, gets a JSON object in order (a line that is not UTF-8:
      input, ok, error), written as it is read; the exit status is then 0, and 66 when standard
      input is closed, empty, a directory or unreadable. A single line with no date is fine
      (due is null); a line with an error exits 1 with the error and a caret under the problem
      (ok false in the JSON object under --json). Warnings go to standard error.

      """)

  /// Runs `quickadd add` with the arguments after the command's name.
  ///
  /// - Parameters:
  ///   - input: standard input, read when the line is `-`.
  ///   - output: where `add -` writes its objects as it goes.
  /// - Returns: the report and exit status of a single line (0, or 1 when it has an error), or
  ///   the stream's status with `-`.
  /// - Throws: `UsageError` for a bad command line.
  static func run(_ arguments: ArraySlice<String>, input: ByteSource, output: inout OutputWriter) throws
    -> CommandResult
  {
    let reading = try ReadingOptions(
      arguments, command: "add", missing: "missing LINE", notOne: "give the task line as one argument (quote it)")
    let (context, count) = (reading.context, reading.count)
    let options = TaskLineOptions(now: context.now, zone: context.zone, dateOrder: context.dateOrder)
    if reading.text == "-" {
      return LineStream.run(input, output: &output) { line, out in
        TaskLineReport(TaskLineParser.parse(line, options: options), context: context, count: count)
          .appendJSON(to: &out)
      }
    }
    let line = TaskLineParser.parse(reading.text, options: options)
    return result(TaskLineReport(line, context: context, count: count), json: reading.json)
  }

  /// The output for a single line: the report (diagnostics on standard error unless `json`),
  /// exit 0 when the line read without errors and 1 when it did not.
  static func result(_ report: TaskLineReport, json: Bool) -> CommandResult {
    let status = report.line.ok ? ExitStatus.success : ExitStatus.failure
    if json { return CommandResult(stdout: report.json + "\n", exitCode: status) }
    return CommandResult(stdout: report.plain, stderr: report.plainDiagnostics, exitCode: status)
  }
}
