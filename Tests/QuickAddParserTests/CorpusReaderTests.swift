import QuickAddParser
import RecurrenceCore
import Testing

/// The corpus line format: directives, markers, separators, expected warnings, malformed lines.
@Suite struct CorpusReaderTests {
  func read(_ text: String) -> CorpusFile { CorpusReader.read(text, file: "t.txt") }

  @Test func crlfLinesReadLikeLfLines() {
    let lf = "@reference 2027-01-01T09:00\n## weekly\nevery monday => R1;FREQ=WEEKLY;BYDAY=MO\n! Pay rent\n"
    let crlf = read(lf.split(separator: "\n").map { $0 + "\r\n" }.joined())
    #expect(crlf.problems.isEmpty)
    #expect(crlf == read(lf))
    #expect(crlf.cases.map(\.phrase) == ["every monday", "Pay rent"])
    #expect(crlf.cases.first?.reference == LocalDateTime(year: 2027, month: 1, day: 1, hour: 9))
  }

  @Test func aTabBeforeTheArrowSeparates() {
    let file = read("every monday\t=> R1;FREQ=WEEKLY;BYDAY=MO\nevery day\t=>\tR1;FREQ=DAILY\n")
    #expect(file.problems.isEmpty)
    #expect(file.cases.map(\.phrase) == ["every monday", "every day"])
    #expect(file.cases.first?.expected == .rule("R1;FREQ=WEEKLY;BYDAY=MO", warnings: .none))
  }

