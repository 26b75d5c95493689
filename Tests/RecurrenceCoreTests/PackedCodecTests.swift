import Foundation
import RecurrenceCore
import Testing

/// Packed text that must be rejected, with the diagnostic expected.
struct PackedErrorCase: CustomTestStringConvertible, Sendable {
  let text: String
  let id: String
  let range: Range<Int>
  var testDescription: String { text }
}

@Suite struct PackedCodecTests {
  @Test func roundTripsRandomRules() {
    var g = SeededGenerator(seed: 4_242)
    var checked = 0
    for _ in 0..<5_000 {
      let rule = RandomRules.anyRule(&g)
      guard rule.validationError == nil else { continue }
      let text = rule.packed
      #expect(throws: Never.self) { try PackedRule.decode(text) }
      let decoded = try? PackedRule.decode(text)
      #expect(decoded == rule, "\(text)")
      #expect(decoded?.packed == text)
      checked += 1
    }
    #expect(checked > 4_000)
  }

  @Test func roundTripsEveryFixtureRule() throws {
    for c in DateutilCase.load() {
      var rule = try RRule.parse(c.rrule, start: ldt(c.dtstart), timeZone: c.tz)
      rule.start = ldt(c.dtstart)
      #expect(try PackedRule.decode(rule.packed) == rule, "\(rule.packed)")
    }
  }

  /// Rules and their canonical text.
  static let canonical: [(RecurrenceRule, String)] = [
    (RecurrenceRule(.daily), "R1;FREQ=DAILY"),
    (
      RecurrenceRule(
        .weekly, weekdays: [.every(.friday), .every(.monday), .every(.wednesday)], times: [TimeOfDay(hour: 9)]),
      "R1;FREQ=WEEKLY;BYDAY=MO/WE/FR;BYTIME=0900"
    ),
    (
      RecurrenceRule(.monthly, daysOfTheMonth: [31], times: [TimeOfDay(hour: 9)], timeZone: "America/New_York"),
      "R1;FREQ=MONTHLY;BYMONTHDAY=31;BYTIME=0900;TZID=America/New_York"
    ),
    (
      RecurrenceRule(
        .daily, interval: 3, anchor: .afterCompletion, times: [TimeOfDay(hour: 17, minute: 30), TimeOfDay(hour: 9)]),
      "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;BYTIME=0900/1730"
    ),
    (
      RecurrenceRule(
        .monthly, start: ldt("2026-01-31T09:00"), end: .afterDate(ldt("2027-01-31T23:59:59")), monthDayPolicy: .skip),
      "R1;FREQ=MONTHLY;DTSTART=20260131T090000;UNTIL=20270131T235959;MONTHEND=SKIP"
    ),
    (
      RecurrenceRule(
        .monthly, weekdays: [.nth(-1, .friday), .nth(3, .tuesday)], setPositions: [-1, 15], weekStart: .sunday,
        end: .afterOccurrences(5)),
      "R1;FREQ=MONTHLY;BYDAY=3TU/-1FR;BYSETPOS=-1/15;WKST=SU;COUNT=5"
    ),
    (
      RecurrenceRule(
        .yearly, daysOfTheMonth: [14], months: [4, 1], times: [TimeOfDay(hour: 8, minute: 0, second: 30)]),
      "R1;FREQ=YEARLY;BYMONTHDAY=14;BYMONTH=1/4;BYTIME=080030"
    ),
  ]

  @Test func encodesCanonically() throws {
    for (rule, text) in Self.canonical {
      #expect(rule.packed == text)
      #expect(try PackedRule.decode(text) == rule)
    }
  }

  @Test(arguments: [
    ("r1;freq=weekly;byday=fr/mo;interval=1;wkst=MO;monthend=clamp;anchor=schedule", "R1;FREQ=WEEKLY;BYDAY=MO/FR"),
    ("R1;TZID=Europe/London;BYTIME=1730/0900/0900;FREQ=DAILY", "R1;FREQ=DAILY;BYTIME=0900/1730;TZID=Europe/London"),
    ("R1;BYMONTHDAY=+15/1;FREQ=MONTHLY", "R1;FREQ=MONTHLY;BYMONTHDAY=1/15"),
  ])
  func nonCanonicalReencodesCanonically(_ pair: (String, String)) throws {
    #expect(try PackedRule.decode(pair.0).packed == pair.1)
  }

  @Test(arguments: [
    "R1;keepMissed=true;FREQ=WEEKLY;BYDAY=MO", "R1;FREQ=WEEKLY;keepMissed=false;BYDAY=MO",
    "R1;FREQ=WEEKLY;BYDAY=MO;keepMissed=1", "R1;FREQ=WEEKLY;BYDAY=MO;keepMissed=0", "R1;km=1;FREQ=WEEKLY;BYDAY=MO",
    "R1;FREQ=WEEKLY;BYDAY=MO;KEEPMISSED=yes",
  ])
  func legacyKeepMissedIsIgnored(_ text: String) throws {
    let clean = try PackedRule.decode("R1;FREQ=WEEKLY;BYDAY=MO")
    #expect(try PackedRule.decode(text) == clean)
    #expect(try PackedRule.decode(text).packed == "R1;FREQ=WEEKLY;BYDAY=MO")
  }

