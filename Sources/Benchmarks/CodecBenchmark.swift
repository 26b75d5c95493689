import Foundation
import QuickAddParser
import RecurrenceCore

/// The packed codec against `JSONEncoder`/`JSONDecoder` of the same rules, in the same run.
enum CodecBenchmark {
  static let rules: [RecurrenceRule] = [
    RecurrenceRule(.daily, times: [TimeOfDay(hour: 9)]),
    RecurrenceRule(
      .weekly, weekdays: [.every(.monday), .every(.wednesday), .every(.friday)], times: [TimeOfDay(hour: 9)]),
    RecurrenceRule(.monthly, daysOfTheMonth: [31], times: [TimeOfDay(hour: 9)], timeZone: "America/New_York"),
    RecurrenceRule(.monthly, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) }, setPositions: [-1]),
    RecurrenceRule(.daily, interval: 3, anchor: .afterCompletion),
    RecurrenceRule(.yearly, daysOfTheMonth: [29], months: [2]),
    RecurrenceRule(
      .weekly, interval: 2, weekdays: [.every(.tuesday), .every(.thursday)],
      times: [TimeOfDay(hour: 7, minute: 30)], start: LocalDateTime(year: 2026, month: 8, day: 3),
      end: .afterDate(LocalDateTime(year: 2027, month: 6, day: 30, hour: 23, minute: 59, second: 59))),
    RecurrenceRule(.monthly, interval: 3, weekdays: [.nth(1, .friday)], end: .afterOccurrences(5)),
  ]

  static func run() {
    print("## Packed codec: encode + decode per rule, against JSONEncoder + JSONDecoder\n")
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    measure(rules, title: "A mix of \(rules.count) rules (zoned, dated, counted)", encoder: encoder, decoder: decoder)
    let corpus = corpusRules()
    measure(
      corpus, title: "Every distinct corpus rule (\(corpus.count) rules; the issue's measure)", encoder: encoder,
      decoder: decoder)
    print("Targets: under 300 ns for encode and decode together, at least 100× JSON.\n")
  }

  /// Encode + decode against JSON in alternating rounds, then encode alone and decode alone,
  /// cycling through `rules`; prints a table.
  static func measure(_ rules: [RecurrenceRule], title: String, encoder: JSONEncoder, decoder: JSONDecoder) {
    guard !rules.isEmpty else { return }
    // Both sides cycle through the rules the same way (no division in the loop) and read them
    // in place (a copy out of the array would be the harness's work, not the codec's).
    var index = 0
    func next() -> Int {
      index = index + 1 == rules.count ? 0 : index + 1
      return index
    }
    let texts = rules.map(\.packed)
    let (packed, json, ratio, encodeOnly, decodeOnly) = rules.withUnsafeBufferPointer { rules in
      let (packed, json, ratio) = Measure.compare(
        rounds: 15, oursPerRound: 20_000, theirsPerRound: 200,
        ours: { interval(ofPacked: rules[next()].packed) },
        theirs: {
          guard let data = try? encoder.encode(rules[next()]) else { return 0 }
          return (try? decoder.decode(RecurrenceRule.self, from: data))?.interval ?? 0
        })
      let encodeOnly = Measure.median(batches: 41, perBatch: 20_000) { rules[next()].packed.utf8.count }
      let decodeOnly = Measure.median(batches: 41, perBatch: 20_000) { interval(ofPacked: texts[next()]) }
      return (packed, json, ratio, encodeOnly, decodeOnly)
    }
    let same = rules.allSatisfy { (try? PackedRule.decode($0.packed)) == $0 }
    print("### \(title)\n")
    print(Measure.row(["work", "packed", "JSON (Foundation)", "speed-up"]))
    print(Measure.row(["---", "---:", "---:", "---:"]))
    print(
      Measure.row([
        "encode + decode", Measure.format(packed), Measure.format(json), String(format: "%.0f×", ratio),
      ]))
    print(Measure.row(["encode alone", Measure.format(encodeOnly), "", ""]))
    print(Measure.row(["decode alone", Measure.format(decodeOnly), "", ""]))
    print("\nRound trip exact on every rule: \(same).\n")
  }
}

extension CodecBenchmark {
  /// Every distinct rule the corpus phrases read as, in corpus order.
  static func corpusRules() -> [RecurrenceRule] {
    let context = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
    var seen = Set<String>()
    var corpus: [RecurrenceRule] = []
    for phrase in ParserBenchmark.phrases() {
      guard let rule = PhraseParser.parse(phrase, context: context).rule, seen.insert(rule.packed).inserted else {
        continue
      }
      corpus.append(rule)
    }
    return corpus
  }

  /// The interval of a decoded rule, or 0: uses the rule where it lands (an optional would
  /// copy it out first, which is the harness's cost, not the decoder's).
  @inline(__always)
  static func interval(ofPacked text: String) -> Int {
    do {
      let rule = try PackedRule.decode(text)
      return rule.interval
    } catch {
      return 0
    }
  }

  /// Runs only the packed codec, for a profiler: 80,000 round trips over the 8-rule mix
  /// (`encode-only` or `decode-only` for one side; `text PACKED` decodes that text instead),
  /// or over every corpus rule (`corpus`).
  static func profile() {
    if CommandLine.arguments.contains("corpus") {
      let corpus = corpusRules()
      var acc = 0
      corpus.withUnsafeBufferPointer { rules in
        for i in 0..<80_000 { acc &+= interval(ofPacked: rules[i % rules.count].packed) }
      }
      print(acc)
      return
    }
    var texts = rules.map(\.packed)
    let arguments = CommandLine.arguments
    if let i = arguments.firstIndex(of: "text"), i + 1 < arguments.count {
      texts = Array(repeating: arguments[i + 1], count: 8)
    }
    var acc = 0
    let decodeOnly = CommandLine.arguments.contains("decode-only")
    let encodeOnly = CommandLine.arguments.contains("encode-only")
    for i in 0..<80_000 {
      let rule = rules[i & 7]
      if !decodeOnly { acc &+= rule.packed.utf8.count }
      if !encodeOnly { acc &+= interval(ofPacked: texts[i & 7]) }
    }
    print(acc)
  }
}
