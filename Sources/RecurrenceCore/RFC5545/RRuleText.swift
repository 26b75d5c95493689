extension RRule {
  /// The first problem with `text` as a whole, in one pass over its bytes: longer than
  /// `maxLength` Unicode scalars (RR100) or a scalar that is not printable ASCII (RR101).
  ///
  /// Checked before the text is read part by part, so the reader sees printable ASCII alone and
  /// every range counts Unicode scalars whatever the input holds.
  static func textError(_ text: String) -> Diagnostic? {
    let scalars = text.utf8.count > maxLength ? SourceRange.length(of: text) : text.utf8.count
    if scalars > maxLength {
      return Diagnostic(
        id: "RR100", message: "rrule is \(scalars) characters long; at most \(maxLength) are allowed",
        range: SourceRange(maxLength, scalars))
    }
    for (offset, s) in text.unicodeScalars.enumerated() where !(s.value >= 0x20 && s.value < 0x7F) {
      return Diagnostic(
        id: "RR101", message: "unexpected character '\(s)'; rrule text is printable ASCII",
        range: SourceRange(offset, offset + 1))
    }
    return nil
  }
}
