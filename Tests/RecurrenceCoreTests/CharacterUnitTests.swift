import RecurrenceCore
import Testing

/// Every range and limit counts Unicode scalars.
@Suite struct CharacterUnitTests {
  @Test func rruleLimitsCountScalars() {
    let long = String(repeating: "é", count: 1_001)
    #expect(throws: Diagnostic.self) { try RRule.parse(long) }
    do {
      _ = try RRule.parse(long)
    } catch {
      #expect(error.id == "RR100")
      #expect(error.range == SourceRange(1_000, 1_001))
    }
    do {
      _ = try RRule.parse("FREQ=DAILY;BYDAY=M\u{301}O")
    } catch {
      #expect(error.id == "RR101")
      #expect(error.range == SourceRange(18, 19))
    }
  }

  @Test func packedLimitCountsScalars() {
    do {
      _ = try PackedRule.decode(String(repeating: "é", count: 4_097))
      Issue.record("accepted")
    } catch {
      #expect(error.id == "PK100")
      #expect(error.message.hasPrefix("packed rule is 4097 characters"))
      #expect(error.range == SourceRange(4_096, 4_097))
    }
    do {
      _ = try PackedRule.decode("R1;FREQ=DAILY;" + String(repeating: "é", count: 3_000))
      Issue.record("accepted")
    } catch {
      #expect(error.id == "PK101")
      #expect(error.range == SourceRange(14, 15))
    }
  }

  @Test func aLetterWithMillionsOfCombiningMarksIsRejectedByLength() {
    let text = "e" + String(repeating: "\u{301}", count: 2_000_000)
    do {
      _ = try RRule.parse(text)
      Issue.record("accepted")
    } catch {
      #expect(error.id == "RR100")
      #expect(error.range.upperBound == 2_000_001)
    }
  }

  @Test func importedRulesGainNoSeconds() throws {
    let start = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10, minute: 7, second: 13)
    #expect(try RRule.parse("FREQ=DAILY;BYHOUR=9;BYMINUTE=0", start: start).times == [TimeOfDay(hour: 9)])
    #expect(try RRule.parse("FREQ=DAILY;BYHOUR=9", start: start).times == [TimeOfDay(hour: 9, minute: 7)])
    #expect(
      try RRule.parse("FREQ=DAILY;BYHOUR=9;BYSECOND=5", start: start).times == [
        TimeOfDay(hour: 9, minute: 7, second: 5)
      ])
  }

  @Test func monthEndPolicyOnlyWhereItMatters() throws {
    #expect(try RRule.parse("FREQ=WEEKLY;BYDAY=MO").monthDayPolicy == .clamp)
    #expect(try RRule.parse("FREQ=DAILY").monthDayPolicy == .clamp)
    #expect(try RRule.parse("FREQ=MONTHLY;BYMONTHDAY=31").monthDayPolicy == .skip)
    #expect(try RRule.parse("FREQ=YEARLY;BYMONTH=2").monthDayPolicy == .skip)
  }
}

/// Work per character is bounded where a message suggests a nearer spelling.
@Suite struct SuggestionBoundTests {
  @Test func longUnknownPackedKeysGetNoSuggestion() {
    for (key, suggestion) in [
      ("INTERVL", "INTERVAL"), ("BYMONTHDAYS", "BYMONTHDAY"), (String(repeating: "K", count: 4_000), ""),
    ] {
      do {
        _ = try PackedRule.decode("R1;" + key + "=1;FREQ=DAILY")
        Issue.record("accepted \(key.prefix(20))")
      } catch {
        #expect(error.id == "PK105")
        #expect(error.message.hasSuffix(suggestion.isEmpty ? "'" : "did you mean '\(suggestion)'?"))
      }
    }
  }
}
