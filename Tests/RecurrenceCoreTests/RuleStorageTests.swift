import Foundation
import Testing

@testable import RecurrenceCore

/// The rule's compact storage: lists in bit masks with an overflow box, zone names inline.
/// Whatever the storage, the public lists read back sorted and distinct, and equal rules are
/// `==` and hash alike however they were built.
@Suite struct RuleStorageTests {
  @Test func inlineListsReadBackSorted() {
    let rule = RecurrenceRule(
      .monthly, weekdays: [.nth(-1, .friday), .every(.sunday), .nth(2, .monday), .every(.monday), .nth(5, .tuesday)],
      daysOfTheMonth: [31, -1, 1, -31, 15, 15], months: [12, 1, 6], setPositions: [-2, 3, -1],
      times: [TimeOfDay(hour: 17), TimeOfDay(hour: 9)])
    #expect(
      rule.weekdays == [.every(.monday), .every(.sunday), .nth(2, .monday), .nth(5, .tuesday), .nth(-1, .friday)])
    #expect(rule.daysOfTheMonth == [-31, -1, 1, 15, 31])
    #expect(rule.months == [1, 6, 12])
    #expect(rule.setPositions == [-2, -1, 3])
    #expect(rule.times == [TimeOfDay(hour: 9), TimeOfDay(hour: 17)])
    #expect(rule.lists.overflow == nil)
  }

  @Test func valuesBeyondTheInlineFormOverflowWhole() {
    var rule = RecurrenceRule(
      .yearly, weekdays: [.nth(20, .monday), .every(.friday), .nth(-1, .sunday)], setPositions: [366, -1],
      times: [TimeOfDay(hour: 7), TimeOfDay(hour: 12), TimeOfDay(hour: 9)])
    #expect(rule.weekdays == [.every(.friday), .nth(20, .monday), .nth(-1, .sunday)])
    #expect(rule.setPositions == [-1, 366])
    #expect(rule.times == [TimeOfDay(hour: 7), TimeOfDay(hour: 9), TimeOfDay(hour: 12)])
    #expect(rule.lists.overflow != nil)
    #expect(rule.lists.every == 0 && rule.lists.positions == 0 && rule.lists.timeCount == 0)
    // Back to values that fit: the overflow box goes, and the rule equals one built directly.
    rule.weekdays = [.every(.friday)]
    rule.setPositions = [-1]
    rule.times = [TimeOfDay(hour: 9)]
    #expect(rule.lists.overflow == nil)
    let direct = RecurrenceRule(.yearly, weekdays: [.every(.friday)], setPositions: [-1], times: [TimeOfDay(hour: 9)])
    #expect(rule == direct)
    #expect(rule.hashValue == direct.hashValue)
  }

  @Test func outOfRangeValuesAreHeldAndReported() {
    #expect(RecurrenceRule(.monthly, daysOfTheMonth: [32]).validationError == .dayOfMonthOutOfRange(32))
    #expect(RecurrenceRule(.monthly, daysOfTheMonth: [0, 3]).daysOfTheMonth == [0, 3])
    #expect(RecurrenceRule(.yearly, months: [13]).validationError == .monthOutOfRange(13))
    #expect(RecurrenceRule(.monthly, setPositions: [0]).validationError == .setPositionOutOfRange(0))
    #expect(
      RecurrenceRule(.daily, times: [TimeOfDay(secondOfDay: 86_400)]).validationError == .timeOutOfRange(86_400))
    #expect(
      RecurrenceRule(.weekly, weekdays: [.nth(1, .monday)]).validationError == .ordinalWeekdayNeedsMonthOrYear(.weekly))
    #expect(
      RecurrenceRule(.monthly, weekdays: [.nth(6, .monday)]).validationError == .weekdayOrdinalOutOfRange(6, .monday))
    #expect(RecurrenceRule(.yearly, weekdays: [.nth(53, .monday)]).validationError == nil)
    #expect(RecurrenceRule(.hourly, setPositions: [1]).validationError == .subDailyFieldNotAllowed("set positions"))
  }

  /// Random lists, with values inside and outside the inline form, set in two orders.
  @Test func storageIsCanonical() {
    var g = SeededGenerator(seed: 77)
    let ordinals = [1, 2, 5, -1, -5, 6, 53, -53]
    for _ in 0..<2_000 {
      let weekdays: [RecurrenceRule.Weekday] = (0..<Int.random(in: 0...5, using: &g)).map { _ in
        let day = DayOfWeek.allCases.randomElement(using: &g) ?? .monday
        return Bool.random(using: &g) ? .every(day) : .nth(ordinals.randomElement(using: &g) ?? 1, day)
      }
      let days = (0..<Int.random(in: 0...4, using: &g)).map { _ in Int.random(in: -33...33, using: &g) }
      let months = (0..<Int.random(in: 0...3, using: &g)).map { _ in Int.random(in: 0...13, using: &g) }
      let positions = (0..<Int.random(in: 0...3, using: &g)).map { _ in Int.random(in: -40...40, using: &g) }
      let times = (0..<Int.random(in: 0...3, using: &g)).map { _ in
        TimeOfDay(secondOfDay: Int.random(in: 0..<86_400, using: &g))
      }
      let built = RecurrenceRule(
        .yearly, weekdays: weekdays, daysOfTheMonth: days, months: months, setPositions: positions, times: times)
      var assigned = RecurrenceRule(.yearly, weekdays: [.nth(40, .friday)], times: (0..<5).map { TimeOfDay(hour: $0) })
      assigned.times = times
      assigned.setPositions = positions
      assigned.months = months
      assigned.daysOfTheMonth = days
      assigned.weekdays = weekdays
      #expect(built == assigned)
      #expect(built.hashValue == assigned.hashValue)
      #expect(built.weekdays == RecurrenceRule.normalized(weekdays))
      #expect(built.daysOfTheMonth == RecurrenceRule.normalized(days))
      #expect(built.months == RecurrenceRule.normalized(months))
      #expect(built.setPositions == RecurrenceRule.normalized(positions))
      #expect(built.times == RecurrenceRule.normalized(times))
    }
  }

  @Test(arguments: [
    "America/New_York", "UTC", "America/Argentina/ComodRivadavia", "Custom/Thirty_three_bytes_long_nam",
    "Zone/With/Ünïcode", "",
  ])
  func zoneNamesReadBackExactly(_ name: String) {
    var rule = RecurrenceRule(.daily, timeZone: name)
    #expect(rule.timeZone == name)
    #expect(rule.zoneName.count > 0 ? rule.lists.overflow == nil : rule.lists.overflow?.lists.zone == name)
    #expect(rule == RecurrenceRule(.daily, timeZone: name))
    rule.timeZone = nil
    #expect(rule == RecurrenceRule(.daily))
    #expect(rule.lists.overflow == nil)
  }

  @Test func longZoneNamesRoundTripThroughPackedText() throws {
    let rule = RecurrenceRule(.weekly, timeZone: "Custom/A_zone_name_longer_than_thirty_two_bytes")
    #expect(rule.zoneName.count == 0)
    #expect(try PackedRule.decode(rule.packed) == rule)
  }

  /// The decoder's keyword integers spell their keywords.
  @Test func keywordWordsMatchTheirSpelling() {
    func word(_ text: String) -> (UInt64, UInt64) {
      var head: UInt64 = 0
      var tail: UInt64 = 0
      for (i, b) in text.utf8.enumerated() {
        if i < 8 { head |= UInt64(b) << UInt64(8 * i) } else { tail |= UInt64(b) << UInt64(8 * (i - 8)) }
      }
      return (head, tail)
    }
    typealias W = PackedReader.Word
    let table: [(String, UInt64, UInt64)] = [
      ("BYYEARDAY", W.byyearday, W.byyeardayTail), ("BYWEEKNO", W.byweekno, 0), ("BYHOUR", W.byhour, 0),
      ("EXDATE", W.exdate, 0), ("RDATE", W.rdate, 0),
      ("BYMINUTE", W.byminute, 0), ("FREQ", W.freq, 0),
      ("INTERVAL", W.interval, 0), ("ANCHOR", W.anchor, 0), ("BYDAY", W.byday, 0),
      ("BYMONTHDAY", W.bymonthday, W.bymonthdayTail), ("BYMONTH", W.bymonth, 0), ("BYSETPOS", W.bysetpos, 0),
      ("BYTIME", W.bytime, 0), ("WKST", W.wkst, 0), ("DTSTART", W.dtstart, 0), ("COUNT", W.count, 0),
      ("UNTIL", W.until, 0), ("MONTHEND", W.monthend, 0), ("TZID", W.tzid, 0),
      ("KEEPMISSED", W.keepmissed, W.keepmissedTail), ("KM", W.km, 0), ("MINUTELY", W.minutely, 0),
      ("HOURLY", W.hourly, 0), ("DAILY", W.daily, 0), ("WEEKLY", W.weekly, 0), ("MONTHLY", W.monthly, 0),
      ("YEARLY", W.yearly, 0),
    ]
    for (spelling, head, tail) in table {
      let (h, t) = word(spelling)
      #expect(h == head && t == tail, "\(spelling)")
    }
  }
}

