import RecurrenceCore

extension Lexicon {
  /// The weekday of a one- or two-letter day code in a timetable's day list (`m`, `t`, `w`,
  /// `r`, `f`, `tu`, `th`, `sa`, `su`…), 1 (Monday) … 7 (Sunday).
  static func dayCode(_ code: Substring) -> Int? {
    switch code {
    case "m", "mo": 1
    case "t", "tu": 2
    case "w", "we": 3
    case "r", "th": 4
    case "f", "fr": 5
    case "sa": 6
    case "su": 7
    default: nil
    }
  }

  /// The weekday words spelled out for timetable day codes, in week order: a chain joined by
  /// `/` of three codes or more with a one-letter code in it (`M/W/F`), or Tuesday and Thursday
  /// (`T/Th`, `T/R`); or one word of codes as written in timetables, capitals with a lower-case
  /// second letter (`MWF`, `TTh`, `MTWThF`) or lower-case one-letter codes (`mwf`), naming three
  /// days or more, or Tuesday and Thursday. The same tokens, uncopied, when there are none.
  /// `original` gives the text a range covers as written (tokens are lower-cased); `w/r/t`,
  /// `M/F`, `T/F`, `mower` and `turf` stay as they are.
  /// With `glued: .nearTime` (task lines), one word of codes counts only after `every`, `each`
  /// or `on`, or before a time or `at` (`gym MWF 6am`; `MTF support group` is a title).
  func expandingDayCodes(_ tokens: [Token], glued: GluedDayCodes = .always, original: (SourceRange) -> String)
    -> [Token]
  {
    var out: [Token]?
    var k = 0
    while k < tokens.count {
      if let w = tokens[k].word, w.utf8.count <= 7, let b = w.utf8.first, Self.dayCodeStarts.contains(b) {
        if let days = dayCodeChain(tokens, from: k) {
          if out == nil { out = Array(tokens[..<k]) }
          var day = 0
          for j in k..<k + days.count * 2 - 1 {
            if j % 2 == k % 2 {
              out?.append(Token(.word(Self.dayNames[days[day] - 1]), tokens[j].range))
              day += 1
            } else {
              out?.append(tokens[j])
            }
          }
          k += days.count * 2 - 1
          continue
        }
        let range = tokens[k].range
        if w.utf8.count >= 3, range.upperBound - range.lowerBound == w.utf8.count,
          w.utf8.allSatisfy({ Self.dayCodeLetters.contains($0) }), glued == .always || Self.nearTime(tokens, k),
          index(of: w) == nil, let days = gluedDayCodes(original(range))
        {
          if out == nil { out = Array(tokens[..<k]) }
          var at = range.lowerBound
          for (day, length) in days {
            out?.append(Token(.word(Self.dayNames[day - 1]), SourceRange(at, at + length)))
            at += length
          }
          k += 1
          continue
        }
      }
      out?.append(tokens[k])
      k += 1
    }
    return out ?? tokens
  }

  /// Where one word of day codes counts.
  enum GluedDayCodes: Sendable {
    /// Anywhere (a phrase is all date).
    case always
    /// After `every`, `each` or `on`, or before a time or `at` (a task line is mostly title).
    case nearTime
  }

  /// Whether token `k` follows `every`, `each` or `on`, or comes before a time, `at` or `@`.
  static func nearTime(_ tokens: [Token], _ k: Int) -> Bool {
    if k > 0, let w = tokens[k - 1].word, w == "every" || w == "each" || w == "on" { return true }
    guard k + 1 < tokens.count else { return false }
    switch tokens[k + 1].kind {
    case .clock: return true
    case .word(let w): return w == "at"
    case .punctuation(let c): return c == "@"
    default: return false
    }
  }

  /// The letters of day codes, lower-cased, as ASCII bytes.
  static let dayCodeLetters: Set<UInt8> = Set("mtwrfouehsa".utf8)

  /// The first letters of day codes, as ASCII bytes.
  static let dayCodeStarts: Set<UInt8> = Set("mtwrfs".utf8)

  /// The weekday names the codes stand for.
  static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// Whether the days are in week order and name three days or more, or Tuesday and Thursday.
  static func isTimetable(_ days: [Int]) -> Bool {
    guard zip(days, days.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
    return days.count >= 3 || days == [2, 4]
  }

  /// The days of a `/` chain of touching day codes starting at `k`, with a one-letter code in
  /// it, when they make a timetable (see `isTimetable`); or nil.
  func dayCodeChain(_ tokens: [Token], from k: Int) -> [Int]? {
    var j = k
    var days: [Int] = []
    var single = false
    while j < tokens.count, let w = tokens[j].word, let day = Self.dayCode(w[...]) {
      days.append(day)
      if w.utf8.count == 1 { single = true }
      j += 1
      guard j + 1 < tokens.count, tokens[j].isPunctuation("/"),
        tokens[j - 1].range.upperBound == tokens[j].range.lowerBound,
        tokens[j].range.upperBound == tokens[j + 1].range.lowerBound, let next = tokens[j + 1].word,
        Self.dayCode(next[...]) != nil
      else { break }
      j += 1
    }
    return single && Self.isTimetable(days) ? days : nil
  }

  /// The days of one word of day codes as timetables write them, each with its length, or nil:
  /// capitals, a two-letter code with its second letter in lower case (`MWF`, `TTh`, `MTWThF`),
  /// or lower-case one-letter codes only (`mwf`, `mtwrf`).
  func gluedDayCodes(_ written: String) -> [(Int, Int)]? {
    let s = Array(written.unicodeScalars)
    guard let first = s.first else { return nil }
    let capitals = first.properties.isUppercase
    var days: [(Int, Int)] = []
    var i = 0
    while i < s.count {
      let c = s[i]
      guard c.isASCII, c.properties.isUppercase == capitals else { return nil }
      if capitals, i + 1 < s.count, s[i + 1].isASCII, s[i + 1].properties.isLowercase,
        let d = Self.dayCode(Substring(String(String.UnicodeScalarView(s[i...i + 1])).lowercased()))
      {
        days.append((d, 2))
        i += 2
      } else if let d = Self.dayCode(Substring(String(Character(c)).lowercased())) {
        days.append((d, 1))
        i += 1
      } else {
        return nil
      }
    }
    return Self.isTimetable(days.map(\.0)) ? days : nil
  }
}
