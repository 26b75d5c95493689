import Foundation
import QuickAddParser
import RecurrenceCore

/// Maps the rows of a Todoist export to tasks, one row at a time, accounting for every row.
///
/// Feed it every entry of a file in order (`add` for a row, `separator` for a blank or `meta`
/// row, `unreadable` for a row the CSV reader could not read) and call `finish` at the end; each
/// call returns the tasks that are complete (a task is complete when the next task, section or
/// the end arrives, since the notes below it belong to it) and the diagnostics of rows that
/// became no task. `summary` keeps `read = imported + skipped + errors`.
public struct TodoistImporter {
  /// What an import is read against.
  public struct Options: Sendable, Hashable {
    /// The reference instant (seconds since 1970): relative dates and a rule's first due date
    /// count from it, seen in each task's zone.
    public var instant: Int
    /// The zone of tasks whose TIMEZONE is empty; nil for floating dates.
    public var zone: Zone?

    /// Creates options.
    public init(instant: Int, zone: Zone?) {
      self.instant = instant
      self.zone = zone
    }
  }

  /// What one call produced.
  public struct Step: Sendable {
    /// Tasks now complete, in file order.
    public var tasks: [ImportedTask] = []
    /// Diagnostics of rows that became no task (a task's own are in its `warnings`).
    public var diagnostics: [ImportDiagnostic] = []
  }

  let options: Options
  /// The counts so far.
  public private(set) var summary = ImportSummary()
  var section: String?
  /// The open parents: indent level and id, deepest last.
  var parents: [(indent: Int, id: String)] = []
  /// The last task, still taking notes.
  var pending: ImportedTask?
  /// Our ids of the API's task ids, for `parent_id`.
  var idsBySource: [String: String] = [:]
  /// Readings of DATE strings already read, by string, language and zone.
  var readings: [DateKey: DateReading] = [:]
  /// Zones by TIMEZONE text (nil: unknown), looked up once.
  var zones: [String: Zone?] = [:]
  /// Deadlines by text and zone, read once.
  var deadlines: [DateKey: String?] = [:]
  /// Files whose empty TIMEZONE was already reported.
  var reportedDefaultZone: Set<String> = []

  struct DateKey: Hashable {
    var string: String
    var zone: String?
  }

  /// Creates an importer.
  public init(options: Options) { self.options = options }

  /// Maps one row.
  public mutating func add(_ item: TodoistItem) -> Step {
    summary.read += 1
    var step = Step()
    switch ImportText.lowerASCII(item.type) {
    case "task":
      flush(into: &step)
      pending = task(item)
      summary.tasks += 1
    case "section":
      flush(into: &step)
      section = ImportText.trimmed(item.content)
      parents.removeAll()
      summary.sections += 1
    case "note":
      if pending != nil {
        pending?.notes.append(item.content)
        summary.notes += 1
      } else {
        summary.skipped += 1
        step.diagnostics.append(
          diagnostic(
            "IM102", item, "a note with no task above it in its section belongs to no task; it is left out"))
      }
    default:
      summary.skipped += 1
      let shown = item.type.isEmpty ? "an empty TYPE" : "TYPE '\(item.type)'"
      step.diagnostics.append(
        diagnostic("IM101", item, "\(shown) is not task, section or note; the row is left out"))
    }
    summary.problems += step.diagnostics.count
    return step
  }

  /// Counts a blank separator row or the `meta` row.
  public mutating func separator() { summary.separators += 1 }

  /// Counts a row the CSV reader could not read, with its problem.
  public mutating func unreadable(_ problem: ImportDiagnostic) -> Step {
    summary.read += 1
    summary.errors += 1
    summary.problems += 1
    return Step(diagnostics: [problem])
  }

  /// The last task, at the end of a file (the next file starts with no section or parent).
  public mutating func finish() -> Step {
    var step = Step()
    flush(into: &step)
    section = nil
    parents.removeAll()
    return step
  }

  mutating func flush(into step: inout Step) {
    guard let task = pending else { return }
    summary.problems += task.warnings.count
    step.tasks.append(task)
    pending = nil
  }

  func diagnostic(_ id: String, _ item: TodoistItem, _ message: String, severity: Severity = .warning)
    -> ImportDiagnostic
  {
    ImportDiagnostic(id: id, severity: severity, message: message, file: item.file, line: item.line)
  }

  /// A task row.
  mutating func task(_ item: TodoistItem) -> ImportedTask {
    let id = Self.id(file: item.file, line: item.line)
    var warnings = item.warnings
    var labelsOnly = TaskLineOptions(now: LocalDateTime(localSeconds: 0))
    labelsOnly.parts = .labels
    let name = TaskLineParser.parse(item.content, options: labelsOnly)
    var labels = name.labels
    for label in item.labels where !labels.contains(label) { labels.append(label) }
    var task = ImportedTask(
      id: id, parentID: nil, section: section, title: name.title,
      description: item.description.isEmpty ? nil : item.description, priority: 4, labels: labels, due: nil,
      duration: nil, deadline: nil, assignee: nil, author: nil, file: item.file, line: item.line)
    if task.title.isEmpty {
      warnings.append(diagnostic("IM216", item, "the name is only labels or empty; the task has no title"))
    }
    task.priority = priority(item, &warnings)
    task.parentID = parent(item, id: id, &warnings)
    if let source = item.sourceID { idsBySource[source] = id }
    let (authorName, authorID) = ImportText.person(item.author)
    let (assigneeName, assigneeID) = ImportText.person(item.responsible)
    task.author = authorName
    task.assignee = assigneeName
    var extra = item.extra
    if let authorID { extra.append(TodoistExtraValue(name: "AUTHOR_ID", value: authorID)) }
    if let assigneeID { extra.append(TodoistExtraValue(name: "RESPONSIBLE_ID", value: assigneeID)) }
    if let sectionID = item.sectionID { extra.append(TodoistExtraValue(name: "section_id", value: sectionID)) }
    task.extra = extra
    let zone = self.zone(item, &warnings)
    task.due = due(item, zone: zone, &warnings)
    task.duration = duration(item, &warnings)
    task.deadline = deadline(item, zone: zone, &warnings)
    task.warnings = warnings
    return task
  }

