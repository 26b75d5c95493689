import RecurrenceCore

/// Which parts of a task line are read; the rest stays in the title.
public struct TaskLineParts: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: Int
  /// Creates a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The due date or rule, reminders, durations and `no date`.
  public static let dates = TaskLineParts(rawValue: 1)
  /// `@labels`.
  public static let labels = TaskLineParts(rawValue: 2)
  /// The other marked tokens: project, section, priority, assignee, deadline, description, `* `.
  public static let otherTokens = TaskLineParts(rawValue: 4)
  /// Everything (the default).
  public static let all: TaskLineParts = [.dates, .labels, .otherTokens]
}

/// What a whole quick-add task line is read against: the reference time, the zone and options.
public struct TaskLineOptions: Sendable, Hashable {
  /// The reference wall-clock date-time ("now") in `zone`.
  public var now: LocalDateTime
  /// The zone the due dates are in; nil for floating dates.
  public var zone: Zone?
  /// How numeric dates such as `6/7` are read.
  public var dateOrder: DateOrder
  /// Whose readings apply where two are in use (Todoist's, for importing its exports).
  public var dialect: Dialect
  /// Which parts are read (all by default; an importer reads only the labels of a task's name).
  public var parts: TaskLineParts = .all

  /// Creates options from a wall-clock reference.
  public init(now: LocalDateTime, zone: Zone? = nil, dateOrder: DateOrder = .monthFirst, dialect: Dialect = .standard) {
    self.now = now
    self.zone = zone
    self.dateOrder = dateOrder
    self.dialect = dialect
  }

  /// The reference seen in the zone `identifier` (a rule's own zone, `9am EST`), and that zone;
  /// nil when the zone is unknown or the line's own.
  func reference(in identifier: String?) -> (now: LocalDateTime, zone: Zone)? {
    guard let identifier, identifier != zone?.identifier, let other = Zone(identifier: identifier) else { return nil }
    let instant = zone.map { $0.resolve(now).instant } ?? now.localSeconds
    return (other.localDateTime(atInstant: instant), other)
  }

  /// The wall-clock `local` in the zone `identifier` seen in the line's zone (`3pm EST` in
  /// London is 20:00); as written when the line is floating or the zone unknown.
  func local(_ local: LocalDateTime, writtenIn identifier: String) -> LocalDateTime {
    guard let zone, let other = Zone(identifier: identifier) else { return local }
    return zone.localDateTime(atInstant: other.resolve(local).instant)
  }

  /// Creates options from a reference instant (seconds since 1970) seen in `zone`.
  public init(instant: Int, zone: Zone, dateOrder: DateOrder = .monthFirst, dialect: Dialect = .standard) {
    self.init(now: zone.localDateTime(atInstant: instant), zone: zone, dateOrder: dateOrder, dialect: dialect)
  }
}

/// A task line, read: the title, the due date or rule, and every other recognised token.
public struct TaskLine: Sendable, Hashable {
  /// The line as given.
  public var input: String
  /// The line with every recognised part removed and whitespace tidied.
  public var title: String
  /// The due date or rule; nil when the line gives none.
  public var due: TaskDue?
  /// The project (`#Work`, `#My\ Project`, `#"My Project"`).
  public var project: String?
  /// The section (`/Admin`).
  public var section: String?
  /// The labels (`@email`), in the order written.
  public var labels: [String] = []
  /// The priority, 1 (most urgent, `p1`) … 4 (none).
  public var priority: Int = 4
  /// The assignee (`+Lucile`).
  public var assignee: String?
  /// The deadline (`{march 30}`): a date only.
  public var deadline: CivilDate?
  /// The description (`// text` to the end of the line).
  public var description: String?
  /// The duration in minutes (`for 45min`, `for 1h30`).
  public var durationMinutes: Int?
  /// The reminders (`!30 min before`, `!14:00`).
  public var reminders: [TaskReminder] = []
  /// Whether the task cannot be completed (a leading `* `).
  public var uncompletable = false
  /// Every recognised part with its range, in the order of the line.
  public var tokens: [TaskToken] = []
  /// Warnings, and errors when a date part that was meant as one does not read.
  public var diagnostics: [Diagnostic] = []
  /// The grammar productions the reading entered (bit = `Production.rawValue`), for coverage.
  var productionBits: UInt64 = 0

  /// Creates a reading with nothing recognised (parts are then set one by one).
  public init(input: String, title: String) {
    self.input = input
    self.title = title
  }

  /// Whether the line read without errors (a line with no date is fine).
  public var ok: Bool { !diagnostics.contains { $0.severity == .error } }

  /// The duration as ISO 8601 (`PT1H30M`), or nil.
  public var durationISO8601: String? { durationMinutes.map(Self.iso8601Duration(minutes:)) }

  /// A number of minutes as an ISO 8601 duration: `PT45M`, `PT1H30M`, `PT2H`.
  public static func iso8601Duration(minutes m: Int) -> String {
    var text = "PT"
    if m >= 60 { text += "\(m / 60)H" }
    if m % 60 != 0 || m == 0 { text += "\(m % 60)M" }
    return text
  }
}

/// A due date or rule read from a task line.
public struct TaskDue: Sendable, Hashable {
  /// What the date phrase says.
  public enum Value: Sendable, Hashable {
    /// A single day, with no time.
    case date(CivilDate)
    /// A single day and time.
    case dateTime(LocalDateTime)
    /// A recurrence, with its first occurrence on or after the reference (nil when it has none).
    case rule(RecurrenceRule, first: Occurrence?)
  }

  /// What the date phrase says.
  public var value: Value
  /// The characters of the line the date phrase covers (half-open, in Unicode scalars).
  public var range: SourceRange
  /// The canonical text: the rule's English (its packed form when English cannot say it), or
  /// the ISO date (`2026-12-01`, `2026-12-01T17:00`). Computed when asked for.
  public var text: String { TaskLineReader.text(of: value) }

  /// Creates a due date or rule.
  public init(value: Value, range: SourceRange) {
    self.value = value
    self.range = range
  }

  /// `date`, `schedule` or `afterCompletion`.
  public var kind: String {
    switch value {
    case .date, .dateTime: return "date"
    case .rule(let rule, _): return rule.anchor == .afterCompletion ? "afterCompletion" : "schedule"
    }
  }
}

/// A reminder (`!30 min before`, `!14:00`, `!tomorrow 9am`).
public struct TaskReminder: Sendable, Hashable {
  /// When the reminder fires.
  public enum Value: Sendable, Hashable {
    /// This many minutes before the due time.
    case before(minutes: Int)
    /// At this time of day on the due date.
    case time(seconds: Int)
    /// At this date and time.
    case dateTime(LocalDateTime)
    /// On this date (at the start of the day).
    case date(CivilDate)
  }

  /// When it fires.
  public var value: Value
  /// The text after `!`, trimmed.
  public var text: String
  /// The characters it covers, `!` included.
  public var range: SourceRange
}

/// A recognised part of a task line.
public struct TaskToken: Sendable, Hashable {
  /// The kinds of part.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case date, noDate, project, section, label, priority, assignee, deadline, description, duration, reminder
    case uncompletable, quoted
  }

  /// The kind.
  public var kind: Kind
  /// The characters as written.
  public var text: String
  /// Where (half-open, in Unicode scalars of the line).
  public var range: SourceRange

  /// Creates a token.
  public init(_ kind: Kind, _ text: String, _ range: SourceRange) {
    self.kind = kind
    self.text = text
    self.range = range
  }
}
