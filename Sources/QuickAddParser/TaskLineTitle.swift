import RecurrenceCore

/// The title of a task line: what is left when the recognised parts are removed.
enum TaskLineTitle {
  /// Separators that mean nothing once the part beside them is gone.
  static let separators: Set<Unicode.Scalar> = [",", ";", ":", "-", "\u{2013}", "\u{2014}"]

  /// The line without the `removed` ranges and without the quote marks of `quoted`, with
  /// whitespace collapsed to single spaces and dangling separators dropped: at either end, and
  /// the second of two that meet where a part was removed.
  static func tidy(_ scalars: [Unicode.Scalar], removing removed: [SourceRange], unquoting quoted: [SourceRange])
    -> String
  {
    var drop = [Bool](repeating: false, count: scalars.count)
    var join = [Bool](repeating: false, count: scalars.count + 1)
    for r in removed where r.lowerBound < r.upperBound {
      for k in r.lowerBound..<min(r.upperBound, scalars.count) { drop[k] = true }
      join[min(r.upperBound, scalars.count)] = true
    }
    for q in quoted where q.upperBound - q.lowerBound >= 2 {
      drop[q.lowerBound] = true
      drop[q.upperBound - 1] = true
    }
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(scalars.count)
    var pendingSpace = false
    var joinedHere = false
    for (k, c) in scalars.enumerated() {
      if join[k] { joinedHere = true }
      if drop[k] { continue }
      if c.properties.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if joinedHere, separators.contains(c), let last = out.last, separators.contains(last) {
        joinedHere = false
        continue  // "Call mom, tomorrow, about": one comma
      }
      if pendingSpace {
        // A removed part leaves no space before closing punctuation: "Call mom tomorrow." is "Call mom."
        if !(joinedHere && ".,;:!?)".unicodeScalars.contains(c)) { out.append(" ") }
        pendingSpace = false
      }
      joinedHere = false
      out.append(c)
    }
    // Brackets a removed part leaves empty: "Submit form (friday)".
    var k = 0
    while k + 1 < out.count {
      if (out[k] == "(" && out[k + 1] == ")") || (out[k] == "[" && out[k + 1] == "]") {
        out.removeSubrange(k...(k + 1))
        if k > 0, k < out.count, out[k - 1] == " ", out[k] == " " { out.remove(at: k) }
        k = max(0, k - 1)
      } else {
        k += 1
      }
    }
    while let first = out.first, separators.contains(first) || first == " " { out.removeFirst() }
    while let last = out.last, separators.contains(last) || last == " " { out.removeLast() }
    var text = String.UnicodeScalarView()
    text.append(contentsOf: out)
    return String(text)
  }
}
