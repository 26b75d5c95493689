import RecurrenceCore

extension Lexicon {
  /// The weekday of a one- or two-letter day code in a timetable's day list (`m`, `t`, `w`,
  /// `r`, `f`, `mo`, `tu`, `we`, `th`, `fr`, `sa`, `su`), lower-cased, 1 (Monday) … 7 (Sunday).
  static func dayCode(_ code: some StringProtocol) -> Int? {
    var bytes = code.utf8.makeIterator()
    guard let a = bytes.next() else { return nil }
    let b = bytes.next()
    guard bytes.next() == nil else { return nil }
    switch (a, b) {
    case (UInt8(ascii: "m"), nil), (UInt8(ascii: "m"), UInt8(ascii: "o")): return 1
    case (UInt8(ascii: "t"), nil), (UInt8(ascii: "t"), UInt8(ascii: "u")): return 2
    case (UInt8(ascii: "w"), nil), (UInt8(ascii: "w"), UInt8(ascii: "e")): return 3
    case (UInt8(ascii: "r"), nil), (UInt8(ascii: "t"), UInt8(ascii: "h")): return 4
    case (UInt8(ascii: "f"), nil), (UInt8(ascii: "f"), UInt8(ascii: "r")): return 5
    case (UInt8(ascii: "s"), UInt8(ascii: "a")): return 6
    case (UInt8(ascii: "s"), UInt8(ascii: "u")): return 7
    default: return nil
    }
  }

  /// Whether the text may hold day codes: a `/`, or a run of three to seven ASCII letters that
  /// are all lower-case one-letter codes or start with a capital code letter. A cheap test on
  /// the bytes, so that most phrases skip the token pass.
  static func mayHaveDayCodes(_ text: String.UTF8View) -> Bool {
    let starts = dayCodeStarts
    let ones = oneLetterCodes
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var run = 0
      var lowerCodes = true
      var capitalStart = false
      for b in bytes {
        if b == UInt8(ascii: "/") { return true }
        if b == UInt8(ascii: "-"), run == 1 || run == 2 { return true }  // "M-F"
        let lower = b | 0x20
        let bit = lower &- UInt8(ascii: "a")
        if bit < 26 {
          if run == 0 { capitalStart = b != lower && (starts >> UInt32(bit)) & 1 != 0 }
          lowerCodes = lowerCodes && b == lower && (ones >> UInt32(bit)) & 1 != 0
          run += 1
          continue
        }
        if run >= 3, run <= 7, lowerCodes || capitalStart { return true }
        run = 0
        lowerCodes = true
      }
      return run >= 3 && run <= 7 && (lowerCodes || capitalStart)
    }
    if let found = text.withContiguousStorageIfAvailable(scan) { return found }
    return Array(text).withUnsafeBufferPointer(scan)
  }

  /// The one-letter day codes.
  static let oneLetterCodes = letterSet("mtwrf".utf8)

  /// Whether the lower-case ASCII letter `b` is one of `letters`, a bit per letter from `a`
  /// (as `letterSet(_:)` builds them).
  static func isLetter(_ b: UInt8, in letters: UInt32) -> Bool {
    let bit = b &- UInt8(ascii: "a")
    return bit < 26 && (letters >> UInt32(bit)) & 1 != 0
  }

  /// The first letters of day codes.
  static let dayCodeStarts = letterSet("mtwrfs".utf8)

  /// The letters of day codes.
  static let dayCodeLetters = letterSet("mtwrfouehsa".utf8)

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
      if case .word(let w) = tokens[k].kind, let b = w.utf8.first, Self.isLetter(b, in: Self.dayCodeStarts),
        w.utf8.count <= 7
      {
        if let (a, b) = dayCodeRange(tokens, from: k), a == 1,
          glued == .always || Self.nearTime(tokens, k + 2)
            || (k > 0 && Self.nearTime(tokens, k))
        {
          // "M-F", "M-Th": a range of day codes, read as the range of their days.
          if out == nil { out = Array(tokens[..<k]) }
          out? += [
            Token(.word(Self.dayNames[a - 1]), tokens[k].range), tokens[k + 1],
            Token(.word(Self.dayNames[b - 1]), tokens[k + 2].range),
          ]
          k += 3
          continue
        }
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
          w.utf8.allSatisfy({ Self.isLetter($0, in: Self.dayCodeLetters) }),
          glued == .always || Self.nearTime(tokens, k),
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

  /// The weekday names the codes stand for.
  static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// Whether the days are in week order and name three days or more, or Tuesday and Thursday.
  static func isTimetable(_ days: [Int]) -> Bool {
    guard zip(days, days.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
    return days.count >= 3 || days == [2, 4]
  }

  /// The days of a `-` range of two touching day codes starting at `k` (`M-F`, `M-Th`), one of
  /// them a single letter, in week order; or nil.
  func dayCodeRange(_ tokens: [Token], from k: Int) -> (Int, Int)? {
    guard k + 2 < tokens.count, let w = tokens[k].word, let a = Self.dayCode(w), tokens[k + 1].isPunctuation("-"),
      let v = tokens[k + 2].word, let b = Self.dayCode(v), w.utf8.count == 1 || v.utf8.count == 1,
      tokens[k].range.upperBound == tokens[k + 1].range.lowerBound,
      tokens[k + 1].range.upperBound == tokens[k + 2].range.lowerBound, a < b
    else { return nil }
    return (a, b)
  }

  /// The days of a `/` chain of touching day codes starting at `k`, with a one-letter code in
  /// it, when they make a timetable (see `isTimetable`); or nil.
  func dayCodeChain(_ tokens: [Token], from k: Int) -> [Int]? {
    var j = k
    var days: [Int] = []
    var single = false
    while j < tokens.count, let w = tokens[j].word, let day = Self.dayCode(w) {
      days.append(day)
      if w.utf8.count == 1 { single = true }
      j += 1
      guard j + 1 < tokens.count, tokens[j].isPunctuation("/"),
        tokens[j - 1].range.upperBound == tokens[j].range.lowerBound,
        tokens[j].range.upperBound == tokens[j + 1].range.lowerBound, let next = tokens[j + 1].word,
        Self.dayCode(next) != nil
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
        let d = Self.dayCode(String(String.UnicodeScalarView(s[i...i + 1])).lowercased())
      {
        days.append((d, 2))
        i += 2
      } else if let d = Self.dayCode(String(Character(c)).lowercased()) {
        days.append((d, 1))
        i += 1
      } else {
        return nil
      }
    }
    return Self.isTimetable(days.map(\.0)) ? days : nil
  }
}
