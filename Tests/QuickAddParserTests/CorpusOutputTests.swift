import Foundation
import QuickAddParser
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// What a run writes: JUnit XML, TAP, baselines and their diffs, `--update` text.
@Suite struct CorpusOutputTests {
  static let report = CorpusSuite.run(
    [
      CorpusSuite.Source(
        name: "a.txt",
        text: "every day => R1;FREQ=DAILY\n* every <b>\"day\"</b> & night => QA999\n@bogus\n")
    ], jobs: 1)

  /// The element names, in document order, with their attributes.
  final class Elements: NSObject, XMLParserDelegate {
    var found: [(String, [String: String])] = []
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String]
    ) {
      found.append((name, attributes))
    }
  }

  @Test func junitIsWellFormedWithATestCasePerLine() throws {
    let xml = Self.report.junit()
    let parser = XMLParser(data: Data(xml.utf8))
    let elements = Elements()
    parser.delegate = elements
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    let names = elements.found.map(\.0)
    #expect(names == ["testsuites", "testsuite", "testcase", "testcase", "failure", "testcase", "error"])
    #expect(elements.found[0].1["tests"] == "3" && elements.found[0].1["failures"] == "1")
    #expect(elements.found[0].1["errors"] == "1")
    #expect(elements.found[1].1["name"] == "a.txt" && elements.found[1].1["tests"] == "3")
    #expect(elements.found.filter { $0.0 == "testcase" }.map { $0.1["name"] } == ["a.txt:1", "a.txt:2", "a.txt:3"])
    #expect(elements.found[4].1["message"]?.hasPrefix("expected QA999, got QA") == true)
    #expect(xml.contains("phrase: every &lt;b&gt;&quot;day&quot;&lt;/b&gt; &amp; night&#10;expected: QA999&#10;"))
    #expect(elements.found[6].1["type"] == "CP101")
    #expect(Self.report.junit(onlyFailures: true).components(separatedBy: "<testcase").count == 3)
  }

  @Test func tapHasAPlanAndAPointPerLine() {
    let lines = Self.report.tap().split(separator: "\n").map(String.init)
    #expect(lines[0] == "TAP version 13")
    #expect(lines[1] == "1..3")
    #expect(lines[2] == "ok 1 - a.txt:1 every day")
    #expect(lines[3] == "not ok 2 - a.txt:2 every <b>\"day\"</b> & night")
    #expect(lines[4] == "  ---")
    #expect(lines[5].hasPrefix("  message: \"expected QA999, got QA"))
    #expect(lines[6] == "  expected: \"QA999\"")
    #expect(lines.contains { $0.hasPrefix("not ok 3 - a.txt:3") })
    #expect(lines.last == "# 1 passed, 2 failed")
    let hashes = CorpusSuite.run([CorpusSuite.Source(name: "h.txt", text: "! buy #3 \\ x\n")], jobs: 1).tap()
    #expect(hashes.contains("\nok 1 - h.txt:1 buy \\#3 \\\\ x\n"))
  }

  @Test func baselinesRoundTripAndDiff() throws {
    func run(_ text: String) -> [CorpusBaseline.Entry] {
      CorpusSuite.run([CorpusSuite.Source(name: "a.txt", text: text)], raw: true, jobs: 1).outcomes.map(
        CorpusBaseline.Entry.init)
    }
    let old = run("every day\nevery monday\nevery day\nevery fridy\n")
    let saved = CorpusBaseline.text(
      CorpusSuite.run([CorpusSuite.Source(name: "a.txt", text: "@expect R1;FREQ=DAILY\nevery day\n")], jobs: 1)
        .outcomes)
    #expect(saved.hasPrefix("{\"file\": \"a.txt\", \"line\": 2, \"section\": \"\", \"input\": \"every day\""))
    let reread = CorpusBaseline.read(CorpusBaseline.text([]) + old.map(\.json).joined(separator: "\n"), file: "b")
    #expect(reread.entries == old && reread.problems.isEmpty)
    #expect(CorpusBaseline.diff(old: old, new: old).isEmpty)

    // Inserting a line shifts line numbers but changes no reading.
    let shifted = run("every hour\nevery day\nevery monday\nevery day\nevery tuesday\n")
    let diff = CorpusBaseline.diff(old: old, new: shifted)
    #expect(diff.changed.isEmpty && diff.unchanged == 3)
    #expect(diff.added.map(\.input) == ["every hour", "every tuesday"])
    #expect(diff.removed.map(\.input) == ["every fridy"])
    try #require(old.count == 4)
    var changed = old
    changed[1].reading = "R1;FREQ=WEEKLY;BYDAY=TU"
    let text = CorpusBaseline.diff(old: changed, new: old).text(files: ["a.txt"])
    #expect(
      text == """
        == a.txt: 1 changed, 0 new, 0 removed
        a.txt:2: was R1;FREQ=WEEKLY;BYDAY=TU, now R1;FREQ=WEEKLY;BYDAY=MO [every monday]
        1 changed, 0 new, 0 removed, 3 unchanged

        """)
    #expect(CorpusBaseline.read("{\"file\": 3}\nnot json\n", file: "b").problems.map(\.line) == [1, 2])
  }

  @Test func updateKeepsLineEndingsAndDiffs() {
    let text =
      "@reference 2026-11-30T10:00\r\nevery tuesday => R1;FREQ=WEEKLY;BYDAY=MO\r\nevery day => R1;FREQ=DAILY\r\n"
    let report = CorpusSuite.run([CorpusSuite.Source(name: "a.txt", text: text)], jobs: 1)
    let (updated, changes) = CorpusUpdate.apply(report.outcomes, to: text)
    #expect(
      updated
        == "@reference 2026-11-30T10:00\r\nevery tuesday => R1;FREQ=WEEKLY;BYDAY=TU\r\nevery day => R1;FREQ=DAILY\r\n")
    #expect(
      CorpusUpdate.diff(file: "a.txt", changes)
        == "--- a.txt\n+++ a.txt\n@@ -2 +2 @@\n-every tuesday => R1;FREQ=WEEKLY;BYDAY=MO\n"
        + "+every tuesday => R1;FREQ=WEEKLY;BYDAY=TU\n")
  }
}
