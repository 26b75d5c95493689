import Foundation
import QuickAddParser
import RecurrenceCore

/// Parse + resolve of every phrase in the corpus, median ns per phrase.
enum ParserBenchmark {
  /// The corpus files of the first language wave (810 cases), for a figure comparable with the
  /// earlier release's.
  static let firstWave: Set<String> = [
    "completion.txt", "daily.txt", "errors.txt", "monthly.txt", "negative.txt", "spans.txt", "times.txt",
    "todoist.txt", "weekly.txt", "yearly.txt",
  ]

  static func phrases(only: Set<String>? = nil) -> [String] {
    let folder = "Corpus/en"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasSuffix(".txt") && (only?.contains($0) ?? true)
    }
    return files.sorted().flatMap { name -> [String] in
      guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8),
        let cases = try? CorpusReader.cases(in: text, file: name)
      else { return [] }
      return cases.map(\.phrase)
    }
  }

  static func run() {
    let all = phrases()
    guard !all.isEmpty else {
      print("parser: no corpus found (run from the repository root)\n")
      return
    }
    let context = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
    // Median over per-phrase medians: each phrase parsed many times.
    var perPhrase: [Double] = []
    for phrase in all {
      perPhrase.append(
        Measure.median(batches: 5, perBatch: 200) {
          PhraseParser.parse(phrase, context: context).rule?.interval ?? 0
        })
    }
    perPhrase.sort()
    let median = perPhrase[perPhrase.count / 2]
    var firstWave: [Double] = []
    for phrase in phrases(only: Self.firstWave) {
      firstWave.append(
        Measure.median(batches: 5, perBatch: 200) {
          PhraseParser.parse(phrase, context: context).rule?.interval ?? 0
        })
    }
    firstWave.sort()
    let p90 = perPhrase[perPhrase.count * 9 / 10]
    let whole = Measure.median(batches: 9, perBatch: 1) {
      var n = 0
      for p in all { n &+= PhraseParser.parse(p, context: context).rule?.interval ?? 0 }
      return n
    }
    let long = String(repeating: "every day ", count: 99)
    // A valid phrase growing to the cap: a list of times.
    func times(_ n: Int) -> String {
      "every day at " + (0..<n).map { "\($0 % 24):\($0 % 60 < 10 ? "0" : "")\($0 % 60)" }.joined(separator: ", ")
    }
    let short = times(10)
    let longest = times(140)
    let shortCost = Measure.median(batches: 9, perBatch: 200) {
      PhraseParser.parse(short, context: context).diagnostics.count
    }
    let longestCost = Measure.median(batches: 9, perBatch: 50) {
      PhraseParser.parse(longest, context: context).diagnostics.count
    }
    let longCost = Measure.median(batches: 9, perBatch: 100) {
      PhraseParser.parse(long, context: context).diagnostics.count
    }
    let overLong = String(repeating: "x", count: 100_000)
    let overLongCost = Measure.median(batches: 9, perBatch: 100) {
      PhraseParser.parse(overLong, context: context).diagnostics.count
    }
    print("## Parser: parse + resolve of the corpus (\(all.count) phrases, release build)\n")
    print(Measure.row(["measure", "value"]))
    print(Measure.row(["---", "---:"]))
    print(Measure.row(["median per phrase", Measure.format(median)]))
    if !firstWave.isEmpty {
      print(
        Measure.row([
          "median per phrase, first-wave files only (\(firstWave.count) phrases)",
          Measure.format(firstWave[firstWave.count / 2]),
        ]))
    }
    print(Measure.row(["90th percentile per phrase", Measure.format(p90)]))
    print(
      Measure.row(["phrases per second (whole corpus)", String(format: "%.0f", Double(all.count) / (whole / 1e9))]))
    print(Measure.row(["990-character phrase (cap is 1000)", Measure.format(longCost)]))
    print(Measure.row(["\(short.count)-character list of times", Measure.format(shortCost)]))
    print(Measure.row(["\(longest.count)-character list of times", Measure.format(longestCost)]))
    print(Measure.row(["100,000-character input, rejected", Measure.format(overLongCost)]))
    print("\nTarget: at most 1.5 µs median per phrase; Python's recurrent takes about 450 µs.\n")
  }
}

extension ParserBenchmark {
  /// Parses a few typical phrases many times, or with `corpus` every corpus phrase, for a
  /// profiler.
  static func profile(corpus: Bool = false, phrase: String? = nil) {
    let context = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
    if corpus {
      let all = phrases()
      var n = 0
      for _ in 0..<20 { for p in all { n &+= PhraseParser.parse(p, context: context).rule?.interval ?? 0 } }
      print(n)
      return
    }
    let phrases =
      phrase.map { [$0, $0, $0, $0] } ?? [
        "every monday at 9am", "every 3 months on the last weekday", "every other tue, thu at 7:30",
        "3 days after done",
      ]
    var n = 0
    for i in 0..<40_000 { n &+= PhraseParser.parse(phrases[i & 3], context: context).rule?.interval ?? 0 }
    print(n)
  }
}

extension ParserBenchmark {
  /// `parser-files`: the median per phrase of each corpus file, then the 40 slowest phrases,
  /// so that a change's cost shows where it falls (refusals read a line for an embedded rule).
  static func perFile() {
    let context = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
    let folder = "Corpus/en"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".txt") }
    var all: [(ns: Double, phrase: String)] = []
    print("## Parser: median per phrase of each corpus file (release build)\n")
    print(Measure.row(["file", "phrases", "median"]))
    print(Measure.row(["---", "---:", "---:"]))
    for name in files.sorted() {
      guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8),
        let cases = try? CorpusReader.cases(in: text, file: name), !cases.isEmpty
      else { continue }
      var times: [Double] = []
      for c in cases {
        let ns = Measure.median(batches: 3, perBatch: 100) {
          PhraseParser.parse(c.phrase, context: context).rule?.interval ?? 0
        }
        times.append(ns)
        all.append((ns, c.phrase))
      }
      times.sort()
      print(Measure.row([name, String(times.count), Measure.format(times[times.count / 2])]))
    }
    print("\nThe 40 slowest phrases:\n")
    for (ns, phrase) in all.sorted(by: { $0.ns > $1.ns }).prefix(40) { print("- \(Measure.format(ns)) `\(phrase)`") }
    print()
  }
}
