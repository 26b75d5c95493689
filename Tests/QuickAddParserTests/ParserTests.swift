import QuickAddParser
import RecurrenceCore
import Testing

let reference = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))

/// Marked text: `1️⃣` and `2️⃣` mark a range; returns the text without them and the range.
func marked(_ text: String) -> (String, SourceRange) {
  var out = ""
  var lower = 0
  var upper = 0
  for c in text {
    if c == "1️⃣" {
      lower = out.count
    } else if c == "2️⃣" {
      upper = out.count
    } else {
      out.append(c)
    }
  }
  return (out, SourceRange(lower, upper))
}

@Suite struct DiagnosticTests {
  @Test(arguments: [
    ("every 1️⃣wensday2️⃣ at 5pm", "QA104", "unknown word 'wensday'; did you mean 'wednesday'?"),
    ("every 1️⃣02️⃣ days", "QA301", "the interval must be at least 1"),
    ("every 1️⃣feb 302️⃣", "QA303", "February 30 never occurs"),
    ("1️⃣tomorrow2️⃣", "QA103", "this is a single date, not a recurrence; add 'every' to repeat it"),
    ("1️⃣every2️⃣", "QA105", "'every' needs a period, a weekday, a date or a time after it"),
    ("every day at 1️⃣25:002️⃣", "QA302", "25:00 is not a time of day"),
    // A word read as its near match ('rest') quotes what was written.
    ("monthly 1️⃣rent2️⃣", "QA102", "expected a time, a day, a start, an end or a count, found 'rent'"),
  ])
  func wording(_ c: (String, String, String)) {
    let (text, range) = marked(c.0)
    let result = PhraseParser.parse(text, context: reference)
    #expect(result.rule == nil)
    #expect(result.errors.first?.id == c.1)
    #expect(result.errors.first?.range == range)
    #expect(result.errors.first?.message == c.2)
  }

  @Test func caretLine() {
    let result = PhraseParser.parse("every wensday at 5pm", context: reference)
    #expect(
      result.errors.first?.rendered(input: "every wensday at 5pm") == """
        error[QA104]: unknown word 'wensday'; did you mean 'wednesday'?
          every wensday at 5pm
                ^~~~~~~
        """)
  }

  @Test func warningsNameTheOtherReading() {
    let result = PhraseParser.parse("every 3rd friday", context: reference)
    #expect(result.rule != nil)
    #expect(result.warnings.map(\.id) == ["QA201"])
    #expect(result.warnings.first?.message.contains("every 3 weeks") == true)
  }

  @Test func overlongInputIsRejectedAtOnce() {
    let result = PhraseParser.parse(String(repeating: "every day ", count: 200), context: reference)
    #expect(result.errors.first?.id == "QA100")
  }

  @Test func hostileInputNeverCrashes() {
    var g = SystemRandomNumberGenerator()
    let words = [
      "every", "day", "3rd", "of", "and", ",", "at", "9am", "until", "june", "!", "the", "last", "for", "-",
      "99999999999",
    ]
    for _ in 0..<20_000 {
      let phrase = (0..<Int.random(in: 0...10, using: &g)).compactMap { _ in words.randomElement(using: &g) }
        .joined(separator: " ")
      let result = PhraseParser.parse(phrase, context: reference)
      #expect(result.rule != nil || !result.errors.isEmpty, "\(phrase)")
      if let rule = result.rule { #expect(rule.validationError == nil, "\(phrase)") }
    }
  }
}

