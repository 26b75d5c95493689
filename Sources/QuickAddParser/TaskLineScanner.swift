import RecurrenceCore

/// Finds the task tokens of a line that are marked by their first character (`#project`,
/// `/section`, `@label`, `p1`, `+assignee`, `{deadline}`, `// description`, `!reminder`, a
/// leading `* `) and the quoted text that stays in the title, in one pass over its scalars.
///
/// A mark counts only where a word starts (at the line start or after a space or `(`), so
/// `bob@example.com`, `C#` and `https://x` stay title. What the marks leave is the free text the
/// date is looked for in.
struct TaskLineScanner {
  /// A token found by its mark.
  struct Found {
    var kind: TaskToken.Kind
    var range: SourceRange
    /// The name or text it carries (`Work` for `#Work`).
    var value: String
  }

  let line: TaskLineText
  /// The line's scalars (the same storage as `line`'s, held here so reading them costs no retain).
  let scalars: [Unicode.Scalar]
  /// Tokens found, in line order (deadlines with their braces, read later).
  var found: [Found] = []
  /// Quoted text: the quotes and what they hold, which stays in the title without the quotes.
  var quoted: [SourceRange] = []
  /// Where a `!` starts a reminder (read later, with the date grammar).
  var reminderMarks: Set<Int> = []
  /// Per scalar: 0 free, 1 a token's, 2 quoted.
  var mask: [UInt8]

  init(_ line: TaskLineText) {
    self.line = line
    scalars = line.scalars
    mask = [UInt8](repeating: 0, count: line.scalars.count)
  }

  static func isSpace(_ c: Unicode.Scalar) -> Bool { TaskLineText.isSpace(c) }
  static func isLetter(_ c: Unicode.Scalar) -> Bool { TaskLineText.isLetter(c) }

  func at(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < scalars.count ? scalars[i] : nil }

  /// Whether a word starts at `i`.
  func wordStart(_ i: Int) -> Bool {
    guard let before = at(i - 1) else { return true }
    return Self.isSpace(before) || before == "("
  }

  /// Whether `c` may end a token right after it (a space, the end, or closing punctuation).
  static func endsToken(_ c: Unicode.Scalar?) -> Bool {
    guard let c else { return true }
    return isSpace(c) || ",.;:!?)".unicodeScalars.contains(c)
  }

  static func isQuote(_ c: Unicode.Scalar) -> Bool { c == "\"" || c == "\u{201C}" || c == "\u{201D}" }

  /// Where single quotes opened at `i` close: a `'` or `’` after a letter that ends a word
  /// (`'Friday I'm in Love'`: the `'` inside a word is an apostrophe), at most eight words on;
  /// or nil. An elision is no quote (`'em`, `'til`, `'90s`).
  func singleQuoteClose(from i: Int) -> Int? {
    guard scalars[i] == "'" || scalars[i] == "\u{2018}", let n = at(i + 1), !Self.isSpace(n), !("0"..."9").contains(n)
    else { return nil }
    var e = i + 1
    while e < scalars.count, Self.isLetter(scalars[e]), e - i <= 6 { e += 1 }
    if Self.elisions.contains(String(String.UnicodeScalarView(scalars[(i + 1)..<e])).lowercased()) { return nil }
    var j = i + 2
    var spaces = 0
    while j < scalars.count {
      if Self.isSpace(scalars[j]) {
        spaces += 1
        if spaces > 7 { return nil }
      } else if scalars[j] == "'" || scalars[j] == "\u{2019}", !Self.isSpace(scalars[j - 1]), Self.endsToken(at(j + 1))
      {
        return j
      }
      j += 1
    }
    return nil
  }

  /// Words that start with an apostrophe standing for letters left out.
  static let elisions: Set<String> = [
    "em", "til", "till", "tis", "twas", "cause", "cos", "bout", "n", "round", "neath", "s",
  ]

  mutating func mark(_ range: SourceRange, _ value: UInt8) {
    for k in range.lowerBound..<range.upperBound { mask[k] = value }
  }

  mutating func add(_ kind: TaskToken.Kind, _ range: SourceRange, _ value: String) {
    found.append(Found(kind: kind, range: range, value: value))
    mark(range, 1)
  }

  /// Scans the whole line.
  mutating func run() {
    var i = 0
    while i < scalars.count, Self.isSpace(scalars[i]) { i += 1 }
    if at(i) == "*", let next = at(i + 1), Self.isSpace(next) {
      add(.uncompletable, SourceRange(i, i + 1), "*")
      i += 2
    }
    while i < scalars.count {
      let c = scalars[i]
      guard wordStart(i), !Self.isSpace(c) else {
        i += 1
        continue
      }
      if let end = token(at: i) {
        i = end
      } else {
        let start = i
        while i < scalars.count, !Self.isSpace(scalars[i]) {
          // "call mom tmrw//ask about it": `//` glued to a date word starts the description
          // (`dir//file`, `http://a.com//b` are the word's).
          if scalars[i] == "/", at(i + 1) == "/", Self.isDateWord(scalars[start..<i]), !dayWordFollows(i + 2),
            let end = description(at: i)
          {
            i = end
            break
          }
          i += 1
        }
      }
    }
  }

