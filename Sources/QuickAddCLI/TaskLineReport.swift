import QuickAddParser
import RecurrenceCore

/// What `add` prints about a task line: the title, the due date or rule with its next dates,
/// every other part, and the diagnostics.
struct TaskLineReport {
  /// The line as read.
  let line: TaskLine
  /// The rule's report (RRULE, packed form, next occurrences) when the due date repeats.
  let rule: RuleReport?
  /// A one-off due date as ISO 8601 text: `2026-12-01`, or a date-time with the zone's offset
  /// (none when floating).
  let date: String?

  /// Reports `line`, a rule's occurrences counted from the context's reference.
  init(_ line: TaskLine, context: Context, count: Int) {
    self.line = line
    switch line.due?.value {
    case nil:
      rule = nil
      date = nil
    case .date(let day):
      rule = nil
      date = day.description
    case .dateTime(let local):
      rule = nil
      date = Self.occurrence(local, in: context.zone).iso8601
    case .rule(let r, _):
      // A rule in its own zone ("every day at 9am EST") is listed there, as `parse` lists it.
      rule = RuleReport(rule: r, input: line.due?.text ?? "", context: context.inZone(of: r) ?? context, count: count)
      date = nil
    }
  }

  /// A one-off date-time in `zone` (pushed past a DST gap as occurrences are), or floating.
  static func occurrence(_ local: LocalDateTime, in zone: Zone?) -> Occurrence {
    guard let zone else { return Occurrence(local: local, utcOffset: nil) }
    let resolved = zone.resolve(local)
    return Occurrence(localSeconds: resolved.instant + resolved.offset, utcOffset: resolved.offset)
  }

  /// Whether the line says anything about the priority (a `p1`…`p4` token, or a priority set).
  var hasPriority: Bool { line.priority != 4 || line.tokens.contains { $0.kind == .priority } }

  /// The report as lines of text: the title, the due date, then one line per other part.
  ///
  /// Every value from the input is shown with its control characters escaped.
  var plain: String {
    var out = "title: \(Self.shown(line.title))\n"
    if let due = line.due {
      out += "due: \(Self.shown(due.text)) (\(due.kind)) @\(due.range)\n"
      if let rule {
        out += rule.plainRule
      } else {
        out += "date: \(date ?? "")\n"
      }
    } else {
      out += "due: (none)\n"
    }
    var parts: [(String, String)] = []
    if let project = line.project { parts.append(("project", project)) }
    if let section = line.section { parts.append(("section", section)) }
    if !line.labels.isEmpty { parts.append(("labels", line.labels.joined(separator: ", "))) }
    if hasPriority { parts.append(("priority", "p\(line.priority)")) }
    if let assignee = line.assignee { parts.append(("assignee", assignee)) }
    if let deadline = line.deadline { parts.append(("deadline", deadline.description)) }
    if let description = line.description { parts.append(("description", description)) }
    if let duration = line.durationISO8601 { parts.append(("duration", duration)) }
    if !line.reminders.isEmpty { parts.append(("reminders", line.reminders.map(\.text).joined(separator: ", "))) }
    if line.uncompletable { parts.append(("uncompletable", "yes")) }
    for (name, value) in parts { out += "\(name): \(Self.shown(value))\n" }
    return out
  }

  /// Text from the input, safe for a terminal: control characters escaped, nothing cut.
  static func shown(_ text: String) -> String { TerminalText.escaped(text, limit: .max) }

  /// Every diagnostic, errors first, rendered with a caret under the input, for standard error.
  var plainDiagnostics: String {
    let ordered = line.diagnostics.filter { $0.severity == .error } + line.diagnostics.filter { $0.severity != .error }
    return ordered.map { $0.rendered(input: line.input) + "\n" }.joined()
  }

