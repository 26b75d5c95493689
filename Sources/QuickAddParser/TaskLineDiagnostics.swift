import RecurrenceCore

/// The diagnostics of task lines (`QA4xx`).
enum TaskLineDiagnostic {
  /// QA400: the line is longer than the parser reads.
  static func tooLong(_ count: Int) -> Diagnostic {
    Diagnostic(
      id: "QA400", message: "the line is \(count) characters long; at most \(TaskLineParser.maxLength) are read",
      range: SourceRange(TaskLineParser.maxLength, count))
  }

  /// QA401: a second date phrase, left in the title.
  static func secondDate(_ text: String, kept: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA401", severity: .warning,
      message: "'\(text)' is a date too; the line's date is '\(kept)', so this stays in the title", range: range)
  }

  /// QA402: text that starts like a date but does not read, left in the title.
  static func notADate(_ reason: Diagnostic, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA402", severity: .warning, message: "this looks like a date but does not read (\(reason.message))",
      range: range)
  }

  /// QA403: a duration out of range, left in the title.
  static func duration(_ minutes: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA403", severity: .warning,
      message:
        "a task lasts more than 0 minutes and at most 24 hours, not \(ParseDiagnostic.quantity(minutes)) minutes; this stays in the title",
      range: range)
  }

  /// QA404: a deadline that does not read as a date.
  static func deadline(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA404", severity: .warning,
      message:
        "the deadline in braces is not a date (write one as in '{march 30}' or '{in 3 days}'); it stays in the title",
      range: range)
  }

  /// QA405: a reminder that does not read.
  static func reminder(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA405", severity: .warning,
      message:
        "the reminder is not a time (write one as in '!30 min before', '!14:00' or '!tomorrow 9am'); it stays in the title",
      range: range)
  }

  /// QA406: a second project, section or priority.
  static func second(_ kind: TaskToken.Kind, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA406", severity: .warning,
      message: "a task has one \(kind.rawValue); the first one written counts, this one stays in the title",
      range: range)
  }

  /// QA407: several weekdays without `every`, read as a weekly rule.
  static func weekdayList(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA407", severity: .warning,
      message: "several weekdays without 'every' are read as every week on those days", range: range)
  }

  /// QA408: a range of dates; the task is due at its start.
  static func dateRange(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA408", severity: .warning,
      message: "a range of dates: the task is due at its start (a task has one due date)", range: range)
  }

  /// QA410: a single date with several times: one is kept (the first on a named day, else the
  /// next to come).
  static func oneTime(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA410", severity: .warning,
      message:
        "a single date has one time, so one of these is kept (the next to come, or the first on a named day); write 'every day at …' to repeat",
      range: range)
  }

  /// QA411: a one-off date before today (`pay fine dec 5 2025`, `yesterday`): kept, as an
  /// overdue task, and said.
  static func pastDate(_ date: CivilDate, daysAgo: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA411", severity: .warning,
      message: "\(date) is \(daysAgo) day\(daysAgo == 1 ? "" : "s") ago, so the task is overdue from the start",
      range: range)
  }

  /// QA412: a time followed by `ET`, `CT`, `MT` or `PT`, which may name a zone other than the
  /// line's (or be the title's: `Gym 6am PT`): read in the line's zone, and said.
  static func twoLetterZone(_ word: String, zone: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA412", severity: .warning,
      message: "read in the line's own zone; if '\(word)' means the zone \(zone), write '\(word.uppercased())' as "
        + "'\(word == "pt" ? "Pacific time" : word == "et" ? "Eastern time" : word == "ct" ? "Central time" : "Mountain time")' "
        + "to read it there", range: range)
  }

  /// QA409: words the date search passed over (its work is bounded).
  static func searchStopped(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA409", severity: .warning,
      message:
        "the line has too many date-like words to search for a date in full; these words were not searched and stay in the title",
      range: range)
  }
}
