import RecurrenceCore

/// The title of a task line: what is left when the recognised parts are removed.
enum TaskLineTitle {
  /// Whether `c` is a separator that means nothing once the part beside it is gone.
  @inline(__always) static func isSeparator(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case ",", ";", ":", "-", "|", "\u{2013}", "\u{2014}": return true
    default: return false
    }
  }

  /// Whether `c` closes a phrase (`.`, `,`, `;`, `:`, `!`, `?`, `)`): no space before it.
  @inline(__always) static func isClosing(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case ".", ",", ";", ":", "!", "?", ")": return true
    default: return false
    }
  }

  /// The line without the `removed` ranges and without the quote marks of `quoted`, with
  /// whitespace collapsed to single spaces and dangling separators dropped: at either end, and
  /// the second of two that meet where a part was removed.
  static func tidy(_ scalars: [Unicode.Scalar], removing removed: [SourceRange], unquoting quoted: [SourceRange])
    -> String
  {
    // Per scalar (and the end): bit 1 dropped, bit 2 a removed part ends here.
    var marks = [UInt8](repeating: 0, count: scalars.count + 1)
    for r in removed where r.lowerBound < r.upperBound {
      for k in r.lowerBound..<min(r.upperBound, scalars.count) { marks[k] |= 1 }
      marks[min(r.upperBound, scalars.count)] |= 2
    }
    for r in removed where r.lowerBound < r.upperBound {
      // A bracket whose other half a removed part took goes with it: "Pay VAT (quarterly) friday",
      // "Meeting tomorrow (3pm)".
      var depth = 0
      var unopened = 0
      for k in r.lowerBound..<min(r.upperBound, scalars.count) {
        if scalars[k] == "(" { depth += 1 }
        if scalars[k] == ")" { if depth > 0 { depth -= 1 } else { unopened += 1 } }
      }
      if unopened > 0, let k = (0..<r.lowerBound).reversed().first(where: { !TaskLineText.isSpace(scalars[$0]) }),
        scalars[k] == "("
      {
        marks[k] |= 1
      }
      if depth > 0, let k = (r.upperBound..<scalars.count).first(where: { !TaskLineText.isSpace(scalars[$0]) }),
        scalars[k] == ")"
      {
        marks[k] |= 1
      }
    }
    for q in quoted where q.upperBound - q.lowerBound >= 2 {
      marks[q.lowerBound] |= 1
      marks[q.upperBound - 1] |= 1
    }
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(scalars.count)
    var pendingSpace = false
    var joinedHere = false
    var firstKept = -1
    var lastKept = 0
    for (k, c) in scalars.enumerated() {
      if marks[k] & 2 != 0 { joinedHere = true }
      if marks[k] & 1 != 0 { continue }
      if TaskLineText.isSpace(c) {
        pendingSpace = !out.isEmpty
        continue
      }
      if firstKept < 0 { firstKept = k }
      lastKept = k
      if joinedHere, isSeparator(c), let last = out.last, isSeparator(last) {
        joinedHere = false
        continue  // "Call mom, tomorrow, about": one comma
      }
      if pendingSpace {
        // A removed part leaves no space before closing punctuation: "Call mom tomorrow." is "Call mom."
        // "!" or "." glued to a word ("!whenever", ".NET") opens it and keeps its space.
        let glued =
          (c == "!" || c == ".") && k + 1 < scalars.count && !TaskLineText.isSpace(scalars[k + 1])
          && !isClosing(scalars[k + 1]) && !isSeparator(scalars[k + 1])
        if !(joinedHere && isClosing(c) && !glued) { out.append(" ") }
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
    // Separators at an end are dropped only where a removed part was: "Call mom - tomorrow" is
    // "Call mom", "-2 degrees" stays.
    firstKept = max(firstKept, 0)
    let removedBefore = removed.contains { $0.lowerBound < firstKept }
    let removedAfter = removed.contains { $0.upperBound > lastKept }
    while let first = out.first, first == " " || (removedBefore && isSeparator(first)) { out.removeFirst() }
    if removedBefore, let run = out.firstIndex(where: { $0 != "!" && $0 != "?" }), run > 0, out[run] == " " {
      out.removeFirst(run + 1)  // "TOMORROW!!! submit application": the date's exclamation marks
    }
    // "submit TOMORROW!!!": marks closing a removed date at the line's end go with it.
    var end = scalars.count - 1
    while end >= 0, scalars[end] == "!" || scalars[end] == "?" { end -= 1 }
    if end >= 0, end < scalars.count - 2, marks[end] & 1 != 0, marks[end + 1] & 2 != 0 {
      while let last = out.last, last == "!" || last == "?" || last == " " { out.removeLast() }
    }
    while let last = out.last, last == " " || (removedAfter && isSeparator(last)) { out.removeLast() }
    return TaskLineText.string(out)
  }
}
