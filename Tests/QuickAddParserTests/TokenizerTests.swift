import QuickAddParser
import RecurrenceCore
import Testing

@Suite struct TokenizerTests {
  @Test func shapesAndRanges() {
    let tokens = Tokenizer.tokenize("Every 3rd Fri, at 5pm & 17:30 until 2027-03-01!")
    #expect(
      tokens.map(\.kind) == [
        .word("every"), .ordinal(3), .word("fri"), .punctuation(","), .word("at"), .clock(hour: 5, minute: 0, pm: true),
        .punctuation("&"), .clock(hour: 17, minute: 30, pm: nil), .word("until"),
        .isoDate(CivilDate(year: 2027, month: 3, day: 1)), .punctuation("!"),
      ])
    #expect(tokens[1].range == SourceRange(6, 9))
    #expect(tokens[5].range == SourceRange(18, 21))
    #expect(tokens[9].range == SourceRange(36, 46))
  }

  @Test(arguments: [
    ("9am", 9, 0, true as Bool?), ("9:30pm", 9, 30, false), ("12 a.m.", 12, 0, true), ("7.30pm", 7, 30, false),
    ("9 pm", 9, 0, false), ("5p", 5, 0, false),
  ])
  func clockTimes(_ c: (String, Int, Int, Bool?)) {
    let tokens = Tokenizer.tokenize(c.0)
    #expect(tokens.count == 1)
    if case .clock(let h, let m, let pm)? = tokens.first?.kind {
      #expect(h == c.1 && m == c.2)
      #expect((pm ?? false) == !(c.3 ?? true))
    } else {
      Issue.record("\(c.0) is not a clock token")
    }
  }

  /// An ordinal suffix written apart belongs to the number only when it is that number's own.
  @Test func spacedOrdinalSuffixes() {
    #expect(Tokenizer.tokenize("every 15 th").map(\.kind) == [.word("every"), .ordinal(15)])
    #expect(
      Tokenizer.tokenize("1 st, 22 nd, 13 th").map(\.kind) == [
        .ordinal(1), .punctuation(","), .ordinal(22), .punctuation(","), .ordinal(13),
      ])
    #expect(Tokenizer.tokenize("3 th").map(\.kind) == [.number(3), .word("th")])
    #expect(Tokenizer.tokenize("1 street").map(\.kind) == [.number(1), .word("street")])
    #expect(Tokenizer.tokenize("every 15 th")[1].range == SourceRange(6, 11))
  }

  /// `month(s)`, as forms print a plural, is the plural word over the whole span.
  @Test func pluralMarks() {
    let tokens = Tokenizer.tokenize("every 3 Month(s) on")
    #expect(tokens.map(\.kind) == [.word("every"), .number(3), .word("months"), .word("on")])
    #expect(tokens[2].range == SourceRange(8, 16))
    #expect(Tokenizer.tokenize("f(s)").map(\.kind) == [.word("f"), .punctuation("("), .word("s"), .punctuation(")")])
  }

  @Test func rangesCountCharactersNotBytes() {
    let tokens = Tokenizer.tokenize("évery fridé")
    #expect(tokens.map(\.range) == [SourceRange(0, 5), SourceRange(6, 11)])
  }

  @Test func hyphensAndDashesAreTokensOfTheirOwn() {
    #expect(
      Tokenizer.tokenize("bi-weekly mon–fri").map(\.kind) == [
        .word("bi"), .punctuation("-"), .word("weekly"), .word("mon"), .punctuation("-"), .word("fri"),
      ])
    #expect(Tokenizer.tokenize("o'clock").map(\.kind) == [.word("o'clock")])
  }

  @Test func unicodeSpacesSeparateWords() {
    // NBSP, en space, narrow NBSP and ideographic space; ranges count Unicode scalars.
    let tokens = Tokenizer.tokenize("every\u{00A0}mon\u{2002}at\u{3000}9am")
    #expect(tokens.map(\.kind) == [.word("every"), .word("mon"), .word("at"), .clock(hour: 9, minute: 0, pm: false)])
    #expect(tokens.map(\.range) == [SourceRange(0, 5), SourceRange(6, 9), SourceRange(10, 12), SourceRange(13, 16)])
  }

  @Test func numericDates() {
    #expect(Tokenizer.tokenize("6/15").map(\.kind) == [.numericDate(6, 15, year: nil)])
    #expect(Tokenizer.tokenize("12/31/2027").map(\.kind) == [.numericDate(12, 31, year: 2027)])
    #expect(Tokenizer.tokenize("1/2/27").map(\.kind) == [.numericDate(1, 2, year: 2027)])
    // Three-digit parts are no date.
    #expect(Tokenizer.tokenize("6/150").map(\.kind) == [.number(6), .punctuation("/"), .number(150)])
  }

  @Test func meridiemsSpacedOrEndingASentence() {
    #expect(Tokenizer.tokenize("7:00 p.m.").map(\.kind) == [.clock(hour: 7, minute: 0, pm: true)])
    #expect(Tokenizer.tokenize("7pm.").map(\.kind) == [.clock(hour: 7, minute: 0, pm: true)])
  }

  @Test func clocksSaidWithoutColonAfterAt() {
    #expect(Tokenizer.tokenize("at 6 30").map(\.kind) == [.word("at"), .clock(hour: 6, minute: 30, pm: nil)])
    #expect(Tokenizer.tokenize("at 9 15 am").map(\.kind) == [.word("at"), .clock(hour: 9, minute: 15, pm: false)])
    // Minutes off the five-minute marks, a unit or a noun after them, or no "at": two numbers.
    #expect(Tokenizer.tokenize("at 6 31").map(\.kind) == [.word("at"), .number(6), .number(31)])
    #expect(Tokenizer.tokenize("at 2 15 min").map(\.kind) == [.word("at"), .number(2), .number(15), .word("min")])
    #expect(
      Tokenizer.tokenize("at 3 25 people").map(\.kind) == [.word("at"), .number(3), .number(25), .word("people")])
    #expect(Tokenizer.tokenize("6 30").map(\.kind) == [.number(6), .number(30)])
  }

  @Test func numericDatesNeedAPlausibleYear() {
    #expect(Tokenizer.tokenize("12-05-2027").map(\.kind) == [.numericDate(12, 5, year: 2027)])
    #expect(Tokenizer.tokenize("12-05-3344").map(\.kind).first == .number(12))
  }
}

@Suite struct SlipTests {
  @Test(arguments: [
    ("minuts", "minutes"), ("weekdy", "weekday"), ("dya", "day"), ("teh", "the"), ("thursdy", "thursday"),
  ])
  func corrected(_ typed: String, _ word: String) {
    #expect(Lexicon.english.correction(for: typed) == word)
  }

  @Test(arguments: ["tursday", "dy", "ady", "xyzday"])
  func refused(_ typed: String) {
    #expect(Lexicon.english.correction(for: typed) == nil)
  }
}