  @Test func expectedWarningIDs() {
    let file = read(
      """
      ? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR QA205 QA201
      ? every weekend => R1;FREQ=WEEKLY;BYDAY=SA/SU
      every day => R1;FREQ=DAILY
      @expect R1;FREQ=MONTHLY;BYDAY=3FR QA201
      ? every third friday
      every 3rd fri
      """)
    #expect(file.problems.isEmpty)
    #expect(
      file.cases.map(\.expected) == [
        .rule("R1;FREQ=MONTHLY;BYDAY=3FR", warnings: .exactly(["QA201", "QA205"])),
        .rule("R1;FREQ=WEEKLY;BYDAY=SA/SU", warnings: .any), .rule("R1;FREQ=DAILY", warnings: .none),
        .rule("R1;FREQ=MONTHLY;BYDAY=3FR", warnings: .exactly(["QA201"])),
        .rule("R1;FREQ=MONTHLY;BYDAY=3FR", warnings: .none),
      ])
  }

  @Test func sectionsAreRecorded() {
    let file = read(
      "every day => R1;FREQ=DAILY\n## weekly forms\n# a comment\nevery monday => R1;FREQ=WEEKLY;BYDAY=MO\n")
    #expect(file.cases.map(\.section) == ["", "weekly forms"])
  }

  /// Each malformed line: its ID, line and column; the lines after it are still read.
  @Test(arguments: [
    ("@tiemzone UTC", "CP101", 1),
    ("@reference tomorrow", "CP102", 12),
    ("@expect", "CP102", 1),
    ("* every fridy => QA104 @99..1", "CP104", 24),
    ("* every fridy => QA104 @6-11", "CP104", 24),
    ("* every fridy => 104", "CP104", 18),
    ("=> R1;FREQ=DAILY", "CP106", 1),
    ("* every fridy", "CP103", 1),
    ("every day => R1;FREQ=DAILY QA201", "CP105", 28),
    ("? every day => R1;FREQ=DAILY qa201", "CP105", 30),
    ("every day => R1;FREQ=DALY", "CP104", 22),
    ("every day", "CP103", 1),
    ("  ? => R1;FREQ=DAILY", "CP106", 5),
    ("every day =>", "CP103", 11),
    ("! Pay rent => R1;FREQ=DAILY", "CP104", 12),
  ])
  func malformedLine(_ line: String, _ id: String, _ column: Int) {
    let file = read("# head\n\(line)\nevery monday => R1;FREQ=WEEKLY;BYDAY=MO\n")
    #expect(file.problems.map(\.id) == [id])
    #expect(file.problems.first?.line == 2)
    #expect(file.problems.first?.column == column)
    #expect(file.problems.first?.description.hasPrefix("t.txt:2:\(column): error[\(id)]: ") == true)
    #expect(file.cases.map(\.line) == [3])
  }

  /// Case lines are read on several threads after the directives: the same cases and problems.
  @Test func readingOnSeveralThreadsGivesTheSameFile() {
    var text = ""
    for i in 0..<2_000 {
      if i % 97 == 0 { text += "## part \(i)\n@reference 2027-0\(1 + i % 9)-01T09:00\n" }
      if i % 131 == 0 { text += "@expect R1;FREQ=DAILY\n" }
      if i % 173 == 0 { text += "* every fridy => QA104 @9..1\n" }
      text += i % 2 == 0 ? "every \(i % 28 + 1) days => R1;FREQ=DAILY;INTERVAL=\(i % 28 + 1)\n" : "every day\n"
    }
    let one = CorpusReader.read(text, file: "t.txt", jobs: 1)
    let many = CorpusReader.read(text, file: "t.txt", jobs: 4)
    #expect(one.cases.count > 1_900 && one.problems.count >= 10)
    #expect(one == many)
    #expect(Set(one.cases.map(\.reference)).count == 9)
  }

  @Test func linesAfterABadExpectDoNotTakeAnOlderOne() {
    let file = read("@expect R1;FREQ=DAILY\nevery day\n@expect R1;FREQ=DAYLY\neach day\n")
    #expect(file.cases.map(\.phrase) == ["every day"])
    #expect(file.problems.map(\.id) == ["CP104", "CP103"])
    #expect(file.problems.last?.message.contains("the '@expect' on line 3 does not read") == true)
  }

  @Test func aReversedRangeIsNotReadAsAPoint() {
    let file = read("* every fridy => QA104 @99..1\n")
    #expect(file.cases.isEmpty)
    #expect(file.problems.first?.message.contains("reversed") == true)
  }

  @Test func theCaretSitsUnderTheFault() {
    let file = read("every day => R1;FREQ=DAILY QA201\n")
    #expect(
      file.problems.first?.rendered
        == """
        t.txt:1:28: error[CP105]: warning IDs need the '?' marker (a line without '?' expects no warning)
          every day => R1;FREQ=DAILY QA201
                                     ^~~~~
        """)
  }

  /// Columns count Unicode scalars, as every range does: `e` + U+0301 is two, `é` one.
  @Test func columnsCountScalarsNotBytes() {
    #expect(read("* évery día => QA104 @50..1\n").problems.first?.column == 22)
    #expect(read("* e\u{301}very día => QA104 @50..1\n").problems.first?.column == 23)
  }

  @Test func controlCharactersAreEscapedInTheCaretLine() {
    let rendered = read("@bogus\u{1B}[31m red\n").problems.first?.rendered ?? ""
    #expect(!rendered.contains("\u{1B}"))
    #expect(rendered.contains("\\u{1B}"))
    #expect(rendered.hasPrefix("t.txt:1:1: error[CP101]: unknown directive"))
  }

  @Test func rawListsTakeEveryNonBlankLine() {
    let cases = CorpusReader.raw("every day\r\n\r\n# not a comment here\n  every monday  \n", file: "r.txt")
    #expect(cases.map(\.phrase) == ["every day", "# not a comment here", "every monday"])
    #expect(cases.map(\.line) == [1, 3, 4])
    #expect(cases.allSatisfy { $0.expected == .unannotated })
  }

  @Test func theThrowingReaderStopsAtTheFirstProblem() {
    #expect(throws: CorpusFormatError.self) { try CorpusReader.cases(in: "@bogus\n", file: "t.txt") }
  }
}
