import RecurrenceCore
import Testing

/// Rendered diagnostics are safe on a terminal: escaped controls, a window around the range,
/// carets aligned by display width.
@Suite struct TerminalTextTests {
  func render(_ input: String, _ lower: Int, _ upper: Int) -> [Substring] {
    Diagnostic(id: "QA102", message: "m", range: SourceRange(lower, upper)).rendered(input: input)
      .split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func controlCharactersAreEscapedNeverEmitted() {
    let lines = render("every \u{1B}[31mday\u{7}", 6, 7)
    #expect(lines[1] == "  every \\u{1B}[31mday\\u{7}")
    #expect(lines[2] == "        ^~~~~~")
    let bidi = render("every \u{202E}yad", 6, 7)
    #expect(bidi[1] == "  every \\u{202E}yad")
    let message = Diagnostic(id: "QA104", message: "unknown word '\u{1B}]0;x\u{7}'", range: SourceRange(0, 1))
    #expect(!message.rendered(input: "x").unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func caretsAlignByDisplayWidth() {
    // Wide characters take two columns, combining marks none.
    #expect(render("每周一 every wensday", 10, 15)[2] == "  " + String(repeating: " ", count: 13) + "^~~~~")
    #expect(render("cafe\u{301} every wensday", 12, 17)[2] == "  " + String(repeating: " ", count: 11) + "^~~~~")
    #expect(render("🎉 every wensday", 8, 13)[2] == "  " + String(repeating: " ", count: 9) + "^~~~~")
  }

  @Test func longInputShowsAWindowWithEllipses() {
    let input = String(repeating: "a", count: 100_000) + " fridy " + String(repeating: "b", count: 100_000)
    let lines = render(input, 100_001, 100_006)
    #expect(lines[1].hasPrefix("  …a"))
    #expect(lines[1].hasSuffix("b…"))
    #expect(lines[1].count <= TerminalText.window + 6)
    let caret = lines[2].firstIndex(of: "^").map { lines[2].distance(from: lines[2].startIndex, to: $0) } ?? -1
    let word = lines[1].range(of: "fridy").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) }
    #expect(caret == word)
  }

  @Test func rangesPastTheEndStayOnTheLine() {
    let lines = render("abc", 10, 20)
    #expect(lines[2] == "     ^")
  }
}