  /// The description from the `//` starting a word at `i` to the end of the line, when a space,
  /// the end or a word with no `/` follows (`// call first`, `//re contract`; `//server/share`
  /// is a path): the end of the line, or nil.
  mutating func description(at i: Int) -> Int? {
    if !Self.endsToken(at(i + 2)) {
      guard let n = at(i + 2), Self.isLetter(n) else { return nil }
      var e = i + 2
      while e < scalars.count, !Self.isSpace(scalars[e]) {
        if scalars[e] == "/" { return nil }
        e += 1
      }
    }
    var from = i + 2
    while from < scalars.count, Self.isSpace(scalars[from]) { from += 1 }
    var to = scalars.count
    while to > from, Self.isSpace(scalars[to - 1]) { to -= 1 }
    add(.description, SourceRange(i, scalars.count), text(from, to))
    return scalars.count
  }

  /// Reads the token marked at `i` (a word start); returns where scanning goes on, or nil when
  /// no mark starts here.
  mutating func token(at i: Int) -> Int? {
    let c = scalars[i]
    let next = at(i + 1)
    switch c {
    case "#":
      guard let n = next, Self.isLetter(n) || n == "\"" || n == "\\" || n == "_" else { return nil }
      return name(.project, from: i, escapes: true)
    case "@":
      guard let n = next, Self.isLetter(n) else { return nil }
      return name(.label, from: i, escapes: false)
    case "+":
      guard let n = next, Self.isLetter(n) else { return nil }
      return name(.assignee, from: i, escapes: false)
    case "/":
      if next == "/" { return description(at: i) }
      guard let n = next, Self.isLetter(n) else { return nil }
      var e = i + 1
      while e < scalars.count, !Self.isSpace(scalars[e]) {
        if scalars[e] == "/" { return nil }  // "/api/v1/users": a path, not a section
        e += 1
      }
      return name(.section, from: i, escapes: false)
    case "p", "P":
      guard let n = next, ("1"..."4").contains(n), Self.endsToken(at(i + 2)) else { return nil }
      add(.priority, SourceRange(i, i + 2), String(Character(n)))
      return i + 2
    case "!":
      if next == "!", let n = at(i + 2), ("1"..."4").contains(n), Self.endsToken(at(i + 3)) {
        add(.priority, SourceRange(i, i + 3), String(Character(n)))  // "!!1", an older way to write p1
        return i + 3
      }
      guard let n = next, !Self.isSpace(n), n != "!" else { return nil }
      reminderMarks.insert(i)
      return i + 1
    case "{":
      guard let close = (i + 1..<scalars.count).first(where: { scalars[$0] == "}" }) else { return nil }
      add(.deadline, SourceRange(i, close + 1), text(i + 1, close))
      return close + 1
    default:
      if Self.isQuote(c), let close = (i + 1..<scalars.count).first(where: { Self.isQuote(scalars[$0]) }),
        close > i + 1
      {
        quoted.append(SourceRange(i, close + 1))
        mark(SourceRange(i, close + 1), 2)
        return close + 1
      }
      if let close = singleQuoteClose(from: i) {
        mark(SourceRange(i, close + 1), 2)  // 'Tuesdays with Morrie': a name, kept with its quotes
        return close + 1
      }
      return nil
    }
  }

  /// Reads a name after its mark: to the next space, or in quotes (`#"My Project"`), with `\ `
  /// for a space (`#My\ Project`) when `escapes`; closing punctuation at its end is not part of it.
  mutating func name(_ kind: TaskToken.Kind, from i: Int, escapes: Bool) -> Int {
    let k = i + 1
    if escapes, at(k) == "\"", let close = (k + 1..<scalars.count).first(where: { scalars[$0] == "\"" }) {
      add(kind, SourceRange(i, close + 1), text(k + 1, close))
      return close + 1
    }
    var end = k
    var escaped = false
    while end < scalars.count {
      let c = scalars[end]
      if escapes, c == "\\", let n = at(end + 1), Self.isSpace(n) || n == "\\" {
        escaped = true
        end += 2
        continue
      }
      if Self.isSpace(c) { break }
      end += 1
    }
    while end > k, ",.;:!?)".unicodeScalars.contains(scalars[end - 1]), scalars[end - 2] != "\\" { end -= 1 }
    var value = text(k, end)
    if escaped {
      // `#My\ Project`: a backslash keeps the space (or backslash) after it.
      var unescaped = String.UnicodeScalarView()
      var p = k
      while p < end {
        if scalars[p] == "\\", p + 1 < end {
          p += 1
        }
        unescaped.append(scalars[p])
        p += 1
      }
      value = String(unescaped)
    }
    guard end > k, scalars[k..<end].contains(where: Self.isLetter) else { return end }
    add(kind, SourceRange(i, end), value)
    return end
  }

  /// The text of scalars `from..<to`.
  func text(_ from: Int, _ to: Int) -> String { line.text(from, to) }

  /// Whether `letters` spell a day word of the lexicon (`tmrw`, `fri`, `today`, `tonight`).
  static func isDateWord(_ letters: ArraySlice<Unicode.Scalar>) -> Bool {
    guard !letters.isEmpty, letters.count <= 12, letters.allSatisfy({ isLetter($0) && $0.isASCII }) else {
      return false
    }
    let word = String(String.UnicodeScalarView(letters)).lowercased()
    return Lexicon.english.lookup(word).contains {
      $0.wordClass == .weekday || $0.wordClass == .partofday
        || ($0.wordClass == .keyword && ["today", "tomorrow", "tonight"].contains($0.value))
    }
  }

  /// Whether a day word starts at `i` and ends the word (`monday//tuesday` is one or the other).
  func dayWordFollows(_ i: Int) -> Bool {
    var e = i
    while e < scalars.count, Self.isLetter(scalars[e]) { e += 1 }
    return e > i && Self.isDateWord(scalars[i..<e])
  }
}
