/// Reads RFC 5545 `RRULE` values into `RecurrenceRule`s.
///
/// Accepted parts: `FREQ` (MINUTELY…YEARLY; SECONDLY is refused: seconds are not task
/// schedules), `INTERVAL`, `COUNT`, `UNTIL`, `BYDAY` (with ordinals), `BYMONTHDAY`, `BYMONTH`,
/// `BYSETPOS`, `BYHOUR`, `BYMINUTE`, `BYSECOND`, `WKST`, with an optional `RRULE:` prefix.
/// Imported rules keep RFC semantics: `monthDayPolicy` is `.skip` wherever the policy changes
/// an occurrence (and the default `.clamp`, which then means the same, elsewhere). Every error is a
/// `Diagnostic` (`RR1xx`) naming the bad part and its character range.
public enum RRule {
  /// The longest RRULE text accepted.
  public static let maxLength = 1_000

  /// Parses an RRULE value.
  ///
  /// - Parameters:
  ///   - text: for example `FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0`.
  ///   - start: the DTSTART the rule goes with; `BYHOUR` without `BYMINUTE` takes its minute
  ///     from it, as RFC 5545 says (without one it is 0). The second is 0 unless the rule has
  ///     `BYSECOND`: schedules are kept to the minute, so a rule never gains seconds from the
  ///     clock.
  ///   - timeZone: the rule's zone; a UTC `UNTIL` (`…Z`) is converted to wall-clock time in it.
  /// - Returns: the rule, with `timeZone` set and `start` left nil.
  /// - Throws: a `Diagnostic` naming the bad part.
  public static func parse(_ text: String, start: LocalDateTime? = nil, timeZone: String? = nil) throws(Diagnostic)
    -> RecurrenceRule
  {
    if let error = textError(text) { throw error }
    var reader = RRuleReader(text: text)
    var rule = try reader.read(start: start, timeZone: timeZone)
    if !rule.monthDayPolicyMatters { rule.monthDayPolicy = .clamp }
    return rule
  }
}

/// The RRULE reader: one pass over `NAME=VALUE` parts separated by `;`.
struct RRuleReader {
  let chars: [Character]
  init(text: String) { chars = Array(text.prefix(RRule.maxLength + 1)) }

  func fail(_ id: String, _ message: String, _ lower: Int, _ upper: Int) -> Diagnostic {
    Diagnostic(id: id, message: message, range: SourceRange(lower, upper))
  }

