// libFuzzer target for the task-line parser (built by Tests/Fuzz/run): any line must read
// without crashing, hanging or overflowing; every range (due date, tokens, reminders,
// diagnostics) must lie within the line and be ordered, the tokens must not overlap, the title
// must be no longer than the line, and a repeating due date must be a valid rule whose packed
// form decodes to the same rule.

import RecurrenceCore

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func taskLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let zone = Zone(identifier: "America/New_York")
  let line = TaskLineParser.parse(
    text, options: TaskLineOptions(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10), zone: zone))
  let length = text.unicodeScalars.count
  func check(_ range: SourceRange, _ what: String) {
    precondition(
      range.lowerBound >= 0 && range.lowerBound <= range.upperBound && range.upperBound <= length,
      "\(what) range \(range) outside the line (\(length) scalars) for \(text)")
  }
  precondition(line.input == text, "the input changed for \(text)")
  precondition(line.title.unicodeScalars.count <= length, "title longer than the line for \(text)")
  precondition((1...4).contains(line.priority), "priority \(line.priority) for \(text)")
  if let due = line.due {
    check(due.range, "due")
    if case .rule(let rule, _) = due.value {
      precondition(rule.validationError == nil, "invalid rule from \(text)")
      precondition((try? PackedRule.decode(rule.packed)) == rule, "packed round trip failed for \(text)")
    }
  }
  var end = 0
  for token in line.tokens {
    check(token.range, "token")
    precondition(token.range.lowerBound >= end, "tokens overlap or are out of order for \(text)")
    end = token.range.upperBound
  }
  for reminder in line.reminders { check(reminder.range, "reminder") }
  for d in line.diagnostics { check(d.range, "diagnostic") }
  precondition(line.ok == !line.diagnostics.contains { $0.severity == .error }, "ok disagrees for \(text)")
  return 0
}