extension RuleStorageTests {
  /// The longest valid rule: every list at its limit with the longest items. Its packed text
  /// must be within the decoder's length limit and round-trip exactly.
  @Test func longestValidRuleRoundTrips() throws {
    let limit = RecurrenceRule.maxListLength
    let ordinals = Array((-53 ... -1).reversed()) + Array(1...53)
    let weekdays = ordinals.flatMap { n in DayOfWeek.allCases.map { RecurrenceRule.Weekday.nth(n, $0) } }
    let rule = RecurrenceRule(
      .yearly, interval: RecurrenceRule.maxInterval, anchor: .afterCompletion,
      weekdays: Array(weekdays.filter { abs($0.ordinal ?? 0) >= 10 }.prefix(limit)),
      daysOfTheMonth: Array(-31 ... -1) + Array(1...31), daysOfTheYear: Array(-366 ... -271),
      setPositions: Array((-RecurrenceRule.maxSetPosition)...(-RecurrenceRule.maxSetPosition + limit - 1)),
      times: (0..<limit).map { TimeOfDay(secondOfDay: 86_399 - $0 * 61) }, weekStart: .sunday,
      start: LocalDateTime(year: 2026, month: 1, day: 31, hour: 23, minute: 59, second: 59),
      end: .afterDate(LocalDateTime(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59)),
      monthDayPolicy: .skip, timeZone: "America/Argentina/ComodRivadavia")
    #expect(rule.validationError == nil)
    let text = rule.packed
    #expect(text.utf8.count <= PackedRule.maxLength, "\(text.utf8.count) characters")
    #expect(try PackedRule.decode(text) == rule)
  }
}

