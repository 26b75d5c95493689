/// Untrusted text made safe to show on a terminal: control characters escaped, long text cut
/// to a window, and display widths for lining up carets.
///
/// What counts as a control character here: C0 and C1 controls, DEL, the line and paragraph
/// separators, and the bidirectional overrides and isolates (which reorder what a terminal
/// shows). Each is shown as a Swift escape, `\u{1B}`, so nothing in the input can move the
/// cursor, change colours or reorder the line. Everything else is shown as it is.
public enum TerminalText {
  /// About how many scalars of input a rendered diagnostic shows around its range.
  public static let window = 100
  /// How many scalars of input a window shows before the range, when the input is longer.
  static let lead = 40
  /// The longest message shown, in scalars; longer ones end in an ellipsis.
  public static let messageLimit = 300

  /// Whether `s` is shown escaped rather than as itself.
  @inline(__always)
  public static func isControl(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
    if v < 0x2000 { return v == 0x061C }
    return (v >= 0x200E && v <= 0x200F) || (v >= 0x2028 && v <= 0x202E) || (v >= 0x2066 && v <= 0x2069)
  }

  /// The escape shown for a control character: `\u{1B}`.
  static func escape(_ s: Unicode.Scalar) -> String {
    "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
  }

  /// How many terminal columns `s` takes when shown as itself: 0 for combining marks and other
  /// zero-width scalars, 2 for East Asian wide and full-width characters and emoji, 1 otherwise.
  public static func displayWidth(_ s: Unicode.Scalar) -> Int {
    let v = s.value
    if v < 0x300 { return 1 }
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if v >= 0x1160 && v <= 0x11FF { return 0 }  // Hangul medial vowels and final consonants
    if s.properties.isEmojiPresentation { return 2 }
    for r in wideRanges where r.contains(v) { return 2 }
    return 1
  }

  /// East Asian wide and full-width blocks.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// `text` with every control character escaped and at most `limit` scalars kept (an
  /// ellipsis marks a cut).
  ///
  /// - Parameters:
  ///   - text: untrusted text, for example a message that quotes the user's input.
  ///   - limit: the most scalars kept.
  /// - Returns: text that is safe to write to a terminal.
  public static func escaped(_ text: String, limit: Int = messageLimit) -> String {
    var out = ""
    var n = 0
    for s in text.unicodeScalars {
      if n == limit { return out + "…" }
      n += 1
      if isControl(s) { out += escape(s) } else { out.unicodeScalars.append(s) }
    }
    return out
  }

  /// The part of an input a diagnostic shows, and where its caret goes.
  public struct Excerpt: Sendable, Hashable {
    /// The input's window, escaped, with `…` where it was cut.
    public var line: String
    /// The caret's column in `line`, in display columns.
    public var caretColumn: Int
    /// The caret's width in display columns (at least 1).
    public var caretWidth: Int
  }

  /// A window of about `window` scalars of `input` around `range`, escaped, with the caret's
  /// column and width in display columns.
  ///
  /// The work is bounded by the position of the window, not by the length of the input beyond
  /// it: scalars after the window are only counted.
  ///
  /// - Parameters:
  ///   - input: the text the range is in.
  ///   - range: scalar offsets; offsets past the end are taken as the end.
  public static func excerpt(of input: String, around range: SourceRange) -> Excerpt {
    let scalars = input.unicodeScalars
    let count = scalars.count
    let lower = min(max(0, range.lowerBound), count)
    let upper = min(max(lower, range.upperBound), count)
    let start = count <= window ? 0 : max(0, min(lower - lead, count - window))
    let end = min(count, start + window)
    var line = start > 0 ? "…" : ""
    var column = start > 0 ? 1 : 0
    var caretColumn = column
    var caretEnd = column
    var offset = start
    var index = scalars.index(scalars.startIndex, offsetBy: start)
    while offset < end {
      if offset == lower { caretColumn = column }
      let s = scalars[index]
      if isControl(s) {
        let e = escape(s)
        line += e
        column += e.count
      } else {
        line.unicodeScalars.append(s)
        column += displayWidth(s)
      }
      offset += 1
      index = scalars.index(after: index)
      if offset == upper { caretEnd = column }
    }
    if lower >= end { caretColumn = column }
    if upper >= end { caretEnd = column }
    if end < count { line += "…" }
    return Excerpt(line: line, caretColumn: caretColumn, caretWidth: max(1, caretEnd - caretColumn))
  }
}
