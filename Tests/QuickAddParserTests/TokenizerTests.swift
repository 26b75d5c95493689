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

  @Test func rangesCountCharactersNotBytes() {
    let tokens = Tokenizer.tokenize("évery fridé")
    #expect(tokens.map(\.range) == [SourceRange(0, 5), SourceRange(6, 11)])
  }

  @Test func hyphenatedWordsStayWhole() {
    #expect(Tokenizer.tokenize("bi-weekly mon-fri").map(\.kind) == [.word("bi-weekly"), .word("mon-fri")])
  }
}
