import Foundation
import QuickAddParser
import RecurrenceCore
import Testing

/// Running cases: expected warnings judged, every core giving the single-core result, coverage.
@Suite struct CorpusRunTests {
  func outcome(_ line: String) -> CorpusRunner.Outcome? {
    CorpusReader.read(line, file: "t.txt").cases.first.map(CorpusRunner.run)
  }

  @Test func exactWarningSetsAreJudged() {
    #expect(outcome("? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR QA201")?.passed == true)
    #expect(outcome("? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR")?.passed == true)
    let wrong = outcome("? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR QA202")
    #expect(wrong?.failure == "expected warnings QA202, got QA201")
    let extra = outcome("? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR QA201 QA204")
    #expect(extra?.failure == "expected warnings QA201 QA204, got QA201")
    #expect(outcome("? every day => R1;FREQ=DAILY QA201")?.failure == "expected warnings QA201, got none")
    #expect(outcome("every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR")?.failure?.hasPrefix("expected no warning") == true)
  }

  @Test func theUpdatedLineNamesTheWarnings() throws {
    let o = try #require(outcome("every 3rd friday => R1;FREQ=WEEKLY"))
    #expect(CorpusRunner.updatedLine(o) == "? every 3rd friday => R1;FREQ=MONTHLY;BYDAY=3FR QA201")
  }

  @Test func everyCoreGivesTheSingleCoreResultInOrder() {
    var cases = Repository.corpus
    while cases.count < 3_000 { cases += Repository.corpus }
    let single = CorpusRunner.run(cases, jobs: 1)
    let parallel = CorpusRunner.run(cases, jobs: 4)
    #expect(single.outcomes.count == cases.count)
    #expect(single.outcomes == parallel.outcomes)
    #expect(single.coverage == parallel.coverage)
    #expect(parallel.outcomes.map(\.corpusCase) == cases)
  }

  @Test func coverageNamesWhatNoCaseExercises() throws {
    let report = CorpusSuite.run(
      [CorpusSuite.Source(name: "t.txt", text: "? every 3rd fri => R1;FREQ=MONTHLY;BYDAY=3FR\n")], jobs: 1)
    let coverage = try #require(report.coverage)
    #expect(!coverage.surfaces.unexercised.contains("fri"))
    #expect(!coverage.surfaces.unexercised.contains("every"))
    #expect(coverage.surfaces.unexercised.contains("monday"))
    #expect(!coverage.diagnosticIDs.unproduced.contains("QA201"))
    #expect(coverage.diagnosticIDs.unproduced.contains("QA104"))
    #expect(!coverage.productions.unexercised.isEmpty)
    #expect(report.coverageText().contains("diagnostic coverage: 1/"))
  }

  @Test func aSurfaceOfSeveralTokensCountsWhenTheyOccurInOrder() {
    let report = CorpusSuite.run(
      [CorpusSuite.Source(name: "t.txt", text: "every sept. 3 => R1;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=3\n")], jobs: 1)
    #expect(report.coverage?.surfaces.unexercised.contains("sept.") == false)
    #expect(report.coverage?.surfaces.unexercised.contains("sep.") == true)
  }

  /// Every ID written in `ParseDiagnostics.swift` and `TaskLineDiagnostics.swift` is in the
  /// catalogue the coverage report uses.
  @Test func theDiagnosticCatalogueListsEveryID() throws {
    let source =
      Repository.text("Sources/QuickAddParser/ParseDiagnostics.swift")
      + Repository.text("Sources/QuickAddParser/TaskLineDiagnostics.swift")
    let written = Set(
      source.split(separator: "id: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
    #expect(written.count >= 10)
    let missing = written.subtracting(ParseDiagnosticCatalog.all).sorted()
    #expect(missing.isEmpty, "add \(missing) to ParseDiagnosticCatalog")
    let stale = Set(ParseDiagnosticCatalog.all).subtracting(written).sorted()
    #expect(stale.isEmpty, "\(stale) are no longer in ParseDiagnostics.swift")
    #expect(Set(ParseDiagnosticCatalog.warnings) == Set(written.filter { $0.hasPrefix("QA2") }))
    #expect(Set(ParseDiagnosticCatalog.taskLine) == Set(written.filter { $0.hasPrefix("QA4") }))
  }

  @Test func summariesCountPerFileAndSection() {
    let report = CorpusSuite.run(
      [
        CorpusSuite.Source(
          name: "a.txt",
          text: "every day => R1;FREQ=DAILY\n## weekly\nevery monday => R1;FREQ=WEEKLY;BYDAY=TU\n@bogus\n"),
        CorpusSuite.Source(name: "b.txt", unreadable: "not UTF-8"),
      ], jobs: 1)
    #expect(report.summaries.map(\.name) == ["a.txt", "b.txt"])
    #expect(report.summaries.map(\.passed) == [1, 0])
    #expect(report.summaries.map(\.failed) == [2, 1])
    #expect(report.summaries.first?.sections.map(\.name) == ["", "weekly"])
    #expect(report.summaries.first?.sections.map(\.failed) == [0, 1])
    #expect(report.passed == 1 && report.failed == 3)
    let text = report.text()
    #expect(text.hasSuffix("1 passed, 3 failed\n"))
    #expect(text.contains("a.txt:3: expected R1;FREQ=WEEKLY;BYDAY=TU, got R1;FREQ=WEEKLY;BYDAY=MO [every monday]\n"))
    #expect(text.contains("a.txt:4:1: error[CP101]"))
    #expect(text.contains("b.txt: error[CP107]: cannot read the file: not UTF-8\n"))
    #expect(text.contains("  ## weekly: 0 passed, 1 failed\n"))
    #expect(!report.text(onlyFailures: true).contains("## (before the first section)"))
  }

  @Test func filtersChooseCases() {
    let source = CorpusSuite.Source(
      name: "Corpus/en/a.txt",
      text: "## Daily\nevery day => R1;FREQ=DAILY\n## weekly\nevery monday => R1;FREQ=WEEKLY;BYDAY=MO\n")
    func phrases(_ filter: CorpusFilter) -> [String] {
      CorpusSuite.run([source], filter: filter, jobs: 1).outcomes.map(\.corpusCase.phrase)
    }
    #expect(phrases(CorpusFilter(sections: ["daily"])) == ["every day"])
    #expect(phrases(CorpusFilter(grep: "MON")) == ["every monday"])
    #expect(phrases(CorpusFilter(files: ["b.txt"])).isEmpty)
    #expect(phrases(CorpusFilter(files: ["a.txt"])).count == 2)
    #expect(CorpusSuite.run([source], filter: CorpusFilter(grep: "x"), jobs: 1).coverage == nil)
  }
}
