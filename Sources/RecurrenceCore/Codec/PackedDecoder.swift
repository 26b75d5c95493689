extension PackedRule {
  /// Decodes packed text into a rule.
  ///
  /// Accepts the canonical form and any non-canonical but valid one (fields in any order, lists
  /// unsorted, defaults spelled out, keys and keywords in any case); re-encoding gives the
  /// canonical text. A legacy `keepMissed` (or `km`) segment, with any value and anywhere after
  /// the version marker, is accepted and ignored.
  ///
  /// - Throws: a `Diagnostic` (`PK1xx`) naming the problem, with its character range: a wrong
  ///   or missing version, an unknown or duplicated segment, a bad number or keyword, a missing
  ///   `FREQ`, truncation, a non-ASCII character, text over `maxLength`, or a rule the model
  ///   rejects (interval 0, day 32).
  public static func decode(_ text: String) throws(Diagnostic) -> RecurrenceRule {
    var copy = text
    do {
      // The rule comes straight back from the closure; only a failure is boxed.
      return try copy.withUTF8 { buffer in
        var reader = PackedReader(bytes: buffer)
        return try reader.read()
      }
    } catch let error as Diagnostic {
      throw error
    } catch {
      throw Diagnostic(id: "PK199", message: "internal error: \(error)", range: SourceRange(0, 0))
    }
  }
}

