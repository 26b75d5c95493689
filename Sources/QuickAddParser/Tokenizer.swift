import RecurrenceCore

/// Splits a phrase into tokens in one pass over its UTF-8 bytes.
///
/// Shapes only: words (letters, lower-cased), numbers, ordinals (`3rd`), clock times (`5pm`,
/// `17:30`, `9:30am`), ISO dates (`2027-03-01`, `2027/03/01`), numeric dates (`6/15`, `6/15/2027`) and single
/// punctuation characters. Whitespace (including NBSP and the other Unicode spaces) separates
/// tokens; a hyphen between letters is a token of its own ("mon-fri" is three tokens), and en
/// and em dashes read as hyphens. Ranges are in Unicode scalars of the original input.
public enum Tokenizer {
  /// The years a date may write with two digits (`15.01.27`, `by 15 jan 27`): 2020–2049.
  static let twoDigitYears = 2020...2049

  /// The tokens of `input`.
  public static func tokenize(_ input: String) -> [Token] { scan(input).tokens }

  /// The tokens of `input` and its length in characters, in one pass.
  public static func scan(_ input: String) -> (tokens: [Token], characters: Int) {
    var copy = input
    return copy.withUTF8 { bytes in
      var scanner = Scanner(bytes: bytes)
      let tokens = scanner.run()
      return (tokens, scanner.char)
    }
  }

  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    /// Character offset of byte `i`.
    var char = 0
    var tokens: [Token] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      tokens.reserveCapacity(12)
    }

    @inline(__always) func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 || b >= 0x80 }

    /// Whether the token before is `at` or `@` (a time follows them, not a date).
    var afterAt: Bool {
      guard let last = tokens.last else { return false }
      return last.word == "at" || last.isPunctuation("@")
    }

    /// Whether the token before is a part of the day, after which a time is said ("every
    /// evening 6 30").
    var afterPartOfDay: Bool {
      guard let w = tokens.last?.word else { return false }
      return Self.partsOfDay.contains(w)
    }

    /// The parts of the day after which a clock said without its colon may come.
    static let partsOfDay: Set<String> = [
      "morning", "mornings", "afternoon", "afternoons", "evening", "evenings", "night", "nights", "tonight",
    ]

    /// Whether the token before is `,`, `and` or `&` after a clock (`at 6 30, 12 15 and 18 45`).
    var afterClockInList: Bool {
      guard tokens.count >= 2, let last = tokens.last else { return false }
      guard last.isPunctuation(",") || last.isPunctuation("&") || last.word == "and" else { return false }
      let before = tokens[tokens.count - 2]
      // "at 6 30, and 8 30": a comma before "and" too.
      return before.isClock || (before.isPunctuation(",") && tokens.count >= 3 && tokens[tokens.count - 3].isClock)
    }

    /// Whether the token before is a word after which a date, not a clock, is said (`on 10.10.`).
    var afterDateWord: Bool {
      guard let w = tokens.last?.word else { return false }
      return w == "on" || w == "due" || w == "until" || w == "till" || w == "from" || w == "before"
    }

    /// Whether a time follows byte `k` after spaces (`10.10. at 7am`, `10.10. 7am`).
    func timeFollows(from k: Int) -> Bool {
      var j = k
      while at(j) == 32 { j += 1 }
      if Self.isDigit(at(j)) || at(j) == 64 { return true }
      return at(j) | 0x20 == 97 && at(j + 1) | 0x20 == 116 && at(j + 2) == 32
    }

    /// Advances over `n` bytes, counting characters (a continuation byte starts none).
    @inline(__always) mutating func advance(_ n: Int) {
      for _ in 0..<n {
        if bytes[i] & 0xC0 != 0x80 { char += 1 }
        i += 1
      }
    }

    mutating func run() -> [Token] {
      while i < bytes.count {
        let b = bytes[i]
        if b == 32 || b == 9 || b == 10 || b == 13 {
          advance(1)
        } else if b >= 0x80, let (length, mark) = unicodeSeparator() {
          // NBSP and the other Unicode spaces are spaces; en and em dashes are dashes; curly
          // quotes, bullets and ellipses read as their ASCII marks.
          let start = char
          advance(length)
          if let mark { tokens.append(Token(.punctuation(mark), SourceRange(start, char))) }
        } else if Self.isDigit(b) {
          number()
        } else if Self.isLetter(b) {
          word()
        } else {
          // Bytes of 0x80 and above start words, so punctuation is one ASCII byte.
          let start = char
          let c = Character(Unicode.Scalar(b))
          advance(1)
          tokens.append(Token(.punctuation(c), SourceRange(start, char)))
        }
      }
      return tokens
    }

    /// A Unicode space or mark at `i`: its length in bytes, and the ASCII mark it reads as
    /// (nil for a space).
    func unicodeSeparator(at k: Int? = nil) -> (Int, Character?)? {
      let k = k ?? i
      let b0 = at(k)
      let b1 = at(k + 1)
      let b2 = at(k + 2)
      if b0 == 0xC2, b1 == 0xA0 { return (2, nil) }  // no-break space
      if b0 == 0xE2, b1 == 0x80 {
        if (0x80...0x8A).contains(b2) || b2 == 0xAF { return (3, nil) }  // en quad … hair space, narrow NBSP
        if (0x90...0x95).contains(b2) { return (3, "-") }  // hyphen … horizontal bar
        if b2 == 0x9C || b2 == 0x9D { return (3, "\"") }  // curly double quotes
        if b2 == 0x98 { return (3, "'") }  // left single quote (the right one is an apostrophe)
        if b2 == 0xA2 { return (3, "*") }  // bullet
        if b2 == 0xA6 { return (3, ".") }  // ellipsis
      }
      if b0 == 0xE2, b1 == 0x81, b2 == 0x9F { return (3, nil) }  // medium mathematical space
      if b0 == 0xE2, b1 == 0x88, b2 == 0x92 { return (3, "-") }  // minus sign
      if b0 == 0xE3, b1 == 0x80, b2 == 0x80 { return (3, nil) }  // ideographic space
      return nil
    }

    mutating func digits() -> (value: Int, count: Int) {
      var v = 0
      var n = 0
      while i < bytes.count, Self.isDigit(bytes[i]) {
        if n < 9 { v = v * 10 + Int(bytes[i] - 48) }
        n += 1
        advance(1)
      }
      return (n > 9 ? Int.max : v, n)
    }

    /// A meridiem right after a time (`pm`, `am`, `p`, `a`, `p.m.`), consumed if present.
    mutating func meridiem() -> Bool? {
      let c = at(i) | 0x20
      guard c == 97 || c == 112 else { return nil }  // a, p
      let pm = c == 112
      let next = at(i + 1) | 0x20
      if next == 109, !Self.isLetter(at(i + 2)) {  // am / pm, and "pm." ending a sentence
        advance(at(i + 2) == 46 && !Self.isLetter(at(i + 3)) && !Self.isDigit(at(i + 3)) ? 3 : 2)
        return pm
      }
      if at(i + 1) == 46, at(i + 2) | 0x20 == 109, !Self.isLetter(at(i + 3)), !Self.isDigit(at(i + 3)) {
        advance(at(i + 3) == 46 ? 4 : 3)  // a.m. / p.m., and "a.m" without its last dot
        return pm
      }
      if !Self.isLetter(at(i + 1)) {  // 5p
        advance(1)
        return pm
      }
      return nil
    }

    /// After spaces, `am`, `pm`, `a.m.` or `p.m.` standing alone; consumed when present.
    mutating func spacedMeridiem() -> Bool? {
      var k = i
      while at(k) == 32 { k += 1 }
      guard k > i else { return nil }
      let c = at(k) | 0x20
      guard c == 97 || c == 112 else { return nil }
      let length: Int
      if at(k + 1) | 0x20 == 109, !Self.isLetter(at(k + 2)), at(k + 2) != 46 {
        length = 2
      } else if at(k + 1) == 46, at(k + 2) | 0x20 == 109, !Self.isLetter(at(k + 3)), !Self.isDigit(at(k + 3)) {
        length = at(k + 3) == 46 ? 4 : 3  // "a.m." and "a.m"
      } else {
        return nil
      }
      advance(k - i + length)
      return c == 112
    }

    mutating func number() {
      let start = char
      let first = digits()
      // ISO date: 2027-03-01, and with slashes or dots as the year-first forms write it: 2027/03/01.
      let separator = at(i)
      if first.count == 4, separator == 45 || separator == 47 || separator == 46, Self.isDigit(at(i + 1)),
        Self.isDigit(at(i + 2)), at(i + 3) == separator, Self.isDigit(at(i + 4)), Self.isDigit(at(i + 5)),
        !Self.isDigit(at(i + 6))
      {
        let m = Int(at(i + 1) - 48) * 10 + Int(at(i + 2) - 48)
        let d = Int(at(i + 4) - 48) * 10 + Int(at(i + 5) - 48)
        advance(6)
        tokens.append(Token(.isoDate(CivilDate(year: first.value, month: m, day: d)), SourceRange(start, char)))
        // "2027-01-20T09:00": the ISO 8601 time after its date, read as a clock of its own.
        // (Not with seconds, a zone or an offset glued on: "…T08:15:30-05:30" stays as written.)
        if at(i) | 0x20 == 116, Self.isDigit(at(i + 1)), Self.isDigit(at(i + 2)), at(i + 3) == 58,
          Self.isDigit(at(i + 4)), Self.isDigit(at(i + 5)), at(i + 6) == 0 || at(i + 6) == 32 || at(i + 6) == 44
        {
          advance(1)
        }
        return
      }
      // Numeric date: 6/15, 15/6, 6/15/2027, 6/15/27 (the parser decides the order).
      if first.count <= 2, at(i) == 47, Self.isDigit(at(i + 1)) {
        let save = (i, char)
        advance(1)
        let second = digits()
        var year: Int?
        if second.count <= 2, at(i) == 47, Self.isDigit(at(i + 1)) {
          let saveYear = (i, char)
          advance(1)
          let y = digits()
          if y.count == 2 || (y.count == 4 && Self.dueYears.contains(y.value)) {
            year = y.count == 2 ? 2000 + y.value : y.value
          } else {
            (i, char) = saveYear
          }
        }
        if second.count <= 2, at(i) != 47, !Self.isDigit(at(i)), !Self.isLetter(at(i)) {
          tokens.append(
            Token(.numericDate(first.value, second.value, year: year), SourceRange(start, char)))
          return
        }
        (i, char) = save
      }
      // Numeric date with a four-digit year and dashes or dots: 12-09-2026, 20.01.2027.
      if first.count <= 2, at(i) == 45 || at(i) == 46, Self.isDigit(at(i + 1)) {
        let separator = at(i)
        var k = i + 1
        var second = 0
        var n = 0
        while Self.isDigit(at(k)), n < 3 {
          second = second * 10 + Int(at(k) - 48)
          k += 1
          n += 1
        }
        if n <= 2, at(k) == separator, Self.isDigit(at(k + 1)), Self.isDigit(at(k + 2)), Self.isDigit(at(k + 3)),
          Self.isDigit(at(k + 4)), !Self.isDigit(at(k + 5)), !Self.isLetter(at(k + 5))
        {
          let year =
            Int(at(k + 1) - 48) * 1000 + Int(at(k + 2) - 48) * 100 + Int(at(k + 3) - 48) * 10 + Int(at(k + 4) - 48)
          // "Serial 12-05-3344": no year a task is due in, so no date.
          guard Self.dueYears.contains(year) else {
            tokens.append(Token(.number(first.value), SourceRange(start, char)))
            return
          }
          advance(k + 5 - i)
          tokens.append(
            Token(.numericDate(first.value, second, year: year, dayFirst: separator == 46), SourceRange(start, char)))
          return
        }
        // "on 15.01.27", "05-03-28 exam", "test 15.01.27 at 10:14": two digits each, the year's
        // too, 2020 to 2049, after a date's word, first, or before a time (a version, a code or a
        // score has none: "node 20.11.27", "PIN 12-10-27", "score 15-01-27"; and nothing glued
        // after: "10.12.27.5" is an address).
        if first.count == 2, n == 2, at(k) == separator, Self.isDigit(at(k + 1)), Self.isDigit(at(k + 2)),
          !Self.isDigit(at(k + 3)), !Self.isLetter(at(k + 3)), !(at(k + 3) == 46 && Self.isDigit(at(k + 4))),
          at(k + 3) != 45, (1...31).contains(first.value), (1...12).contains(second) || separator == 45,
          (1...31).contains(second), separator == 46 || first.value <= 12 || second <= 12,
          Tokenizer.twoDigitYears.contains(2000 + Int(at(k + 1) - 48) * 10 + Int(at(k + 2) - 48)),
          tokens.isEmpty || afterDateWord || timeFollows(from: k + 3)
            || tokens.last.map({ Self.shortYearCues.contains($0.word ?? "") || Self.endsDatedRange($0, tokens) })
              == true
        {
          let year = 2000 + Int(at(k + 1) - 48) * 10 + Int(at(k + 2) - 48)
          advance(k + 3 - i)
          tokens.append(
            Token(.numericDate(first.value, second, year: year, dayFirst: separator == 46), SourceRange(start, char)))
          return
        }
        // "25.12.", "1.3.", "7.12.": a day and a month with dots; not after "at", and not what
        // reads as a clock at a sentence's end ("by 9.10.", "home by 6.05.": an hour and minutes
        // on the five-minute marks).
        let clockLike = n == 2 && first.value <= 12 && second % 5 == 0 && !afterDateWord && !timeFollows(from: k + 1)
        if separator == 46, n <= 2, at(k) == 46, !Self.isDigit(at(k + 1)), !Self.isLetter(at(k + 1)),
          (1...31).contains(first.value), (1...12).contains(second), !afterAt, !clockLike
        {
          advance(k + 1 - i)
          tokens.append(Token(.numericDate(first.value, second, year: nil, dayFirst: true), SourceRange(start, char)))
          return
        }
      }
      // Clock: 17:30, 9:30am, 7.30pm (a dot only when a meridiem follows or two digits end it)
      // "15.01.27", "10.11.12" not read as a date above: a code, one word (never a clock and a
      // day: "every 15.01.27" is no rule on the 27th at 15:01).
      if at(i) == 46, Self.isDigit(at(i + 1)) {
        var k = i + 1
        while Self.isDigit(at(k)) { k += 1 }
        // "at 6.5 kg", "I'm at 10.1": one decimal after "at" is an amount, no clock nor date.
        let decimal = afterAt && k == i + 2 && at(k) != 46 && !Self.isLetter(at(k)) && unicodeSeparator(at: k) == nil
        if (at(k) == 46 && Self.isDigit(at(k + 1))) || decimal {
          while Self.isDigit(at(k)) || (at(k) == 46 && Self.isDigit(at(k + 1))) { k += 1 }
          let startByte = i - first.count
          advance(k - i)
          let code = String(decoding: UnsafeBufferPointer(rebasing: bytes[startByte..<i]), as: UTF8.self)
          tokens.append(Token(.word(code), SourceRange(start, char)))
          return
        }
      }
      if first.count <= 2, at(i) == 58 || at(i) == 46, Self.isDigit(at(i + 1)), Self.isDigit(at(i + 2)),
        !Self.isDigit(at(i + 3))
      {
        let save = (i, char)
        let dot = at(i) == 46
        advance(1)
        let minutes = digits()
        let pm = meridiem() ?? spacedMeridiem()
        if dot, pm == nil, (1...12).contains(minutes.value), !Self.isLetter(at(i)), !afterAt,
          (24...31).contains(first.value) || ((1...31).contains(first.value) && tokens.last?.word == "on")
        {
          // "24.12", "31.12": no hour, so a day and a month ("every 31.12" is New Year's Eve); so
          // is "on 23.12" (a time is not "on").
          tokens.append(
            Token(.numericDate(first.value, minutes.value, year: nil, dayFirst: true), SourceRange(start, char)))
          return
        }
        if dot, pm == nil, at(i) | 0x20 == 104, !Self.isLetter(at(i + 1)), first.value < 24 {
          advance(1)  // "18.30h": a 24-hour clock with the hours mark
          tokens.append(Token(.clock(hour: first.value, minute: minutes.value, pm: nil), SourceRange(start, char)))
          return
        }
        if !dot || pm != nil || !Self.isLetter(at(i)) {
          tokens.append(Token(.clock(hour: first.value, minute: minutes.value, pm: pm), SourceRange(start, char)))
          return
        }
        (i, char) = save
      }
      // Ordinal: 3rd, 21st, 2nd, 4th
      let s0 = at(i) | 0x20
      let s1 = at(i + 1) | 0x20
      if !Self.isLetter(at(i + 2)) || unicodeSeparator(at: i + 2) != nil,  // "1st–5th": a dash follows
        (s0 == 115 && s1 == 116) || (s0 == 110 && s1 == 100) || (s0 == 114 && s1 == 100) || (s0 == 116 && s1 == 104)
      {
        advance(2)
        tokens.append(Token(.ordinal(first.value), SourceRange(start, char)))
        return
      }
      // An ordinal's suffix written apart, the right one for the number, in lower case: "1 st",
      // "22 nd", "15 th" ("1 St James" is a saint).
      if first.count <= 2, at(i) == 32, let suffix = Self.ordinalSuffix(first.value),
        at(i + 1) == suffix.0, at(i + 2) == suffix.1, !Self.isLetter(at(i + 3)), at(i + 3) != 39
      {
        advance(3)
        tokens.append(Token(.ordinal(first.value), SourceRange(start, char)))
        return
      }
      // Hours and minutes run together with a meridiem: 230pm, 1130am, 730 pm.
      if first.count == 3 || first.count == 4, first.value % 100 < 60, (1...12).contains(first.value / 100),
        let pm = at(i) | 0x20 == 97 || at(i) | 0x20 == 112 ? meridiem() : spacedMeridiem()
      {
        tokens.append(
          Token(.clock(hour: first.value / 100, minute: first.value % 100, pm: pm), SourceRange(start, char)))
        return
      }
      // A clock said without its colon after "at" or a part of the day: "at 6 30", "at 9 15 am",
      // "every evening 6 30" (the minutes on the
      // five-minute marks, and no unit after them: "at 6 30 min" is no time).
      if at(i) == 32, Self.isDigit(at(i + 1)), Self.isDigit(at(i + 2)), !Self.isDigit(at(i + 3)), first.count <= 2,
        first.value <= 23, afterAt || afterClockInList || afterPartOfDay, spokenMinutesEnd(i + 3)
      {
        let minutes = Int(at(i + 1) - 48) * 10 + Int(at(i + 2) - 48)
        if minutes < 60, minutes % 5 == 0 {
          advance(3)
          let pm = meridiem() ?? spacedMeridiem()
          tokens.append(Token(.clock(hour: first.value, minute: minutes, pm: pm), SourceRange(start, char)))
          return
        }
      }
      // Clock with meridiem only: 5pm, 11 a.m. is two tokens (the parser joins them)
      if first.count <= 2, let pm = meridiem() {
        tokens.append(Token(.clock(hour: first.value, minute: 0, pm: pm), SourceRange(start, char)))
        return
      }
      // "9 a.m.", "9 pm": a spaced meridiem (spelled out in full) belongs to the number.
      if first.count <= 2, let pm = spacedMeridiem() {
        tokens.append(Token(.clock(hour: first.value, minute: 0, pm: pm), SourceRange(start, char)))
        return
      }
      tokens.append(Token(.number(first.value), SourceRange(start, char)))
    }

    /// Whether the minutes of a clock said without its colon end at byte `k`: the end, a comma,
    /// a meridiem, a marked token, or a space before a word that goes on with a date (`on`,
    /// `every`, `tomorrow`, a weekday); "at 3 25 people" is no time.
    func spokenMinutesEnd(_ k: Int) -> Bool {
      var k = k
      var comma = false
      switch at(k) {
      case 0, 59, 46, 41: return true
      case 97, 65, 112, 80: return true  // "6 30am", "6 30pm": the meridiem is read after
      case 44:
        comma = true  // after a comma, what follows decides ("at 5 15, 20 total" is no list)
        k += 1
      case 32: break
      default: return false
      }
      while at(k) == 32 { k += 1 }
      switch at(k) {
      case 0, 35, 64, 33, 40, 38, 43, 123: return true  // the end, "#", "@", "!", "(", "&", "+", "{"
      default: break
      }
      if Self.isDigit(at(k)) {
        // After a comma, only another time: "6 30, 12 15", "6 30, 18:45", "9 15, 5pm", "9 15, 10".
        guard comma else { return false }
        var d = k
        while Self.isDigit(at(d)) { d += 1 }
        if at(d) == 0 || at(d) == 44 || at(d) == 58 || at(d) | 0x20 == 97 || at(d) | 0x20 == 112 { return true }
        guard at(d) == 32 else { return false }
        while at(d) == 32 { d += 1 }
        // "9 15, 10 and 11", "6 30, 12 15": a list goes on; "5 15, 20 total" is a count.
        return (Self.isDigit(at(d)) && Self.isDigit(at(d + 1)) && !Self.isDigit(at(d + 2))) || at(d) == 38
          || (at(d) | 0x20 == 97 && at(d + 1) | 0x20 == 110 && at(d + 2) | 0x20 == 100 && at(d + 3) == 32)
      }
      if at(k) == 58 || at(k) == 47 || at(k) == 45 { return false }
      if comma { return true }  // "at 6 30, bring cake"
      let (word, end) = lowerWord(at: k)
      guard !word.isEmpty, !Self.isLetter(at(end)) else { return false }
      if Self.spokenClockFollowers.contains(word) { return true }
      if word == Array("each".utf8) {
        // "at 6 30 each day", not "at 4 50 each": a period or a weekday after it.
        var n = end
        while at(n) == 32 { n += 1 }
        let next = lowerWord(at: n).word
        return Self.periodWords.contains(next) || Self.isWeekdayStem(next)
      }
      // A weekday, abbreviated or in full, singular or plural: "at 9 15 mon", "at 6 30 sundays".
      return Self.isWeekdayStem(word)
    }

    /// The letters from byte `k`, lower-cased (at most ten), and the byte after them.
    func lowerWord(at k: Int) -> (word: [UInt8], end: Int) {
      var word: [UInt8] = []
      var k = k
      while Self.isLetter(at(k)), word.count < 10 {
        word.append(at(k) | 0x20)
        k += 1
      }
      return (word, k)
    }

    /// Whether a lower-cased word starts with a weekday's first three letters (`mon`, `sundays`).
    static func isWeekdayStem(_ word: [UInt8]) -> Bool {
      word.count >= 3 && weekdayStems.contains(Array(word[0..<3]))
    }

    /// Words after which a clock said without its colon ends: "at 6 30 on friday", "at 7 45 tomorrow".
    static let spokenClockFollowers: Set<[UInt8]> = Set(
      [
        "on", "every", "and", "daily", "weekly", "tomorrow", "tom", "tmrw", "tmr", "today", "tonight", "in",
        "from", "until", "till", "til", "starting", "then", "sharp", "next", "this", "except", "am", "pm", "a", "p",
      ].map { Array($0.utf8) })

    /// Periods and parts of the day after `each` that end a clock said without its colon.
    static let periodWords: Set<[UInt8]> = Set(
      ["day", "week", "month", "weekday", "morning", "evening", "night", "afternoon"].map { Array($0.utf8) })

    /// The four-digit years a numeric date may name (`Serial 12-05-3344` is no date).
    static let dueYears = 1900...2199

    /// Words besides `afterDateWord`'s after which two-digit dotted and dashed dates are read
    /// (`by 15.01.27`, `starting 15.01.27`; "card ending 12-10-27" is its digits).
    static let shortYearCues: Set<String> = ["by", "starting", "after"]

    /// Whether `last`, the token before, ends a range's start: a dash, `to`, `through` or `thru`
    /// after `from` and a date with its year (`from 15.01.27 to 20.01.27`; "upgrade node to
    /// 20.11.27" has none).
    static func endsDatedRange(_ last: Token, _ tokens: [Token]) -> Bool {
      guard last.isPunctuation("-") || last.isPunctuation("–") || ["to", "through", "thru"].contains(last.word ?? ""),
        tokens.count >= 3, tokens[tokens.count - 3].word == "from"
      else { return false }
      if case .numericDate(_, _, .some, _) = tokens[tokens.count - 2].kind { return true }
      return false
    }

    /// The first three letters of the weekdays.
    static let weekdayStems: Set<[UInt8]> = Set(
      ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map { Array($0.utf8) })

    /// The English ordinal suffix of `n` as two lower-case letters (`st`, `nd`, `rd`, `th`).
    static func ordinalSuffix(_ n: Int) -> (UInt8, UInt8)? {
      guard n >= 1 else { return nil }
      if (11...13).contains(n % 100) { return (116, 104) }
      switch n % 10 {
      case 1: return (115, 116)
      case 2: return (110, 100)
      case 3: return (114, 100)
      default: return (116, 104)
      }
    }

    mutating func word() {
      let start = char
      let startByte = i
      while i < bytes.count {
        let b = bytes[i]
        if b >= 0x80, unicodeSeparator() != nil {
          break
        } else if Self.isLetter(b) {
          advance(1)
        } else if b == 39, Self.isLetter(at(i + 1)) {  // inner apostrophe: o'clock
          advance(1)
        } else {
          break
        }
      }
      let count = i - startByte
      // "month(s)", "day(s)": a plural written as forms and calendar apps write it.
      let pluralMark =
        count >= 2 && at(i) == 40 && at(i + 1) | 0x20 == 115 && at(i + 2) == 41 && !Self.isLetter(at(i + 3))
      var hasUpper = false
      for k in startByte..<i where bytes[k] >= 65 && bytes[k] <= 90 { hasUpper = true }
      let word =
        !hasUpper
        ? String(decoding: UnsafeBufferPointer(rebasing: bytes[startByte..<i]), as: UTF8.self)
        : withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
          for k in 0..<count {
            let b = bytes[startByte + k]
            buffer[k] = b >= 65 && b <= 90 ? b | 0x20 : b
          }
          return String(decoding: buffer, as: UTF8.self)
        }
      if pluralMark {
        advance(3)
        tokens.append(Token(.word(word + "s"), SourceRange(start, char)))
        return
      }
      tokens.append(Token(.word(word), SourceRange(start, char)))
    }
  }
}
