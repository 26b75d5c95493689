import RecurrenceCore

/// Runs corpus cases through the parser and compares readings.
public enum CorpusRunner {
  /// The outcome of one case.
  public struct Outcome: Sendable, Hashable {
    /// The case.
    public var corpusCase: CorpusCase
    /// Nil when the case passed; otherwise "expected …, got …".
    public var failure: String?
    /// What the parser read.
    public var reading: CorpusReading
    /// The grammar productions the parse entered (bit = `Production.rawValue`).
    var productionBits: UInt64

    /// Whether the case passed.
    public var passed: Bool { failure == nil }
    /// What the parser read, in the corpus's own notation (for `--update`).
    public var actual: String { reading.summary }
    /// The marker the actual reading needs (`?`, `*`, `!` or none).
    public var actualMarker: Character? { reading.marker }
    /// The productions the parse entered.
    public var productions: Set<Production> {
      Set(Production.allCases.filter { productionBits & (1 << UInt64($0.rawValue)) != 0 })
    }
  }

  /// Runs one case, on the shared English lexicon (a worker of its own would build one per case).
  public static func run(_ c: CorpusCase) -> Outcome {
    var worker = Worker.onSharedLexicon
    return run(c, on: &worker)
  }

  /// What one thread keeps between cases: the coverage so far and the round trips already checked.
  struct Worker {
    var coverage = CorpusCoverage()
    /// The thread's own copy of the lexicon: threads sharing one would contend on its reference count.
    let lexicon: Lexicon
    /// The thread's own lexicon probe, over that copy.
    let probe: LexiconProbe
    /// Canonical text and round-trip failure per packed rule and reference: the check gives the
    /// same answer for the same rule read against the same date, so it is made once.
    var roundTrips: [RoundTripKey: (text: String?, failure: String?)] = [:]

    struct RoundTripKey: Hashable {
      var packed: String
      var reference: LocalDateTime
    }

    init() {
      lexicon = Lexicon(Lexicon.englishEntries)
      probe = LexiconProbe(lexicon)
    }

    private init(lexicon: Lexicon, probe: LexiconProbe) {
      self.lexicon = lexicon
      self.probe = probe
    }

    /// A worker on the shared English lexicon and probe, for a single case.
    static var onSharedLexicon: Worker { Worker(lexicon: .english, probe: .english) }

    /// The most round trips remembered; past it the memory starts again.
    static let memoryLimit = 200_000
  }

  /// Runs one case on a thread's worker.
  static func run(_ c: CorpusCase, on worker: inout Worker) -> Outcome {
    if case .taskLine(let expected) = c.expected { return runTaskLine(c, expected: expected, on: &worker) }
    let context = ParseContext(now: c.reference)
    let result = PhraseParser.parse(c.phrase, context: context, lexicon: worker.lexicon)
    worker.coverage.add(c.phrase, result, probe: worker.probe)
    var warnings = result.warnings.map(\.id)
    if warnings.count > 1 { warnings = Set(warnings).sorted() }
    let reading: CorpusReading
    var failure: String?
    if let rule = result.rule {
      let packed = rule.packed
      let key = Worker.RoundTripKey(packed: packed, reference: c.reference)
      let check: (text: String?, failure: String?)
      if let known = worker.roundTrips[key] {
        check = known
      } else {
        let text = rule.canonicalText
        check = (text, roundTripFailure(rule, packed: packed, text: text, context: context, lexicon: worker.lexicon))
        if worker.roundTrips.count >= Worker.memoryLimit { worker.roundTrips.removeAll(keepingCapacity: true) }
        worker.roundTrips[key] = check
      }
      reading = CorpusReading(kind: .rule, result: packed, warnings: warnings, text: check.text)
      failure = check.failure
    } else if let e = result.errors.first {
      reading = CorpusReading(kind: .error, result: "\(e.id) @\(e.range)", warnings: warnings)
    } else {
      reading = CorpusReading(kind: .none, result: "no rule", warnings: warnings)
    }
    if failure == nil { failure = judge(c.expected, reading, result) }
    return Outcome(corpusCase: c, failure: failure, reading: reading, productionBits: result.productionBits)
  }

  /// Every accepted rule must also round-trip through the codec and its canonical text.
  static func roundTripFailure(
    _ rule: RecurrenceRule, packed: String, text: String?, context: ParseContext, lexicon: Lexicon
  ) -> String? {
    if (try? PackedRule.decode(packed)) != rule { return "packed round trip failed for \(packed)" }
    if let text {
      let again = PhraseParser.parse(text, context: context, lexicon: lexicon).rule
      if again != rule { return "canonical text '\(text)' reads back as \(again?.packed ?? "an error")" }
    }
    return nil
  }

  /// Nil when `reading` meets `expected`; otherwise what differs.
  static func judge(_ expected: CorpusCase.Expectation, _ reading: CorpusReading, _ result: PhraseResult) -> String? {
    switch expected {
    case .rule(let packed, let warnings):
      if reading.kind != .rule {
        return "expected \(packed), got \(reading.result): \(result.errors.first?.message ?? "")"
      }
      if reading.result != packed { return "expected \(packed), got \(reading.result)" }
      switch warnings {
      case .none:
        if reading.warnings.isEmpty { return nil }
        return "expected no warning, got \(result.warnings.map(\.description).joined(separator: "; "))"
      case .any:
        return reading.warnings.isEmpty ? "expected a warning, got none" : nil
      case .exactly(let ids):
        if ids == reading.warnings { return nil }
        let got = reading.warnings.isEmpty ? "none" : reading.warnings.joined(separator: " ")
        return "expected warnings \(ids.joined(separator: " ")), got \(got)"
      }
    case .error(let id, let range):
      guard reading.kind == .error, let e = result.errors.first else { return "expected \(id), got \(reading.result)" }
      if e.id != id || (range != nil && range != e.range) {
        return "expected \(id)\(range.map { " @\($0)" } ?? ""), got \(reading.result): \(e.message)"
      }
      return nil
    case .negative:
      return reading.kind == .rule ? "expected no recurrence, got \(reading.result)" : nil
    case .unannotated, .taskLine:
      return nil
    }
  }

  /// Runs a task-line case: the whole reading, field by field.
  static func runTaskLine(_ c: CorpusCase, expected: String, on worker: inout Worker) -> Outcome {
    let line = TaskLineParser.parse(c.phrase, options: TaskLineOptions(now: c.reference))
    worker.coverage.add(taskLine: c.phrase, line, probe: worker.probe)
    let actual = CorpusTaskLine.render(line)
    let reading = CorpusReading(kind: .taskLine, result: actual)
    return Outcome(
      corpusCase: c, failure: CorpusTaskLine.judge(expected: expected, actual: actual), reading: reading,
      productionBits: line.productionBits)
  }

  /// The corpus line rewritten to the actual reading, for `--update`.
  public static func updatedLine(_ o: Outcome) -> String { o.reading.line(for: o.corpusCase.phrase) }
}