/// The decoder: one pass over the bytes, no intermediate strings except the zone name.
struct PackedReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func fail(_ id: String, _ message: String, _ lower: Int, _ upper: Int) -> Diagnostic {
    Diagnostic(id: id, message: message, range: SourceRange(lower, upper))
  }

  func text(_ lower: Int, _ upper: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
  }

  /// The keys, as bits for duplicate detection.
  enum Key: Int {
    case freq, interval, anchor, byday, bymonthday, bymonth, bysetpos, bytime, wkst, dtstart, count, until, monthend
    case tzid, legacy
  }

  static let keyNames: [(StaticString, Key)] = [
    ("FREQ", .freq), ("INTERVAL", .interval), ("ANCHOR", .anchor), ("BYDAY", .byday), ("BYMONTHDAY", .bymonthday),
    ("BYMONTH", .bymonth), ("BYSETPOS", .bysetpos), ("BYTIME", .bytime), ("WKST", .wkst), ("DTSTART", .dtstart),
    ("COUNT", .count), ("UNTIL", .until), ("MONTHEND", .monthend), ("TZID", .tzid), ("KEEPMISSED", .legacy),
    ("KM", .legacy),
  ]

  /// The error for a byte that is not printable ASCII.
  func unprintable(at i: Int) -> Diagnostic {
    // Every earlier byte is ASCII, so the byte offset is the character offset.
    let shown = bytes[i] >= 0x80 ? "a non-ASCII character" : "a space or control character"
    return fail("PK101", "unexpected \(shown); packed rules are printable ASCII without spaces", i, i + 1)
  }

  /// The canonical spelling of a key, for messages.
  static func name(of key: Key) -> String { String(describing: spelling(key)) }

  mutating func read() throws(Diagnostic) -> RecurrenceRule {
    let n = bytes.count
    if n > PackedRule.maxLength {
      throw fail(
        "PK100", "packed rule is \(n) characters long; at most \(PackedRule.maxLength) are allowed",
        PackedRule.maxLength, n)
    }
    if n > 0, bytes[0] < 0x21 || bytes[0] > 0x7E { throw unprintable(at: 0) }
    guard n >= 2, bytes[0] == UInt8(ascii: "R") || bytes[0] == UInt8(ascii: "r") else {
      throw fail("PK102", "missing version marker; packed rules start with 'R1;'", 0, min(n, 1))
    }
    var v = 1
    while v < n, bytes[v] != UInt8(ascii: ";") {
      if bytes[v] < 0x21 || bytes[v] > 0x7E { throw unprintable(at: v) }
      v += 1
    }
    if !(v == 2 && bytes[1] == UInt8(ascii: "1")) {
      throw fail("PK102", "unsupported version '\(text(0, v))'; this decoder reads 'R1'", 0, v)
    }
    position = v
    var seen = 0
    var frequency: RecurrenceRule.Frequency?
    var anchor = RecurrenceRule.Anchor.schedule
    var weekdays: [RecurrenceRule.Weekday] = []
    var days: [Int] = []
    var months: [Int] = []
    var positions: [Int] = []
    var times: [TimeOfDay] = []
    var weekStart = DayOfWeek.monday
    var startDate: LocalDateTime?
    var policy = RecurrenceRule.MonthDayPolicy.clamp
    var zone: String?
    var interval = 1
    var count: Int?
    var until: LocalDateTime?
    var countRange = (0, 0)
    while position < n {
      position += 1  // the ';'
      let start = position
      var eq = -1
      // One pass finds the segment's end and '=' and checks every byte is printable ASCII.
      while position < n {
        let b = bytes[position]
        if b == UInt8(ascii: ";") { break }
        if b < 0x21 || b > 0x7E { throw unprintable(at: position) }
        if eq < 0, b == UInt8(ascii: "=") { eq = position }
        position += 1
      }
      let end = position
      if start == end {
        throw fail("PK103", "empty segment; the text is truncated or has a stray ';'", max(0, start - 1), start)
      }
      guard eq >= 0 else { throw fail("PK104", "expected 'KEY=VALUE', found '\(text(start, end))'", start, end) }
      guard let key = key(start, eq) else {
        let name = text(start, eq).uppercased()
        var message = "unknown segment '\(text(start, eq))'"
        let names = Self.keyNames.map { String(describing: $0.0) }
        if let s = names.min(by: { editDistance($0, name) < editDistance($1, name) }), editDistance(s, name) <= 2 {
          message += "; did you mean '\(s)'?"
        }
        throw fail("PK105", message, start, eq)
      }
      if key == .legacy { continue }  // keepMissed: accepted and ignored
      let bit = 1 << key.rawValue
      if seen & bit != 0 { throw fail("PK106", "'\(Self.name(of: key))' appears twice", start, end) }
      seen |= bit
      let vs = eq + 1
      if vs == end {
        throw fail("PK107", "'\(Self.name(of: key))' has no value; the text may be truncated", start, end)
      }
      switch key {
      case .freq:
        guard let f = frequencyValue(vs, end) else {
          throw fail(
            "PK108",
            "unknown frequency '\(text(vs, end))'; expected MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY",
            vs, end)
        }
        frequency = f
      case .interval: interval = try number(vs, end, signed: false, "interval")
      case .anchor:
        if keyword(vs, end, "COMPLETION") {
          anchor = .afterCompletion
        } else if !keyword(vs, end, "SCHEDULE") {
          throw fail("PK108", "unknown anchor '\(text(vs, end))'; expected SCHEDULE or COMPLETION", vs, end)
        }
      case .byday: weekdays = try weekdayList(vs, end)
      case .bymonthday:
        days = try numbers(vs, end, signed: true, "day of the month")
      case .bymonth:
        months = try numbers(vs, end, signed: false, "month")
      case .bysetpos:
        positions = try numbers(vs, end, signed: true, "set position")
      case .bytime:
        if single(vs, end) {
          let t = try time(vs, end)
          times = InternedLists.time(t) ?? [t]
        } else {
          times = try list(vs, end) { s, e throws(Diagnostic) in try time(s, e) }
        }
      case .wkst:
        guard end - vs == 2, let day = DayOfWeek(asciiCode: bytes[vs], bytes[vs + 1]) else {
          throw fail("PK108", "unknown weekday '\(text(vs, end))'; expected MO, TU, WE, TH, FR, SA or SU", vs, end)
        }
        weekStart = day
      case .dtstart: startDate = try dateTime(vs, end)
      case .count:
        count = try number(vs, end, signed: false, "count")
        countRange = (start, end)
      case .until:
        until = try dateTime(vs, end)
        countRange = countRange == (0, 0) ? (start, end) : countRange
      case .monthend:
        if keyword(vs, end, "SKIP") {
          policy = .skip
        } else if !keyword(vs, end, "CLAMP") {
          throw fail("PK108", "unknown month-end policy '\(text(vs, end))'; expected CLAMP or SKIP", vs, end)
        }
      case .tzid:
        for i in vs..<end {
          let b = bytes[i]
          let ok =
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "/") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
          if !ok { throw fail("PK109", "unexpected character in time zone name", i, i + 1) }
        }
        zone = text(vs, end)
      case .legacy: break
      }
    }
    guard let frequency else { throw fail("PK110", "missing 'FREQ'", 0, n) }
    if count != nil, until != nil {
      throw fail("PK111", "'COUNT' and 'UNTIL' cannot both be given", countRange.0, countRange.1)
    }
    let end: RecurrenceRule.End = count.map { .afterOccurrences($0) } ?? until.map { .afterDate($0) } ?? .never
    // Common lists came from shared storage: no allocation now, no deallocation later.
    let rule = RecurrenceRule(
      frequency, interval: interval, anchor: anchor, weekdays: weekdays, daysOfTheMonth: days, months: months,
      setPositions: positions, times: times, weekStart: weekStart, start: startDate, end: end, monthDayPolicy: policy,
      timeZone: zone)
    if let error = rule.validationError { throw fail("PK112", error.description, 0, n) }
    return rule
  }

  /// The key spelled by `bytes[s..<e]` (any case), or nil.
  @inline(__always)
  func key(_ s: Int, _ e: Int) -> Key? {
    let candidate: Key
    switch (e - s, bytes[s] | 0x20) {
    case (4, UInt8(ascii: "f")): candidate = .freq
    case (8, UInt8(ascii: "i")): candidate = .interval
    case (6, UInt8(ascii: "a")): candidate = .anchor
    case (5, UInt8(ascii: "b")): candidate = .byday
    case (10, UInt8(ascii: "b")): candidate = .bymonthday
    case (7, UInt8(ascii: "b")): candidate = .bymonth
    case (8, UInt8(ascii: "b")): candidate = keyword(s, e, "BYSETPOS") ? .bysetpos : .bytime
    case (6, UInt8(ascii: "b")): candidate = .bytime
    case (4, UInt8(ascii: "w")): candidate = .wkst
    case (7, UInt8(ascii: "d")): candidate = .dtstart
    case (5, UInt8(ascii: "c")): candidate = .count
    case (5, UInt8(ascii: "u")): candidate = .until
    case (8, UInt8(ascii: "m")): candidate = .monthend
    case (4, UInt8(ascii: "t")): candidate = .tzid
    case (10, UInt8(ascii: "k")): return keyword(s, e, "KEEPMISSED") ? .legacy : nil
    case (2, UInt8(ascii: "k")): return keyword(s, e, "KM") ? .legacy : nil
    default: return nil
    }
    return keyword(s, e, Self.spelling(candidate)) ? candidate : nil
  }

  /// The canonical spelling of a key.
  static func spelling(_ key: Key) -> StaticString {
    switch key {
    case .freq: return "FREQ"
    case .interval: return "INTERVAL"
    case .anchor: return "ANCHOR"
    case .byday: return "BYDAY"
    case .bymonthday: return "BYMONTHDAY"
    case .bymonth: return "BYMONTH"
    case .bysetpos: return "BYSETPOS"
    case .bytime: return "BYTIME"
    case .wkst: return "WKST"
    case .dtstart: return "DTSTART"
    case .count: return "COUNT"
    case .until: return "UNTIL"
    case .monthend: return "MONTHEND"
    case .tzid: return "TZID"
    case .legacy: return "KEEPMISSED"
    }
  }

  /// The frequency spelled by `bytes[s..<e]` (any case), or nil.
  @inline(__always)
  func frequencyValue(_ s: Int, _ e: Int) -> RecurrenceRule.Frequency? {
    let candidate: RecurrenceRule.Frequency
    switch (e - s, bytes[s] | 0x20) {
    case (8, UInt8(ascii: "m")): candidate = .minutely
    case (6, UInt8(ascii: "h")): candidate = .hourly
    case (5, UInt8(ascii: "d")): candidate = .daily
    case (6, UInt8(ascii: "w")): candidate = .weekly
    case (7, UInt8(ascii: "m")): candidate = .monthly
    case (6, UInt8(ascii: "y")): candidate = .yearly
    default: return nil
    }
    return keyword(s, e, candidate.staticName) ? candidate : nil
  }

  /// Whether `bytes[s..<e]` is `word`, ignoring the case of letters.
  @inline(__always)
  func keyword(_ s: Int, _ e: Int, _ word: StaticString) -> Bool {
    let n = e - s
    guard word.utf8CodeUnitCount == n else { return false }
    let w = word.utf8Start
    // Keywords are upper-case letters: folding the input's case with `& 0xDF` is exact for
    // letters, and a non-letter can never fold onto an upper-case letter's code here.
    var i = 0
    while i < n {
      let a = bytes[s + i]
      if a & 0xDF != w[i] || a < 0x41 { return false }
      i += 1
    }
    return true
  }

  func number(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> Int {
    var i = s
    var negative = false
    if signed, i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    guard i < e, e - i <= 6 else { throw fail("PK113", "expected a number for \(what), found '\(text(s, e))'", s, e) }
    var value = 0
    while i < e {
      let d = Int(bytes[i]) - 48
      guard d >= 0, d <= 9 else { throw fail("PK113", "expected a number for \(what), found '\(text(s, e))'", s, e) }
      value = value * 10 + d
      i += 1
    }
    return negative ? -value : value
  }

  func weekday(_ s: Int, _ e: Int) throws(Diagnostic) -> RecurrenceRule.Weekday {
    guard e - s >= 2, let day = DayOfWeek(asciiCode: bytes[e - 2], bytes[e - 1]) else {
      throw fail("PK108", "unknown weekday '\(text(s, e))'; expected MO, TU, WE, TH, FR, SA or SU", s, e)
    }
    if e - s == 2 { return .every(day) }
    return .nth(try number(s, e - 2, signed: true, "weekday ordinal"), day)
  }

  /// A BYDAY list; plain weekdays become a mask and come from shared storage.
  func weekdayList(_ s: Int, _ e: Int) throws(Diagnostic) -> [RecurrenceRule.Weekday] {
    var mask = 0
    var i = s
    var plain = true
    while i < e {
      guard i + 2 <= e, let day = DayOfWeek(asciiCode: bytes[i], bytes[i + 1]), i + 2 == e || bytes[i + 2] == 47 else {
        plain = false
        break
      }
      mask |= day.bit
      i += 3
    }
    if plain { return InternedLists.everyWeekdays[mask] }
    return try list(s, e) { s, e throws(Diagnostic) in try weekday(s, e) }
  }

  /// A list of numbers; a single small one comes from shared storage.
  func numbers(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> [Int] {
    if single(s, e) {
      let n = try number(s, e, signed: signed, what)
      return InternedLists.number(n) ?? [n]
    }
    return try list(s, e) { s, e throws(Diagnostic) in try number(s, e, signed: signed, what) }
  }

  /// Whether `bytes[s..<e]` holds one item (no '/').
  func single(_ s: Int, _ e: Int) -> Bool {
    for i in s..<e where bytes[i] == 47 { return false }
    return true
  }

  func time(_ s: Int, _ e: Int) throws(Diagnostic) -> TimeOfDay {
    guard e - s == 4 || e - s == 6 else {
      throw fail("PK114", "expected a time as HHMM or HHMMSS, found '\(text(s, e))'", s, e)
    }
    let h = try number(s, s + 2, signed: false, "hour")
    let m = try number(s + 2, s + 4, signed: false, "minute")
    let sec = e - s == 6 ? try number(s + 4, s + 6, signed: false, "second") : 0
    guard h < 24, m < 60, sec < 60 else { throw fail("PK114", "'\(text(s, e))' is not a time of day", s, e) }
    return TimeOfDay(hour: h, minute: m, second: sec)
  }

  func dateTime(_ s: Int, _ e: Int) throws(Diagnostic) -> LocalDateTime {
    guard e - s == 15, bytes[s + 8] == UInt8(ascii: "T") else {
      throw fail("PK115", "expected a date-time as YYYYMMDDTHHMMSS, found '\(text(s, e))'", s, e)
    }
    let y = try number(s, s + 4, signed: false, "year")
    let mo = try number(s + 4, s + 6, signed: false, "month")
    let d = try number(s + 6, s + 8, signed: false, "day")
    let date = CivilDate(year: y, month: mo, day: d)
    guard date.isValid, y >= 1 else { throw fail("PK115", "'\(text(s, e))' is not a real date", s, e) }
    let t = try time(s + 9, e)
    return LocalDateTime(date: date, secondOfDay: t.secondOfDay)
  }

  func list<T>(_ s: Int, _ e: Int, _ item: (Int, Int) throws(Diagnostic) -> T) throws(Diagnostic) -> [T] {
    var out: [T] = []
    var items = 1
    for j in s..<e where bytes[j] == UInt8(ascii: "/") { items += 1 }
    out.reserveCapacity(min(items, RecurrenceRule.maxListLength + 1))
    var i = s
    while true {
      var j = i
      while j < e, bytes[j] != UInt8(ascii: "/") { j += 1 }
      if j == i { throw fail("PK116", "empty item in a list", i, i + 1) }
      if out.count >= RecurrenceRule.maxListLength {
        throw fail("PK117", "list has more than \(RecurrenceRule.maxListLength) items", s, e)
      }
      out.append(try item(i, j))
      if j == e { return out }
      i = j + 1
    }
  }
}