  mutating func read(start: LocalDateTime?, timeZone: String?) throws(Diagnostic) -> RecurrenceRule {
    if chars.count > RRule.maxLength {
      throw fail("RR100", "rrule is longer than \(RRule.maxLength) characters", RRule.maxLength, chars.count)
    }
    if let bad = chars.firstIndex(where: { !($0.isASCII && ($0.asciiValue ?? 0) >= 0x20 && $0 != "\u{7F}") }) {
      throw fail("RR101", "unexpected character '\(chars[bad])'; rrule text is printable ASCII", bad, bad + 1)
    }
    var position = 0
    if String(chars.prefix(6)).uppercased() == "RRULE:" { position = 6 }
    var seen: [String: (Int, Int)] = [:]
    var frequency: RecurrenceRule.Frequency?
    var rule = RecurrenceRule(.daily, monthDayPolicy: .skip, timeZone: timeZone)
    var hours: [Int] = []
    var minutes: [Int] = []
    var seconds: [Int] = []
    var count: Int?
    var until: LocalDateTime?
    if position >= chars.count { throw fail("RR102", "empty rrule; it needs at least 'FREQ=…'", position, position) }
    while position <= chars.count {
      let partStart = position
      var end = position
      while end < chars.count, chars[end] != ";" { end += 1 }
      let part = chars[partStart..<end]
      guard let eq = part.firstIndex(of: "=") else {
        throw fail("RR103", "expected 'NAME=VALUE', found '\(String(part))'", partStart, max(end, partStart + 1))
      }
      let name = String(chars[partStart..<eq]).uppercased()
      let valueStart = eq + 1
      let value = String(chars[valueStart..<end])
      if seen[name] != nil {
        throw fail("RR104", "'\(name)' appears twice", partStart, end)
      }
      seen[name] = (partStart, end)
      if value.isEmpty { throw fail("RR105", "'\(name)' has no value", partStart, end) }
      switch name {
      case "FREQ":
        if let f = RecurrenceRule.Frequency(rawValue: value.lowercased()) {
          frequency = f
          break
        }
        switch value.uppercased() {
        case "SECONDLY":
          throw fail(
            "RR106", "'SECONDLY' is not supported; task schedules repeat at most every minute", valueStart, end)
        default:
          throw fail(
            "RR106", "unknown frequency '\(value)'; expected MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY",
            valueStart, end)
        }
      case "INTERVAL":
        rule.interval = try number(valueStart, end, 1...RecurrenceRule.maxInterval, name)
      case "COUNT":
        count = try number(valueStart, end, 1...RecurrenceRule.maxCount, name)
      case "UNTIL":
        until = try untilValue(valueStart, end, timeZone: timeZone)
      case "BYDAY":
        rule.weekdays = try list(valueStart, end) { s, e throws(Diagnostic) in try weekday(s, e) }
      case "BYMONTHDAY":
        rule.daysOfTheMonth = try list(valueStart, end) { s, e throws(Diagnostic) in
          try signedNumber(s, e, 31, "day of the month")
        }
      case "BYMONTH":
        rule.months = try list(valueStart, end) { s, e throws(Diagnostic) in try number(s, e, 1...12, "month") }
      case "BYSETPOS":
        rule.setPositions = try list(valueStart, end) { s, e throws(Diagnostic) in
          try signedNumber(s, e, RecurrenceRule.maxSetPosition, "set position")
        }
      case "BYHOUR":
        hours = try list(valueStart, end) { s, e throws(Diagnostic) in try number(s, e, 0...23, "hour") }
      case "BYMINUTE":
        minutes = try list(valueStart, end) { s, e throws(Diagnostic) in try number(s, e, 0...59, "minute") }
      case "BYSECOND":
        seconds = try list(valueStart, end) { s, e throws(Diagnostic) in try number(s, e, 0...59, "second") }
      case "WKST":
        guard let day = DayOfWeek(rfcCode: value) else {
          throw fail("RR107", "unknown weekday '\(value)'; expected MO, TU, WE, TH, FR, SA or SU", valueStart, end)
        }
        rule.weekStart = day
      case "BYYEARDAY", "BYWEEKNO":
        throw fail("RR108", "'\(name)' is not supported", partStart, end)
      default:
        throw fail("RR109", "unknown rrule part '\(name)'", partStart, eq)
      }
      position = end + 1
      if end == chars.count { break }
      if position == chars.count { break }  // a trailing ';' is tolerated
    }
    guard let frequency else { throw fail("RR110", "missing 'FREQ'", 0, chars.count) }
    rule.frequency = frequency
    if count != nil, let u = seen["UNTIL"] {
      throw fail("RR111", "'COUNT' and 'UNTIL' cannot both be given", u.0, u.1)
    }
    if let count { rule.end = .afterOccurrences(count) }
    if let until { rule.end = .afterDate(until) }
    if frequency.isSubDaily {
      for key in ["BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS"] {
        if let r = seen[key] {
          throw fail("RR112", "'\(key)' in an hourly or minutely rule is not supported", r.0, r.1)
        }
      }
    } else if !(hours.isEmpty && minutes.isEmpty && seconds.isEmpty) {
      let hs = hours.isEmpty ? [start?.hour ?? 0] : hours
      let ms = minutes.isEmpty ? [start?.minute ?? 0] : minutes
      let ss = seconds.isEmpty ? [0] : seconds
      var times: [TimeOfDay] = []
      for h in hs { for m in ms { for s in ss { times.append(TimeOfDay(hour: h, minute: m, second: s)) } } }
      rule.times = times
    }
    if let error = rule.validationError {
      let r = seen["BYDAY"] ?? (0, chars.count)
      throw fail("RR113", error.description, r.0, r.1)
    }
    return rule
  }

