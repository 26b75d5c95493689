import RecurrenceCore

/// Reads whole quick-add task lines ("Pay rent every month on the 1st at 9am #Home @bills p1").
///
/// The marked tokens (`#project`, `/section`, `@label`, `p1`–`p4`, `+assignee`, `{deadline}`,
/// `// description`, `!reminder`, a leading `* `) are found by their first character where a word
/// starts; quoted text stays in the title and is never a date; in the rest, the longest date
/// phrase the recurrence language reads (or a single date: `tomorrow 5pm`, `next friday`, `in 3
/// days`) is the due date. See the README's "Task lines" for every decision.
public enum TaskLineParser {
  /// The longest line accepted, in Unicode scalars; a longer line is refused at once.
  public static let maxLength = 2_000

  /// Reads a task line: its title, due date or rule, and tokens, with ranges.
  ///
  /// - Parameters:
  ///   - line: the task line as typed.
  ///   - options: the reference date-time, zone and date order.
  /// - Returns: the reading; it never throws away the input (a line with no date has `due == nil`).
  public static func parse(_ line: String, options: TaskLineOptions) -> TaskLine {
    if line.utf8.count > maxLength {
      let count = SourceRange.length(of: line)
      if count > maxLength {
        var refused = TaskLine(input: line, title: line)  // nothing is read, nothing is lost
        refused.diagnostics = [TaskLineDiagnostic.tooLong(count)]
        return refused
      }
    }
    if options.parts == .labels {
      // No `@`: no label, and the name is kept as written; else one pass for the labels.
      return line.utf8.contains(64) ? TaskLineLabels.read(line) : TaskLine(input: line, title: line)
    }
    var reader = TaskLineReader(line, options: options)
    return reader.read()
  }
}
