/// The packed decoder's values: numbers, weekdays, times, date-times and lists, each read
/// from the byte range of one segment's value.
extension PackedReader {
  /// A number of up to six digits, with a sign when `signed`.
  func number(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> Int {
    var i = s
    var negative = false
    if signed, i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    guard i < e, e - i <= 6 else {
      if i < e, (i..<e).allSatisfy({ bytes[$0] >= 48 && bytes[$0] <= 57 }) {
        throw fail("PK113", "\(what) \(text(s, e)) is out of range (too many digits)", s, e)
      }
      throw fail("PK113", "expected a number for \(what), found '\(text(s, e))'", s, e)
    }
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

  /// A BYDAY list into the rule's lists: plain weekdays and ordinals ±1…5 straight into masks,
  /// anything else (or anything wrong, for its error) through the general list reader.
  func weekdayList(_ s: Int, _ e: Int, into lists: inout RuleLists) throws(Diagnostic) {
    var every: UInt8 = 0
    var first: UInt64 = 0
    var last: UInt64 = 0
    var i = s
    var items = 0
    while true {
      var j = i
      var sign = 0
      if j < e, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
        sign = bytes[j] == UInt8(ascii: "-") ? -1 : 1
        j += 1
      }
      var n = 0
      if j < e, bytes[j] >= UInt8(ascii: "1"), bytes[j] <= UInt8(ascii: "5") {
        n = Int(bytes[j]) - 48
        j += 1
      }
      items += 1
      guard j + 2 <= e, let day = DayOfWeek(asciiCode: bytes[j], bytes[j + 1]),
        j + 2 == e || bytes[j + 2] == UInt8(ascii: "/"), sign == 0 || n != 0, items <= RecurrenceRule.maxListLength
      else {
        lists.weekdays = try list(s, e) { s, e throws(Diagnostic) in try weekday(s, e) }
        return
      }
      let bit = n == 0 ? 0 : RuleLists.ordinalBit(n, day)
      if n == 0 { every |= UInt8(truncatingIfNeeded: day.bit) } else if sign < 0 { last |= bit } else { first |= bit }
      if j + 2 == e { break }
      i = j + 3
    }
    lists.every = every
    lists.nthFirst = first
    lists.nthLast = last
  }

  /// A list of numbers ±1…31 (or 1…31 unsigned) as a `SignedMask`, or nil when some item is
  /// anything else (the general reader then keeps it, or reports it).
  func smallNumbers(_ s: Int, _ e: Int, signed: Bool) -> UInt64? {
    var mask: UInt64 = 0
    var i = s
    var items = 0
    while true {
      var negative = false
      if signed, i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        negative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var n = 0
      var digits = 0
      while i < e, bytes[i] != UInt8(ascii: "/") {
        let d = Int(bytes[i]) &- 48
        guard d >= 0, d <= 9, digits < 2 else { return nil }
        n = n * 10 + d
        digits += 1
        i += 1
      }
      items += 1
      guard digits > 0, items <= RecurrenceRule.maxListLength, let bit = SignedMask.bit(negative ? -n : n) else {
        return nil
      }
      mask |= bit
      if i == e { return mask }
      i += 1
    }
  }

  /// A list of numbers, for the lists that do not fit the inline form.
  func numbers(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> [Int] {
    try list(s, e) { s, e throws(Diagnostic) in try number(s, e, signed: signed, what) }
  }

  /// A BYTIME list into the rule's lists: one or two times inline, more through the general
  /// list reader.
  func timeList(_ s: Int, _ e: Int, into lists: inout RuleLists) throws(Diagnostic) {
    var slash = -1
    for i in s..<e where bytes[i] == UInt8(ascii: "/") {
      guard slash < 0 else {
        lists.times = try list(s, e) { s, e throws(Diagnostic) in try time(s, e) }
        return
      }
      slash = i
    }
    if slash < 0 {
      lists.setTimes(try time(s, e).secondOfDay, nil)
      return
    }
    guard slash > s, slash + 1 < e else {
      lists.times = try list(s, e) { s, e throws(Diagnostic) in try time(s, e) }
      return
    }
    let a = try time(s, slash).secondOfDay
    let b = try time(slash + 1, e).secondOfDay
    lists.setTimes(min(a, b), a == b ? nil : max(a, b))
  }

  /// The two digits at `i` as a number, or -1 when either is not a digit.
  @inline(__always)
  func twoDigits(_ i: Int) -> Int {
    let a = Int(bytes[i]) &- 48
    let b = Int(bytes[i + 1]) &- 48
    return UInt(bitPattern: a) <= 9 && UInt(bitPattern: b) <= 9 ? a * 10 + b : -1
  }

  func time(_ s: Int, _ e: Int) throws(Diagnostic) -> TimeOfDay {
    guard e - s == 4 || e - s == 6 else {
      throw fail("PK114", "expected a time as HHMM or HHMMSS, found '\(text(s, e))'", s, e)
    }
    let h = twoDigits(s)
    let m = twoDigits(s + 2)
    let sec = e - s == 6 ? twoDigits(s + 4) : 0
    guard h >= 0, m >= 0, sec >= 0 else {
      throw fail("PK113", "expected a number for the time, found '\(text(s, e))'", s, e)
    }
    guard h < 24, m < 60, sec < 60 else { throw fail("PK114", "'\(text(s, e))' is not a time of day", s, e) }
    return TimeOfDay(secondOfDay: h * 3600 + m * 60 + sec)
  }

  func dateTime(_ s: Int, _ e: Int) throws(Diagnostic) -> LocalDateTime {
    guard e - s == 15, bytes[s + 8] == UInt8(ascii: "T") else {
      throw fail("PK115", "expected a date-time as YYYYMMDDTHHMMSS, found '\(text(s, e))'", s, e)
    }
    let century = twoDigits(s)
    let y = twoDigits(s + 2)
    let mo = twoDigits(s + 4)
    let d = twoDigits(s + 6)
    guard century >= 0, y >= 0, mo >= 0, d >= 0 else {
      throw fail("PK113", "expected a number for the date, found '\(text(s, e))'", s, e)
    }
    let date = CivilDate(year: century * 100 + y, month: mo, day: d)
    guard date.isValid, date.year >= 1 else { throw fail("PK115", "'\(text(s, e))' is not a real date", s, e) }
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