  func number(_ s: Int, _ e: Int, _ range: ClosedRange<Int>, _ what: String) throws(Diagnostic) -> Int {
    let text = String(chars[s..<e])
    guard text.count <= 6, let n = Int(text), text.allSatisfy(\.isNumber) else {
      throw fail("RR114", "expected a number for \(what), found '\(text)'", s, e)
    }
    guard range.contains(n) else {
      throw fail("RR115", "\(what) \(n) is out of range \(range.lowerBound)…\(range.upperBound)", s, e)
    }
    return n
  }

  func signedNumber(_ s: Int, _ e: Int, _ limit: Int, _ what: String) throws(Diagnostic) -> Int {
    var i = s
    var sign = 1
    if i < e, chars[i] == "-" || chars[i] == "+" {
      sign = chars[i] == "-" ? -1 : 1
      i += 1
    }
    let n = try number(i, e, 1...limit, what) * sign
    return n
  }

  func weekday(_ s: Int, _ e: Int) throws(Diagnostic) -> RecurrenceRule.Weekday {
    guard e - s >= 2, let day = DayOfWeek(rfcCode: String(chars[(e - 2)..<e])) else {
      throw fail("RR107", "unknown weekday '\(String(chars[s..<e]))'; expected MO, TU, WE, TH, FR, SA or SU", s, e)
    }
    if e - s == 2 { return .every(day) }
    return .nth(try signedNumber(s, e - 2, 53, "weekday ordinal"), day)
  }

  func list<T>(_ s: Int, _ e: Int, _ item: (Int, Int) throws(Diagnostic) -> T) throws(Diagnostic) -> [T] {
    var out: [T] = []
    var i = s
    while i <= e {
      var j = i
      while j < e, chars[j] != "," { j += 1 }
      if j == i { throw fail("RR116", "empty item in a list", i, i + 1) }
      out.append(try item(i, j))
      i = j + 1
    }
    return out
  }

  func untilValue(_ s: Int, _ e: Int, timeZone: String?) throws(Diagnostic) -> LocalDateTime {
    let text = Array(chars[s..<e])
    func digits(_ a: Int, _ n: Int) -> Int? {
      guard a + n <= text.count else { return nil }
      var v = 0
      for c in text[a..<(a + n)] {
        guard let d = c.wholeNumberValue, c.isASCII else { return nil }
        v = v * 10 + d
      }
      return v
    }
    let bad = fail("RR117", "expected UNTIL as YYYYMMDD or YYYYMMDDTHHMMSS[Z], found '\(String(text))'", s, e)
    guard let y = digits(0, 4), let mo = digits(4, 2), let d = digits(6, 2) else { throw bad }
    let date = CivilDate(year: y, month: mo, day: d)
    guard date.isValid else { throw fail("RR118", "'\(String(text))' is not a real date", s, e) }
    if text.count == 8 { return LocalDateTime(date: date, hour: 23, minute: 59, second: 59) }
    guard text.count >= 15, text[8] == "T" || text[8] == "t", let h = digits(9, 2), let mi = digits(11, 2),
      let se = digits(13, 2), h < 24, mi < 60, se < 60
    else { throw bad }
    let local = LocalDateTime(date: date, hour: h, minute: mi, second: se)
    if text.count == 15 { return local }
    guard text.count == 16, text[15] == "Z" || text[15] == "z" else { throw bad }
    guard let id = timeZone, let zone = Zone(identifier: id) else { return local }
    return zone.localDateTime(atInstant: local.localSeconds)
  }
}
