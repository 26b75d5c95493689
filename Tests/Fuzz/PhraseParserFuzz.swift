// libFuzzer target for the phrase parser (built by Tests/Fuzz/run): any input must parse or
// fail with a diagnostic inside the input, never crash, hang or overflow; whatever parses must
// be a valid rule whose packed form decodes to the same rule.

import RecurrenceCore

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func phraseParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let result = PhraseParser.parse(
    text, context: ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)))
  if let rule = result.rule {
    precondition(rule.validationError == nil, "invalid rule from \(text)")
    precondition((try? PackedRule.decode(rule.packed)) == rule, "packed round trip failed for \(text)")
  } else {
    precondition(!result.errors.isEmpty, "no rule and no error for \(text)")
  }
  for d in result.diagnostics {
    precondition(d.range.lowerBound >= 0 && d.range.lowerBound <= d.range.upperBound, "bad range for \(text)")
  }
  return 0
}