@Suite struct CanonicalTextTests {
  /// Rules the phrase language can say, generated from their parts.
  static let rules: [RecurrenceRule] = {
    var out: [RecurrenceRule] = []
    let times: [[TimeOfDay]] = [[], [TimeOfDay(hour: 9)], [TimeOfDay(hour: 7, minute: 30), TimeOfDay(hour: 18)]]
    let anchors: [RecurrenceRule.Anchor] = [.schedule, .afterCompletion]
    for anchor in anchors {
      for t in times {
        for interval in [1, 2, 3, 12] {
          out.append(RecurrenceRule(.daily, interval: interval, anchor: anchor, times: t))
          out.append(
            RecurrenceRule(
              .weekly, interval: interval, anchor: anchor, weekdays: [.every(.monday), .every(.thursday)], times: t))
          out.append(
            RecurrenceRule(.monthly, interval: interval, anchor: anchor, daysOfTheMonth: [1, 15, -1], times: t))
          out.append(
            RecurrenceRule(
              .monthly, interval: interval, anchor: anchor, weekdays: [.nth(2, .tuesday), .nth(-1, .friday)], times: t))
          out.append(
            RecurrenceRule(
              .monthly, interval: interval, anchor: anchor, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) },
              setPositions: [1, -1], times: t))
          out.append(
            RecurrenceRule(.yearly, interval: interval, anchor: anchor, daysOfTheMonth: [14], months: [1, 4], times: t))
          out.append(
            RecurrenceRule(
              .yearly, interval: interval, anchor: anchor, weekdays: [.nth(4, .thursday)], months: [11], times: t))
        }
        out.append(
          RecurrenceRule(
            .hourly, interval: 6, anchor: anchor, start: LocalDateTime(year: 2027, month: 1, day: 3, hour: 21)))
        out.append(
          RecurrenceRule(
            .daily, anchor: anchor, times: t, start: LocalDateTime(year: 2027, month: 1, day: 3),
            end: .afterDate(LocalDateTime(year: 2027, month: 6, day: 1, hour: 23, minute: 59, second: 59))))
        out.append(
          RecurrenceRule(.weekly, anchor: anchor, weekdays: [.every(.sunday)], times: t, end: .afterOccurrences(5)))
      }
    }
    return out
  }()

  @Test func everyGeneratedRuleReadsBack() throws {
    #expect(Self.rules.count > 100)
    for rule in Self.rules {
      let text = try #require(rule.englishText, "\(rule.packed)")
      let again = PhraseParser.parse(text, context: reference)
      #expect(
        withoutAnchoredStart(again.rule, for: rule, now: reference.now) == rule,
        "'\(text)' → \(again.rule?.packed ?? again.errors.first?.message ?? "")")
    }
  }

  @Test(arguments: [
    ("every monday at 9am", "every week on Monday at 09:00"),
    ("every 3 months on the last weekday", "every 3 months on the last workday"),
    ("3 days after done", "every! 3 days"),
    ("every jan 27th", "every year on January 27"),
    (
      "monthly on the first and last instance of tue and fri",
      "every month on the 1st and last instance of Tuesday and Friday"
    ),
  ])
  func examples(_ c: (String, String)) {
    #expect(PhraseParser.parse(c.0, context: reference).rule?.canonicalText == c.1)
  }

  @Test func rulesEnglishCannotSayFallBackToTheirPackedText() throws {
    let rules = [
      RecurrenceRule(.daily, weekStart: .sunday),
      RecurrenceRule(.monthly, daysOfTheMonth: [31], monthDayPolicy: .skip),
      RecurrenceRule(.yearly, weekdays: [.nth(1, .friday)]),
      RecurrenceRule(.monthly, weekdays: [.every(.monday)], setPositions: [-1]),
      RecurrenceRule(.daily, times: [TimeOfDay(secondOfDay: 9 * 3600 + 30)]),
    ]
    for rule in rules {
      #expect(rule.englishText == nil)
      #expect(rule.canonicalText == rule.packed)
      #expect(PhraseParser.parse(rule.canonicalText, context: reference).rule == rule)
    }
  }

  @Test func rruleTextReadsAsItself() throws {
    let result = PhraseParser.parse("RRULE:FREQ=WEEKLY;BYDAY=MO,FR", context: reference)
    #expect(result.rule?.frequency == .weekly)
    #expect(result.rule?.weekdays == [.every(.monday), .every(.friday)])
    let bad = PhraseParser.parse("RRULE:FREQ=WEEKLY;BYDAY=XX", context: reference)
    #expect(bad.errors.first?.range == SourceRange(24, 26))
    // The value alone reads the same, its error ranges unshifted.
    let value = PhraseParser.parse("freq=weekly;byday=mo,fr", context: reference)
    #expect(value.rule == result.rule)
    let badValue = PhraseParser.parse("FREQ=WEEKLY;BYDAY=XX", context: reference)
    #expect(badValue.errors.first?.range == SourceRange(18, 20))
  }

  @Test func cronExpressionsAreRefusedWhole() {
    for cron in ["0 9 * * 1-5", "*/15 * * * *", "30 8 * * MON", "  0 0 1 * *  ", "0 0 9 ? * MON-FRI"] {
      let result = PhraseParser.parse(cron, context: reference)
      #expect(result.rule == nil, "\(cron)")
      #expect(result.errors.map(\.id) == ["QA106"], "\(cron)")
    }
    // The range covers the fields, not the blanks around them.
    #expect(PhraseParser.parse("  0 0 1 * *  ", context: reference).errors.first?.range == SourceRange(2, 11))
    // Phrases with a star or too few or too many fields are not cron.
    for phrase in [
      "every 5 * 3 days", "* every day", "0 9 * *", "0 9 * * 1 2 3", "every day *", "mon and fri at 9am?",
      "on mon and wed 9am?",
    ] {
      #expect(PhraseParser.parse(phrase, context: reference).errors.first?.id != "QA106", "\(phrase)")
    }
  }
}

@Suite struct EmbeddedRuleTests {
  @Test(arguments: [
    ("1️⃣water plants2️⃣ every 3 days", "every 3 days", "'water plants'"),
    ("1️⃣Church2️⃣ every Sunday at 10:30 AM.", "every week on Sunday at 10:30", "'Church'"),
    ("1️⃣I need to take my blood pressure pill2️⃣ every morning at 8", "every day at 08:00", "pressure pill"),
  ])
  func readsTheRuleAndNamesTheWordsLeftOut(_ c: (String, String, String)) {
    let (text, range) = marked(c.0)
    let result = PhraseParser.parse(text, context: reference)
    #expect(result.rule?.canonicalText == c.1)
    let note = result.warnings.first { $0.id == "QA216" }
    #expect(note?.range == range)
    #expect(note?.message.contains(c.2) == true)
  }

  @Test(arguments: [
    "Weekly review", "every monday blah", "every day at brunch", "office hours every thursday 3pm",
    "every tuesday 10pm deploy window", "almost every day", "water plants every 2 to 3 days",
  ])
  func keepsTheRefusal(_ text: String) {
    let result = PhraseParser.parse(text, context: reference)
    #expect(result.rule == nil)
    #expect(!result.errors.isEmpty)
  }
}
