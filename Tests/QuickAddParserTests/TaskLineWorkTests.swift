import Foundation
import RecurrenceCore
import Testing

@testable import QuickAddParser

/// The work the task line's date search does, counted in parser steps (productions entered), not
/// timed: every word can start a date, so without a bound a line of list-like words costs the
/// square of its length.
@Suite struct TaskLineWorkTests {
  static let monday = TaskLineOptions(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Fillers whose every word can start a date.
  static let patterns = ["4\", 5, 6 and 7 ", "mon tue, 3 ", "4\":4 4\"4 ", "at 9, 10 and 11 ", "1st, 2nd & 3rd "]

  /// A line found by fuzzing that took 32 ms (numbers, quotes and commas), as base64.
  static let fuzzed =
    "IwlsYXN0NS0xMiwzJy0yLDEzWzUtMTItMyctAQAAAFs1LTE1NnRyaWhvdXJseSAgNCI6NCA0IjQgNCI6MSAgOTE2IDY5LCA3MCw0IjQgNCI6NCA0Ijo0ICA3MCw0IjQgNCI6NCA0Ijo0IDQiNCA0IDQiOjQgMDgiOiA0MiAgOSA4NyAsMDA0IjQgIDQiOjQgNCI0IDQiOjEgIDkxNiA2OSwgNzAsNCI0IDQiOjQgNCI6NCA0IjQgNCA0Ijo0IDA4IjkgODcgLDAwNyI4NCI0IDQgNCI6NCAwOCI6IDQyICA5IDg3ICwwMDQiNCAgNCI6NCA0IjQgNCI6MSAgOTE2IDY5LCA3MCw0IjQgNCI6NCA0Ijo0IDQiNCA0IDQiOjQgMDgiOSA4NyAsMDA3IjggNCI6NCI6NCw0IjQgIDQiOjQgNCI0IDQiOjEgIDkwOCA2OSwgNzAsNCI0IDQiOjQgNCI6NCA0IjQgNCA0Ijo0IDciOCA0Ijo0LDAwNCI0ICA0Ijo0IDQiNCA0IjoxICA5MTYgNjksIDcwLDQiNCA0Ijo0IDQiOjQgNCI0IDQgNCI6NCAwOCI6IDQyICA5IDg3ICwwMDciOCA0Ijo0Ijo0"

  static func line(_ pattern: String, length: Int) -> String {
    String(String(repeating: pattern, count: length / pattern.count + 1).prefix(length))
  }

  /// The text of the line's date phrase.
  static func dueText(_ r: TaskLine) -> String? {
    guard let range = r.due?.range else { return nil }
    let scalars = Array(r.input.unicodeScalars)[range.lowerBound..<range.upperBound]
    return String(String.UnicodeScalarView(scalars))
  }

  /// The reading of `line` and the parser steps its date search took.
  static func read(_ line: String) -> (line: TaskLine, steps: Int) {
    var reader = TaskLineReader(line, options: monday)
    let r = reader.read()
    return (r, reader.searchSteps)
  }

  static func budget(_ line: String) -> Int { TaskLineReader.stepBudget(scalars: line.unicodeScalars.count) }

  @Test func listLikeLinesStayWithinTheirBudget() throws {
    var lines = Self.patterns.flatMap { p in [250, 1000, 2000].map { Self.line(p, length: $0) } }
    let data = try #require(Data(base64Encoded: Self.fuzzed))
    lines.append(String(decoding: data, as: UTF8.self))
    for line in lines {
      let steps = Self.read(line).steps
      // A start runs to its end, so the search passes its budget by what one parse reads (at most
      // the line), and the last words have a budget of their own.
      let bound = 2 * Self.budget(line) + TaskLineReader.tailSteps
      #expect(steps <= bound, "\(line.prefix(40))… took \(steps) steps")
    }
    // Lines full of dates stop after a number of them (each day with its own time: a day list
    // with one time for all would be one rule).
    let dates = Self.read(Self.line("fri at 9 mon at 10 ", length: 2_000)).line
    #expect(dates.diagnostics.filter { $0.id == "QA401" }.count == TaskLineReader.maxDates - 1)
    #expect(dates.diagnostics.contains { $0.id == "QA409" })
  }

  @Test func aStoppedSearchSaysWhatItPassedOverAndStillReadsTheEnd() throws {
    let line = Self.line("4\":4 4\"4 ", length: 1000) + " tomorrow"
    let r = TaskLineParser.parse(line, options: Self.monday)
    let stop = try #require(r.diagnostics.first { $0.id == "QA409" })
    #expect(stop.severity == .warning)
    #expect(stop.range.lowerBound < stop.range.upperBound)
    #expect(stop.range.upperBound < line.unicodeScalars.count - "tomorrow".count)
    // The last words still start dates.
    #expect(Self.dueText(r) == "tomorrow")
    #expect(r.title == Self.line("4\":4 4\"4 ", length: 1000).trimmingCharacters(in: .whitespaces))
  }

  @Test func noWarningWhenNothingWasPassedOver() {
    for line in ["Read 1st 2nd 3rd 4th 5th 6th 7th friday", "Office hours mon 2-4, tue 3-5, wed 2-4 friday"] {
      let r = TaskLineParser.parse(line, options: Self.monday)
      #expect(!r.diagnostics.contains { $0.id == "QA409" }, "\(line)")
      #expect(Self.dueText(r) == "friday", "\(line)")
    }
  }

  @Test func listsOfOrdinalsSizesAndHoursKeepTheirDate() {
    let lines = [
      ("Invite 1st 2nd 3rd 4th 5th 6th 7th 8th graders to assembly tomorrow", "tomorrow"),
      ("Order 1/2\" 3/4\" 1\" 1 1/4\" 1 1/2\" 2\" pipes by friday", "by friday"),
      ("Office hours mon 2-4, tue 3-5, wed 2-4, thu 3-5 starting jan 5", "starting jan 5"),
      ("Read 1st 2nd 3rd 4th 5th 6th 7th 8th friday", "friday"),
      ("Shifts 7:00 8:00 9:00 10:00 11:00 12:00 tomorrow", "12:00 tomorrow"),
    ]
    for (line, date) in lines {
      let r = TaskLineParser.parse(line, options: Self.monday)
      #expect(Self.dueText(r) == date, "\(line)")
      #expect(!r.diagnostics.contains { $0.id == "QA409" }, "\(line)")
    }
  }

  @Test func aRunOfNumbersIsReadOnceAndTheDateAfterItStands() throws {
    for (separator, count) in [(", ", 66), (" and ", 66), (" ", 30), ("\" ", 30)] {
      let sizes = (4..<4 + count).map(String.init).joined(separator: separator)
      let line = "Sizes \(sizes) tomorrow"
      let r = TaskLineParser.parse(line, options: Self.monday)
      #expect(Self.dueText(r) == "tomorrow", "separator '\(separator)'")
      #expect(!r.diagnostics.contains { $0.id == "QA409" }, "separator '\(separator)'")
      #expect(r.title == "Sizes \(sizes)", "separator '\(separator)'")
    }
    // The last number of a run still starts a date.
    #expect(Self.dueText(TaskLineParser.parse("Sizes 4, 5 and 6pm", options: Self.monday)) == "6pm")
    #expect(Self.dueText(TaskLineParser.parse("Call 4 5 6 friday", options: Self.monday)) == "friday")
  }

  @Test func corpusLinesFitTheirBudgetWithRoomToSpare() throws {
    let folder = Self.root.appendingPathComponent("Corpus/en/quickadd")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
    var count = 0
    for name in names.sorted() {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for raw in text.split(separator: "\n") {
        var line = Substring(raw)
        guard let first = line.first, first != "@", first != "#", !raw.contains("QA409") else { continue }
        if let arrow = line.range(of: " => ") { line = line[..<arrow.lowerBound] }
        if line.hasPrefix("! ") { line = line.dropFirst(2) }
        let steps = Self.read(String(line)).steps
        // Lines under 60 characters take at most half the budget; longer ones (runs of numbers and
        // lists written to test the bound) may finish with the last words' own budget.
        let bound =
          line.unicodeScalars.count < 60
          ? Self.budget(String(line)) / 2 : Self.budget(String(line)) + TaskLineReader.tailSteps
        #expect(steps <= bound, "\(name): \(line) took \(steps) steps")
        count += 1
      }
    }
    #expect(count > 1_000)
  }

  @Test func aNumberBeforeADateOrATimeDoesNotHideIt() {
    let lines = [
      ("Room 3 12/4 10am", "12/4 10am"), ("Flight 2 12/20 9:30", "12/20 9:30"),
      ("Pay invoice 1234 12/15 5pm", "12/15 5pm"), ("Room 101 10:30 12/4", "10:30 12/4"),
      ("Meeting 2 10:00-11:00 tomorrow", "10:00-11:00 tomorrow"), ("Invoice 42, 12/15, 5pm", "12/15, 5pm"),
    ]
    for (line, date) in lines {
      #expect(Self.dueText(TaskLineParser.parse(line, options: Self.monday)) == date, "\(line)")
    }
  }

  @Test func pastTheBudgetAPieceOfALongerPhraseIsNoReading() {
    let filler = "Note " + String(repeating: "2 12/4 ", count: 43)
    for phrase in [
      "every weekday at 9am until the end of january", "every 2nd and 4th tuesday of the month at 9am",
      "every 3 weeks on friday at 10am starting dec 4",
    ] {
      let r = TaskLineParser.parse(filler + phrase, options: Self.monday)
      #expect(r.diagnostics.contains { $0.id == "QA409" }, "\(phrase)")
      #expect(r.due == nil || Self.dueText(r) == phrase, "\(phrase): read '\(Self.dueText(r) ?? "")'")
    }
  }

  @Test func aPhraseHoldsAHundredDaysButNoMore() throws {
    let hundred = (0..<100).map { String($0 % 28 + 1) }.joined(separator: ", ")
    let context = ParseContext(now: Self.monday.now)
    #expect(PhraseParser.parse("every month on the \(hundred)", context: context).rule != nil)
    let days = (0..<101).map { String($0 % 28 + 1) }.joined(separator: ", ")
    let r = PhraseParser.parse("every month on the \(days)", context: ParseContext(now: Self.monday.now))
    #expect(r.rule == nil)
    let error = try #require(r.diagnostics.first)
    #expect(error.id == "QA302")
    #expect(error.message.contains("at most 100 days"))
  }
}
