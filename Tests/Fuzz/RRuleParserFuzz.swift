// libFuzzer target for the RRULE reader (built by Tests/Fuzz/run): any input must read or fail
// with a diagnostic inside the input, never crash or hang; whatever reads must be a valid rule
// that packs and decodes to the same rule, and exports (when it can) to an RRULE that reads
// back to the same rule.

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func rruleParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let scalars = text.unicodeScalars.count
  let start = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
  do {
    let rule = try RRule.parse(text, start: start, timeZone: size % 2 == 0 ? "America/New_York" : nil)
    precondition(rule.validationError == nil, "invalid rule from \(text)")
    precondition((try? PackedRule.decode(rule.packed)) == rule, "packed round trip failed for \(text)")
    if let exported = try? rule.rrule(start: start) {
      let again = try RRule.parse(exported, start: start, timeZone: rule.timeZone)
      precondition(again.next(5, from: start, in: nil) == rule.next(5, from: start, in: nil), "export of \(text)")
    }
  } catch {
    precondition(error.range.lowerBound >= 0, "negative range for \(text)")
    precondition(error.range.lowerBound <= error.range.upperBound, "bad range for \(text)")
    precondition(error.range.lowerBound <= scalars, "range past the end for \(text)")
    precondition(!error.id.isEmpty)
    _ = error.rendered(input: text)
  }
  return 0
}
