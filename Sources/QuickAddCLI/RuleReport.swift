import RecurrenceCore

/// What the commands print about a rule: kind, RRULE, next occurrences.
struct RuleReport {
  let input: String
  let rule: RecurrenceRule
  let rrule: String?
  let next: [Occurrence]

  init(rule: RecurrenceRule, input: String, context: Context, count: Int) {
    self.input = input
    self.rule = rule
    rrule = try? rule.rrule(start: context.now)
    if rule.anchor == .afterCompletion {
      // Chain due dates as if each were completed on time, starting from now.
      var chain: [Occurrence] = []
      var completed = context.now
      var due = context.now
      while chain.count < count, let next = rule.nextDue(afterCompleting: due, at: completed, in: context.zone) {
        chain.append(next)
        due = next.local
        completed = next.local
      }
      next = chain
    } else {
      next = rule.next(count, from: context.now, in: context.zone)
    }
  }

  /// The occurrences, one ISO 8601 line each.
  var plainOccurrences: String { next.map { $0.iso8601 + "\n" }.joined() }

  /// The JSON object shared by every command that reports a rule.
  var json: String {
    JSONValue.object([
      ("input", .string(input)),
      ("ok", .bool(true)),
      ("kind", .string(rule.anchor.rawValue)),
      ("rrule", rrule.map(JSONValue.string) ?? .null),
      ("next", .array(next.map { .string($0.iso8601) })),
      ("warnings", .array([])),
    ]).text
  }

  /// The JSON object for input that failed.
  static func failure(input: String, _ d: Diagnostic) -> String {
    JSONValue.object([
      ("input", .string(input)),
      ("ok", .bool(false)),
      (
        "error",
        .object([
          ("id", .string(d.id)), ("message", .string(d.message)),
          ("range", .array([.number(d.range.lowerBound), .number(d.range.upperBound)])),
        ])
      ),
    ]).text
  }
}