extension RuleStorageTests {
  @Test(arguments: ["", "Europe/London;X", "Zone With Space", String(repeating: "Z", count: 65), "Zürich"])
  func zoneNamesThatCannotBeStoredAreReported(_ name: String) {
    #expect(RecurrenceRule(.daily, timeZone: name).validationError == .invalidTimeZone(name))
  }
}

extension RuleStorageTests {
  /// The decoder's eight-bytes-at-a-time search for '=' and ';'.
  @Test(arguments: [
    ("FREQ=DAI", 4), ("BYMONTHD", 8), (";FREQ=DA", 0), ("ABC;E=GH", 3), ("ABCDEFG=", 7), ("=;======", 0),
    ("A<>:?=;;", 5),
  ])
  func separatorSearchFindsTheFirst(_ pair: (String, Int)) {
    var word: UInt64 = 0
    for (i, b) in pair.0.utf8.enumerated() { word |= UInt64(b) << UInt64(8 * i) }
    #expect(PackedReader.separators(word) == pair.1, "\(pair.0)")
  }

  @Test func separatorSearchIgnoresLookalikeBytes() {
    // 0xBD and 0xBB differ from '=' and ';' only in the high bit; 0x3C and 0x3E are neighbours.
    let word: UInt64 = 0x3E3C_BBBD_3E3C_BBBD
    #expect(PackedReader.separators(word) == 8)
  }
}