  /// The JSON object on one line.
  var json: String {
    var out: [UInt8] = []
    appendJSON(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the JSON object: input, ok, title, due, project, section, labels, priority,
  /// assignee, deadline, description, duration, reminders, uncompletable, tokens, warnings.
  func appendJSON(to out: inout [UInt8]) {
    out.append(contentsOf: #"{"input": "#.utf8)
    JSONBytes.appendString(line.input, to: &out)
    out.append(contentsOf: #", "ok": "#.utf8)
    out.append(contentsOf: (line.ok ? "true" : "false").utf8)
    out.append(contentsOf: #", "title": "#.utf8)
    JSONBytes.appendString(line.title, to: &out)
    out.append(contentsOf: #", "due": "#.utf8)
    appendDue(to: &out)
    out.append(contentsOf: #", "project": "#.utf8)
    RuleReport.appendOptional(line.project, to: &out)
    out.append(contentsOf: #", "section": "#.utf8)
    RuleReport.appendOptional(line.section, to: &out)
    out.append(contentsOf: #", "labels": "#.utf8)
    Self.appendStrings(line.labels, to: &out)
    out.append(contentsOf: #", "priority": "#.utf8)
    JSONBytes.appendInt(line.priority, to: &out)
    out.append(contentsOf: #", "assignee": "#.utf8)
    RuleReport.appendOptional(line.assignee, to: &out)
    out.append(contentsOf: #", "deadline": "#.utf8)
    RuleReport.appendOptional(line.deadline?.description, to: &out)
    out.append(contentsOf: #", "description": "#.utf8)
    RuleReport.appendOptional(line.description, to: &out)
    out.append(contentsOf: #", "duration": "#.utf8)
    RuleReport.appendOptional(line.durationISO8601, to: &out)
    out.append(contentsOf: #", "reminders": "#.utf8)
    Self.appendStrings(line.reminders.map(\.text), to: &out)
    out.append(contentsOf: #", "uncompletable": "#.utf8)
    out.append(contentsOf: (line.uncompletable ? "true" : "false").utf8)
    out.append(contentsOf: #", "tokens": "#.utf8)
    JSONBytes.appendArray(line.tokens, to: &out) { token, out in
      out.append(contentsOf: #"{"kind": "#.utf8)
      JSONBytes.appendString(token.kind.rawValue, to: &out)
      out.append(contentsOf: #", "text": "#.utf8)
      JSONBytes.appendString(token.text, to: &out)
      out.append(contentsOf: #", "range": "#.utf8)
      Self.appendRange(token.range, to: &out)
      out.append(125)
    }
    out.append(contentsOf: #", "warnings": "#.utf8)
    JSONBytes.appendArray(line.diagnostics, to: &out) { d, out in RuleReport.appendDiagnostic(d, to: &out) }
    out.append(125)
  }

  /// `null`, or `{"kind": …, "text": …, "range": […], "rrule": …, "packed": …, "next": […]}`.
  func appendDue(to out: inout [UInt8]) {
    guard let due = line.due else {
      out.append(contentsOf: "null".utf8)
      return
    }
    out.append(contentsOf: #"{"kind": "#.utf8)
    JSONBytes.appendString(due.kind, to: &out)
    out.append(contentsOf: #", "text": "#.utf8)
    JSONBytes.appendString(due.text, to: &out)
    out.append(contentsOf: #", "range": "#.utf8)
    Self.appendRange(due.range, to: &out)
    out.append(contentsOf: #", "rrule": "#.utf8)
    RuleReport.appendOptional(rule?.rrule, to: &out)
    out.append(contentsOf: #", "packed": "#.utf8)
    RuleReport.appendOptional(rule?.rule.packed, to: &out)
    out.append(contentsOf: #", "next": "#.utf8)
    if let rule {
      JSONBytes.appendArray(rule.next, to: &out) { o, out in JSONBytes.appendOccurrence(o, to: &out) }
    } else {
      Self.appendStrings(date.map { [$0] } ?? [], to: &out)
    }
    out.append(125)
  }

  /// `["a", "b"]`.
  static func appendStrings(_ strings: [String], to out: inout [UInt8]) {
    JSONBytes.appendArray(strings, to: &out) { s, out in JSONBytes.appendString(s, to: &out) }
  }

  /// `[lower, upper]`.
  static func appendRange(_ range: SourceRange, to out: inout [UInt8]) {
    out.append(91)
    JSONBytes.appendInt(range.lowerBound, to: &out)
    out.append(contentsOf: ", ".utf8)
    JSONBytes.appendInt(range.upperBound, to: &out)
    out.append(93)
  }
}