  /// PRIORITY in CSV numbering: 1 = p1 (most urgent); empty is p1, as Todoist documents.
  func priority(_ item: TodoistItem, _ warnings: inout [ImportDiagnostic]) -> Int {
    let text = ImportText.trimmed(item.priority)
    if text.isEmpty {
      warnings.append(
        diagnostic("IM201", item, "PRIORITY is empty; Todoist reads an empty cell as p1, so the task is p1"))
      return 1
    }
    guard let p = Int(text), (1...4).contains(p) else {
      warnings.append(diagnostic("IM202", item, "PRIORITY '\(text)' is not 1–4; the task has no priority (p4)"))
      return 4
    }
    return p
  }

  /// The parent from INDENT (or the API's `parent_id`); a jump of more than one level is
  /// reported and attached to the nearest parent.
  mutating func parent(_ item: TodoistItem, id: String, _ warnings: inout [ImportDiagnostic]) -> String? {
    if let source = item.parentSourceID {
      guard let parent = idsBySource[source] else {
        warnings.append(diagnostic("IM203", item, "parent_id '\(source)' is no task before this one; no parent"))
        return nil
      }
      return parent
    }
    let text = ImportText.trimmed(item.indent)
    var level = 1
    if !text.isEmpty {
      if let n = Int(text), n >= 1 {
        level = n
      } else {
        warnings.append(diagnostic("IM204", item, "INDENT '\(text)' is not a level (1, 2, …); read as 1"))
      }
    }
    while let last = parents.last, last.indent >= level { parents.removeLast() }
    let nearest = parents.last
    let expected = (nearest?.indent ?? 0) + 1
    if level > expected {
      warnings.append(
        diagnostic(
          "IM205", item,
          "INDENT jumps from \(expected - 1) to \(level); the task goes under the nearest task above"
            + (nearest == nil ? " (there is none: it is a top task)" : "")))
    }
    parents.append((level, id))
    return nearest?.id
  }

  /// The task's zone: TIMEZONE, or the default (reported once per file).
  mutating func zone(_ item: TodoistItem, _ warnings: inout [ImportDiagnostic]) -> Zone? {
    let name = ImportText.trimmed(item.timezone)
    if name.isEmpty {
      if !item.date.isEmpty, !reportedDefaultZone.contains(item.file) {
        reportedDefaultZone.insert(item.file)
        warnings.append(
          diagnostic(
            "IM206", item,
            "no zone is given (TIMEZONE is empty); dates are in the importer's zone "
              + "(\(options.zone?.identifier ?? "floating")), here and in every later row of this file without one"))
      }
      return options.zone
    }
    if let known = zones[name] { return known ?? options.zone }
    let found = Zone(identifier: name)
    zones[name] = .some(found)
    if let zone = found { return zone }
    warnings.append(
      diagnostic(
        "IM207", item, "TIMEZONE '\(name)' is not a zone this machine knows; the importer's zone is used"))
    return options.zone
  }

  /// DURATION with DURATION_UNIT as ISO 8601.
  func duration(_ item: TodoistItem, _ warnings: inout [ImportDiagnostic]) -> String? {
    let text = ImportText.trimmed(item.duration)
    guard !text.isEmpty else { return nil }
    guard let n = Int(text), n > 0, n <= 100_000 else {
      warnings.append(diagnostic("IM208", item, "DURATION '\(text)' is not a positive whole number; left out"))
      return nil
    }
    switch ImportText.lowerASCII(ImportText.trimmed(item.durationUnit)) {
    case "day", "days": return "P\(n)D"
    case "minute", "minutes": return TaskLine.iso8601Duration(minutes: n)
    default:
      warnings.append(
        diagnostic("IM209", item, "DURATION_UNIT '\(item.durationUnit)' is not minute or day; read as minutes"))
      return TaskLine.iso8601Duration(minutes: n)
    }
  }

  /// DEADLINE as `YYYY-MM-DD`: read with the date grammar; kept verbatim when it does not read.
  mutating func deadline(_ item: TodoistItem, zone: Zone?, _ warnings: inout [ImportDiagnostic]) -> String? {
    let text = ImportText.trimmed(item.deadline)
    guard !text.isEmpty else { return nil }
    let key = DateKey(string: text, zone: zone?.identifier)
    let date: String?
    if let known = deadlines[key] {
      date = known
    } else {
      let read = TaskLineParser.parse(text, options: lineOptions(zone))
      if read.title.isEmpty, read.ok, case .date(let d)? = read.due?.value { date = d.description } else { date = nil }
      if deadlines.count > 50_000 { deadlines.removeAll(keepingCapacity: true) }
      deadlines[key] = .some(date)
    }
    if let date { return date }
    warnings.append(diagnostic("IM210", item, "DEADLINE '\(text)' is not a date; kept as written"))
    return text
  }

  /// What a task line is read against in `zone`: the reference instant there, Todoist's readings.
  func lineOptions(_ zone: Zone?) -> TaskLineOptions {
    let now = zone.map { $0.localDateTime(atInstant: options.instant) } ?? LocalDateTime(localSeconds: options.instant)
    var o = TaskLineOptions(now: now, zone: zone, dialect: .todoist)
    o.parts = .dates
    return o
  }
}
