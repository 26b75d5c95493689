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
      // Due dates as if each were completed on time, starting from now.
      next = Self.upToYear9999(rule.completionChain(from: reference, count: count, in: context.zone))
    } else {
      next = Self.upToYear9999(rule.next(count, from: reference, in: context.zone))
    }
  }

  /// The first instant of the year 10000 on the local timeline.
  static let year10000 = CivilDate.dayNumber(year: 10_000, month: 1, day: 1) * 86_400

  /// The occurrences before the year 10000: ISO 8601 dates have four-digit years, and `--now`
  /// and `--from` read no others, so every date printed can be read back.
  static func upToYear9999(_ occurrences: [Occurrence]) -> [Occurrence] {
    guard let last = occurrences.last, last.localSeconds >= year10000 else { return occurrences }
    return Array(occurrences.prefix { $0.localSeconds < year10000 })
  }

  /// The report as lines of text, warnings rendered with a caret under the input.
  var plain: String {
    "kind: \(rule.anchor.rawValue)\ntext: \(rule.canonicalText)\n" + plainRule
  }

  /// The RRULE, packed form and next occurrences as lines of text (`add` prints these under a
  /// task's due date).
  var plainRule: String {
    var out = "rrule: \(rrule ?? "(none: \(rruleReason ?? "not expressible"))")\n"
    out += "packed: \(rule.packed)\n"
    out += "next:\n"
    out += next.isEmpty ? "  (none: the rule has no further occurrences)\n" : next.map { "  \($0.iso8601)\n" }.joined()
    return out
  }

  /// The warnings rendered with a caret under the input, for standard error.
  var plainWarnings: String { warnings.map { $0.rendered(input: input) + "\n" }.joined() }

  /// The occurrences, one ISO 8601 line each.
  var plainOccurrences: String { next.map { $0.iso8601 + "\n" }.joined() }

  /// The JSON object shared by every command that reports a rule, on one line.
  var json: String {
    var out: [UInt8] = []
    appendJSON(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the JSON object: input, ok, kind, text, rrule, packed, next, warnings.
  func appendJSON(to out: inout [UInt8]) {
    out.append(contentsOf: #"{"input": "#.utf8)
    JSONBytes.appendString(input, to: &out)
    out.append(contentsOf: #", "ok": true, "kind": "#.utf8)
    JSONBytes.appendString(rule.anchor.rawValue, to: &out)
    out.append(contentsOf: #", "text": "#.utf8)
    JSONBytes.appendString(rule.canonicalText, to: &out)
    out.append(contentsOf: #", "rrule": "#.utf8)
    Self.appendOptional(rrule, to: &out)
    out.append(contentsOf: #", "packed": "#.utf8)
    JSONBytes.appendString(rule.packed, to: &out)
    out.append(contentsOf: #", "next": ["#.utf8)
    for (i, o) in next.enumerated() {
      if i > 0 { out.append(contentsOf: ", ".utf8) }
      JSONBytes.appendOccurrence(o, to: &out)
    }
    out.append(contentsOf: #"], "warnings": ["#.utf8)
    for (i, w) in warnings.enumerated() {
      if i > 0 { out.append(contentsOf: ", ".utf8) }
      Self.appendDiagnostic(w, to: &out)
    }
    out.append(contentsOf: "]}".utf8)
  }

  static func appendOptional(_ s: String?, to out: inout [UInt8]) {
    if let s { JSONBytes.appendString(s, to: &out) } else { out.append(contentsOf: "null".utf8) }
  }

  /// `{"id": …, "message": …, "range": [lower, upper]}` and any extra integer fields.
  static func appendDiagnostic(_ d: Diagnostic, extra: [(String, Int)] = [], to out: inout [UInt8]) {
    out.append(contentsOf: #"{"id": "#.utf8)
    JSONBytes.appendString(d.id, to: &out)
    out.append(contentsOf: #", "message": "#.utf8)
    JSONBytes.appendString(d.message, to: &out)
    out.append(contentsOf: #", "range": ["#.utf8)
    JSONBytes.appendInt(d.range.lowerBound, to: &out)
    out.append(contentsOf: ", ".utf8)
    JSONBytes.appendInt(d.range.upperBound, to: &out)
    out.append(93)
    for (key, value) in extra {
      out.append(contentsOf: ", ".utf8)
      JSONBytes.appendString(key, to: &out)
      out.append(contentsOf: ": ".utf8)
      JSONBytes.appendInt(value, to: &out)
    }
    out.append(125)
  }

  /// Appends the JSON object for input that failed: input, ok (false), error.
  static func appendFailure(input: String, _ d: Diagnostic, extra: [(String, Int)] = [], to out: inout [UInt8]) {
    out.append(contentsOf: #"{"input": "#.utf8)
    JSONBytes.appendString(input, to: &out)
    out.append(contentsOf: #", "ok": false, "error": "#.utf8)
    appendDiagnostic(d, extra: extra, to: &out)
    out.append(125)
  }

  /// The JSON object for input that failed, on one line.
  static func failure(input: String, _ d: Diagnostic) -> String {
    var out: [UInt8] = []
    appendFailure(input: input, d, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
