// libFuzzer target for the packed decoder (built by Tests/Fuzz/run, not by the package):
// any input must decode or fail with a diagnostic, never crash or hang, and whatever decodes
// must be a valid rule that re-encodes to text decoding to the same rule.

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func packedDecoderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let rule = try PackedRule.decode(text)
    precondition(rule.validationError == nil, "decoded an invalid rule from \(text)")
    let again = try PackedRule.decode(rule.packed)
    precondition(again == rule, "round trip changed \(text)")
  } catch {
    precondition(error.range.lowerBound <= error.range.upperBound, "bad range")
    precondition(!error.id.isEmpty)
  }
  return 0
}
