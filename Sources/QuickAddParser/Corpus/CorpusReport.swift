import RecurrenceCore

/// The result of a corpus run, ready to print: outcomes, malformed lines, summaries, coverage.
public struct CorpusReport: Sendable {
  /// The outcomes, in file and line order.
  public var outcomes: [CorpusRunner.Outcome]
  /// Malformed lines and unreadable files.
  public var problems: [CorpusFormatError]
  /// What the run exercised; nil when a filter chose part of the corpus (coverage would mislead).
  public var coverage: CorpusCoverage?
  /// The files, in the order they were read (including those that could not be).
  public var files: [String]

  /// Creates a report.
  public init(
    outcomes: [CorpusRunner.Outcome], problems: [CorpusFormatError], coverage: CorpusCoverage?, files: [String]
  ) {
    self.outcomes = outcomes
    self.problems = problems
    self.coverage = coverage
    self.files = files
  }

  /// The cases that passed.
  public var passed: Int { outcomes.reduce(0) { $0 + ($1.passed ? 1 : 0) } }
  /// The cases that failed, plus the malformed lines and unreadable files.
  public var failed: Int { outcomes.count - passed + problems.count }

  /// Passed and failed counts of one file or one `##` section.
  public struct Tally: Sendable, Hashable {
    /// The file's path, or the section's title (empty for lines before the first section).
    public var name: String
    /// Cases that passed.
    public var passed = 0
    /// Cases that failed, and malformed lines.
    public var failed = 0
    /// The sections of a file, in order; empty for a section.
    public var sections: [Tally] = []
  }

  /// Per file, and within it per `##` section, passed and failed counts, in file order.
  public var summaries: [Tally] {
    var index: [String: Int] = [:]
    var out: [Tally] = []
    for f in files where index[f] == nil {
      index[f] = out.count
      out.append(Tally(name: f))
    }
    var sectionIndex: [String: [String: Int]] = [:]
    // Cases come file by file and section by section: look up only when either changes.
    var last: (file: String, section: String, i: Int, s: Int)?
    for o in outcomes {
      let file = o.corpusCase.file
      let section = o.corpusCase.section
      let i: Int
      let s: Int
      if let l = last, l.file == file, l.section == section {
        (i, s) = (l.i, l.s)
      } else {
        guard let found = index[file] else { continue }
        i = found
        if let known = sectionIndex[file]?[section] {
          s = known
        } else {
          s = out[i].sections.count
          sectionIndex[file, default: [:]][section] = s
          out[i].sections.append(Tally(name: section))
        }
        last = (file, section, i, s)
      }
      if o.passed {
        out[i].passed += 1
        out[i].sections[s].passed += 1
      } else {
        out[i].failed += 1
        out[i].sections[s].failed += 1
      }
    }
    for p in problems {
      if let i = index[p.file] { out[i].failed += 1 }
    }
    return out
  }

  /// What the expectation of a case is, in words, for failure reports.
  public static func expected(_ c: CorpusCase) -> String {
    switch c.expected {
    case .rule(let packed, .none): return packed
    case .rule(let packed, .any): return "\(packed) with a warning"
    case .rule(let packed, .exactly(let ids)): return ([packed] + ids).joined(separator: " ")
    case .error(let id, let range): return id + (range.map { " @\($0)" } ?? "")
    case .negative: return "no recurrence"
    case .unannotated: return "anything"
    case .taskLine(let fields): return fields
    }
  }
}

extension CorpusReport {
  /// The plain-text report; its last line is `N passed, N failed`.
  ///
  /// - Parameter onlyFailures: list only the files and sections that have failures.
  public func text(onlyFailures: Bool = false) -> String {
    var out = ""
    for line in failureLines() { out += line + "\n" }
    for t in summaries where !onlyFailures || t.failed > 0 {
      out += "\(TerminalText.escaped(t.name)): \(t.passed) passed, \(t.failed) failed\n"
      for s in t.sections where (!onlyFailures || s.failed > 0) && !(s.name.isEmpty && t.sections.count == 1) {
        let title = s.name.isEmpty ? "(before the first section)" : TerminalText.escaped(s.name)
        out += "  ## \(title): \(s.passed) passed, \(s.failed) failed\n"
      }
    }
    out += coverageText()
    out += "\(passed) passed, \(failed) failed\n"
    return out
  }

  /// Failures and malformed lines in file and line order: `file:line: expected …, got … [phrase]`.
  func failureLines() -> [String] {
    let order = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    var lines: [(file: Int, line: Int, text: String)] = []
    for o in outcomes {
      guard let failure = o.failure else { continue }
      let c = o.corpusCase
      let text = "\(c.file):\(c.line): \(failure) [\(c.phrase)]"
      lines.append((order[c.file] ?? Int.max, c.line, TerminalText.escaped(text, limit: Int.max)))
    }
    for p in problems { lines.append((order[p.file] ?? Int.max, p.line, p.rendered)) }
    // A stable sort: a malformed line never shares its number with a case.
    return lines.enumerated().sorted {
      ($0.element.file, $0.element.line, $0.offset) < ($1.element.file, $1.element.line, $1.offset)
    }.map(\.element.text)
  }

  /// The coverage lines: grammar productions, lexicon surface forms, diagnostic IDs.
  public func coverageText() -> String {
    guard let coverage else { return "coverage: not computed for part of the corpus\n" }
    let productions = coverage.productions
    let surfaces = coverage.surfaces
    let ids = coverage.diagnosticIDs
    func line(_ title: String, _ all: Int, _ missing: [String], _ unit: String, _ verb: String) -> String {
      "\(title): \(all - missing.count)/\(all) \(unit)"
        + (missing.isEmpty ? "\n" : "; \(verb): \(missing.joined(separator: ", "))\n")
    }
    return line(
      "grammar coverage", productions.all.count, productions.unexercised.map(\.name), "productions", "never exercised")
      + line("lexicon coverage", surfaces.all.count, surfaces.unexercised, "surface forms", "in no case")
      + line("diagnostic coverage", ids.all.count, ids.unproduced, "IDs", "never produced")
  }
}
