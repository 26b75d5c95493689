import QuickAddParser

/// `corpus --format json`: one JSON object with the counts, failures, summaries and coverage.
enum CorpusJSONReport {
  static func text(_ report: CorpusReport, onlyFailures: Bool) -> String {
    let failures = report.outcomes.filter { !$0.passed }
    func tally(_ t: CorpusReport.Tally) -> JSONValue {
      .object([("name", .string(t.name)), ("passed", .number(t.passed)), ("failed", .number(t.failed))])
    }
    var pairs: [(String, JSONValue)] = [
      ("passed", .number(report.passed)), ("failed", .number(report.failed)),
      (
        "failures",
        .array(
          failures.map {
            .object([
              ("file", .string($0.corpusCase.file)), ("line", .number($0.corpusCase.line)),
              ("phrase", .string($0.corpusCase.phrase)), ("message", .string($0.failure ?? "")),
              ("actual", .string(CorpusRunner.updatedLine($0))),
            ])
          })
      ),
      (
        "problems",
        .array(
          report.problems.map {
            .object([
              ("file", .string($0.file)), ("line", .number($0.line)), ("column", .number($0.column)),
              ("id", .string($0.id)), ("message", .string($0.message)),
            ])
          })
      ),
      (
        "files",
        .array(
          report.summaries.filter { !onlyFailures || $0.failed > 0 }.map { file in
            .object([
              ("name", .string(file.name)), ("passed", .number(file.passed)), ("failed", .number(file.failed)),
              ("sections", .array(file.sections.filter { !onlyFailures || $0.failed > 0 }.map(tally))),
            ])
          })
      ),
    ]
    if let coverage = report.coverage {
      pairs += [
        ("unexercised", .array(coverage.productions.unexercised.map { .string($0.name) })),
        ("unexercisedLexicon", .array(coverage.surfaces.unexercised.map(JSONValue.string))),
        ("unproducedIDs", .array(coverage.diagnosticIDs.unproduced.map(JSONValue.string))),
      ]
    }
    return JSONValue.object(pairs).text + "\n"
  }
}