  static let errors: [PackedErrorCase] = [
    PackedErrorCase(text: "", id: "PK102", range: 0..<0),
    PackedErrorCase(text: "FREQ=DAILY", id: "PK102", range: 0..<1),
    PackedErrorCase(text: "R2;FREQ=DAILY", id: "PK102", range: 0..<2),
    PackedErrorCase(text: "R1;FREQ=DAILY;COLOR=RED", id: "PK105", range: 14..<19),
    PackedErrorCase(text: "R1;FREQ=DAILY;INTERVL=2", id: "PK105", range: 14..<21),
    PackedErrorCase(text: "R1;FREQ=DAILY;INTERVAL=x2", id: "PK113", range: 23..<25),
    PackedErrorCase(text: "R1;FREQ=DAILY;INTERVAL=0", id: "PK112", range: 0..<24),
    PackedErrorCase(text: "R1;FREQ=DAILY;FREQ=WEEKLY", id: "PK106", range: 14..<25),
    PackedErrorCase(text: "R1;FREQ=DAILY;", id: "PK103", range: 13..<14),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYTIME=", id: "PK107", range: 14..<21),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYTIME=09", id: "PK114", range: 21..<23),
    PackedErrorCase(text: "R1;FREQ=DAI", id: "PK108", range: 8..<11),
    PackedErrorCase(text: "R1;BYDAY=MO", id: "PK110", range: 0..<11),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYDAY=MO//FR", id: "PK116", range: 23..<24),
    PackedErrorCase(text: "R1;FREQ=DAILY;DTSTART=20260230T090000", id: "PK115", range: 22..<37),
    PackedErrorCase(text: "R1;FREQ=DAILY;COUNT=2;UNTIL=20260101T000000", id: "PK111", range: 14..<21),
    PackedErrorCase(text: "R1;FREQ=DAILY;TZID=Europe/Lon\"don", id: "PK109", range: 29..<30),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYDAY=MÖ", id: "PK101", range: 21..<22),
    PackedErrorCase(text: "R1;FREQ=DAILY BYDAY=MO", id: "PK101", range: 13..<14),
    PackedErrorCase(text: "R1;FREQ", id: "PK104", range: 3..<7),
    PackedErrorCase(text: "R1;FREQ=MONTHLY;BYMONTHDAY=32", id: "PK112", range: 0..<29),
    PackedErrorCase(text: "R1;" + String(repeating: "A", count: 5_000), id: "PK100", range: 4_096..<5_003),
    PackedErrorCase(
      text: "R1;FREQ=DAILY;TZID=" + String(repeating: "Z", count: 65), id: "PK109", range: 19..<84),
    // Found by libFuzzer: a byte below '0' inside a fixed-width number.
    PackedErrorCase(text: "R1;DTSTART=2026013(T1FRork", id: "PK113", range: 11..<26),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYTIME=09(0", id: "PK113", range: 21..<25),
    PackedErrorCase(text: "R1;FREQ=DAILY;BYTIME=0900/(900", id: "PK113", range: 26..<30),
  ]

  @Test(arguments: errors)
  func rejects(_ c: PackedErrorCase) {
    do {
      let rule = try PackedRule.decode(c.text)
      Issue.record("decoded \(rule.packed)")
    } catch {
      #expect(error.id == c.id, "\(error.message)")
      #expect(error.range == SourceRange(c.range.lowerBound, c.range.upperBound), "\(error.message)")
    }
  }

  @Test func suggestsTheNearestKey() {
    #expect(throws: Diagnostic.self) { try PackedRule.decode("R1;FREQ=DAILY;INTERVL=2") }
    do {
      _ = try PackedRule.decode("R1;FREQ=DAILY;INTERVL=2")
    } catch {
      #expect(error.message == "unknown segment 'INTERVL'; did you mean 'INTERVAL'?")
    }
  }

  @Test func packedTextIsSafeInCSVAndJSON() {
    var g = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let text = RandomRules.anyRule(&g).packed
      #expect(!text.contains { ",\"\\ \n\r\t'".contains($0) || !$0.isASCII })
    }
  }

  /// Canonical texts with random edits (replaced, deleted, inserted and duplicated bytes): a
  /// small in-process fuzzer, beside the libFuzzer run.
  @Test func survivesMutatedTexts() throws {
    var g = SeededGenerator(seed: 2_026)
    var seeds = Self.canonical.map(\.1)
    for _ in 0..<40 { seeds.append(RandomRules.anyRule(&g).packed) }
    let bytes: [UInt8] = Array("R1;=/-+0123456789TZ(:.".utf8) + [0, 0x20, 0x7F, 0xC3, 0xA9]
    for _ in 0..<20_000 {
      var text = Array((seeds.randomElement(using: &g) ?? "R1;FREQ=DAILY").utf8)
      for _ in 0..<Int.random(in: 1...3, using: &g) where !text.isEmpty {
        let i = Int.random(in: 0..<text.count, using: &g)
        switch Int.random(in: 0..<4, using: &g) {
        case 0: text[i] = bytes.randomElement(using: &g) ?? 0
        case 1: text.remove(at: i)
        case 2: text.insert(bytes.randomElement(using: &g) ?? 0, at: i)
        default: text.insert(contentsOf: text[i...].prefix(8), at: i)
        }
      }
      let mutated = String(decoding: text, as: UTF8.self)
      if let rule = try? PackedRule.decode(mutated) {
        #expect(rule.validationError == nil, "\(mutated)")
        #expect(try PackedRule.decode(rule.packed) == rule, "\(mutated)")
      }
    }
  }

  @Test func survivesGarbage() throws {
    var g = SeededGenerator(seed: 99)
    let alphabet = Array("R1;=/-+0123456789TZFREQDAILYBYMOWEKSNCUHAmo_xZ\u{7f} é")
    for _ in 0..<20_000 {
      let text = String((0..<Int.random(in: 0...40, using: &g)).compactMap { _ in alphabet.randomElement(using: &g) })
      if let rule = try? PackedRule.decode(text) {
        #expect(rule.validationError == nil)
        #expect(try PackedRule.decode(rule.packed) == rule)
      }
    }
  }
}
