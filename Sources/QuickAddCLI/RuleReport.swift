import QuickAddParser
import RecurrenceCore

/// What the commands print about a rule: kind, canonical text, RRULE, packed form, next
/// occurrences and warnings. `parse`, `next` and `decode` share it.
struct RuleReport {
  let input: String
  let rule: RecurrenceRule
  let rrule: String?
  /// Why there is no RRULE, when there is none.
  let rruleReason: String?
  let next: [Occurrence]
  let warnings: [Diagnostic]

  init(rule: RecurrenceRule, input: String, context: Context, count: Int, warnings: [Diagnostic] = []) {
    self.input = input
    self.rule = rule
    self.warnings = warnings
    // All-day rules count today: they start at the reference date's midnight.
    let allDay = rule.times.isEmpty && !rule.frequency.isSubDaily && context.allDayIsDate
    let reference = allDay ? LocalDateTime(date: context.now.date) : context.now
    do {
      rrule = try rule.rrule(start: reference)
      rruleReason = nil
    } catch {
      rrule = nil
      rruleReason = error.reason
    }
    if rule.anchor == .afterCompletion {
      // Chain due dates as if each were completed on time, starting from now.
      var chain: [Occurrence] = []
      var due = reference
      if let start = rule.start, start > reference, count > 0 {
        // The first due date is the rule's own start.
        var schedule = rule
        schedule.anchor = .schedule
        if let first = schedule.next(1, from: start, in: context.zone).first {
          chain.append(first)
          due = first.local
        }
      }
      while chain.count < count, let next = rule.nextDue(afterCompleting: due, at: due, in: context.zone) {
        chain.append(next)
        due = next.local
      }
      next = chain
    } else {
      next = rule.next(count, from: reference, in: context.zone)
    }
  }

  /// The report as lines of text, warnings rendered with a caret under the input.
  var plain: String {
    var out = "kind: \(rule.anchor.rawValue)\n"
    out += "text: \(rule.canonicalText)\n"
    out += "rrule: \(rrule ?? "(none: \(rruleReason ?? "not expressible"))")\n"
    out += "packed: \(rule.packed)\n"
    out += "next:\n"
    out += next.isEmpty ? "  (none: the rule has no further occurrences)\n" : next.map { "  \($0.iso8601)\n" }.joined()
    for w in warnings { out += w.rendered(input: input) + "\n" }
    return out
  }

  /// The occurrences, one ISO 8601 line each.
  var plainOccurrences: String { next.map { $0.iso8601 + "\n" }.joined() }

  /// The JSON object shared by every command that reports a rule.
  var json: String {
    JSONValue.object([
      ("input", .string(input)),
      ("ok", .bool(true)),
      ("kind", .string(rule.anchor.rawValue)),
      ("text", .string(rule.canonicalText)),
      ("rrule", rrule.map(JSONValue.string) ?? .null),
      ("packed", .string(rule.packed)),
      ("next", .array(next.map { .string($0.iso8601) })),
      ("warnings", .array(warnings.map(Self.diagnosticJSON))),
    ]).text
  }

  static func diagnosticJSON(_ d: Diagnostic) -> JSONValue {
    .object([
      ("id", .string(d.id)), ("message", .string(d.message)),
      ("range", .array([.number(d.range.lowerBound), .number(d.range.upperBound)])),
    ])
  }

  /// The JSON object for input that failed.
  static func failure(input: String, _ d: Diagnostic) -> String {
    JSONValue.object([("input", .string(input)), ("ok", .bool(false)), ("error", diagnosticJSON(d))]).text
  }
}
