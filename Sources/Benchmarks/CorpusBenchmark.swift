import Foundation
import QuickAddParser
import RecurrenceCore

/// `quickadd-bench corpus [N]`: the corpus run over N generated annotated phrases (default a
/// million), on every core against one core in the same process.
///
/// The phrases come from templates with random numbers, weekdays, months and times, so nearly
/// all are distinct; they are annotated with the parser's own readings before timing. What is
/// timed is the whole run a `quickadd corpus` makes after reading the file: reading the lines,
/// parsing and checking every case (round trips included), coverage, and the text report.
/// `quickadd-bench corpus-write PATH [N]` writes such a file, to time the command itself.
enum CorpusBenchmark {
  static func run(count: Int, errors: Bool) {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let start = DispatchTime.now().uptimeNanoseconds
    let text = generate(count: count, jobs: cores, errors: errors)
    let generation = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let source = [CorpusSuite.Source(name: "generated.txt", text: text)]
    var readings: Set<String> = []
    var phrases: Set<String> = []
    for line in text.split(separator: "\n") {
      guard let arrow = line.range(of: " => ") else { continue }
      phrases.insert(String(line[..<arrow.lowerBound]))
      readings.insert(String(line[arrow.upperBound...]))
    }
    // Alternating rounds, every core then one, so drift in the shared machine hits both alike.
    var samples: [Int: [(wall: Double, cpu: Double)]] = [:]
    var outputs: Set<String> = []
    var last = ""
    for _ in 0..<3 {
      for jobs in [cores, 1] {
        let wall = DispatchTime.now().uptimeNanoseconds
        let cpu = cpuSeconds()
        let report = CorpusSuite.run(source, jobs: jobs)
        last = report.text()
        samples[jobs, default: []].append(
          (Double(DispatchTime.now().uptimeNanoseconds - wall) / 1e9, cpuSeconds() - cpu))
        outputs.insert(last)
      }
    }
    // The reference: the parser alone (parse + resolve of every phrase, one thread), CPU time.
    let cases = CorpusReader.read(text, file: "generated.txt").cases
    let parseCPU = cpuSeconds()
    for c in cases {
      Measure.sink &+= PhraseParser.parse(c.phrase, context: ParseContext(now: c.reference)).diagnostics.count
    }
    let parserAlone = cpuSeconds() - parseCPU
    // The same, split: phrases read as errors against the others, per phrase.
    var errorCases: [CorpusCase] = []
    var otherCases: [CorpusCase] = []
    for c in cases {
      if case .error = c.expected { errorCases.append(c) } else { otherCases.append(c) }
    }
    func perPhrase(_ list: [CorpusCase]) -> String {
      guard !list.isEmpty else { return "none" }
      let before = cpuSeconds()
      for c in list {
        Measure.sink &+= PhraseParser.parse(c.phrase, context: ParseContext(now: c.reference)).diagnostics.count
      }
      return String(format: "%.1f µs", (cpuSeconds() - before) * 1e6 / Double(list.count))
    }
    let errorCost = perPhrase(errorCases)
    let otherCost = perPhrase(otherCases)
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    let wallAll = median(samples[cores, default: []].map(\.wall))
    let cpuAll = median(samples[cores, default: []].map(\.cpu))
    let wallOne = median(samples[1, default: []].map(\.wall))
    let cpuOne = median(samples[1, default: []].map(\.cpu))
    let n = Double(count)
    let mix = errors ? "about 1 in 8 an error or a task title" : "accepted phrases only"
    print("## Corpus run: \(count) generated annotated phrases, \(mix) (release build, \(cores) cores)\n")
    print("\(phrases.count) distinct phrases, \(readings.count) distinct readings.\n")
    print(Measure.row(["measure", "\(cores) threads", "1 thread"]))
    print(Measure.row(["---", "---:", "---:"]))
    print(Measure.row(["whole run, wall clock (median of 3)", seconds(wallAll), seconds(wallOne)]))
    print(Measure.row(["whole run, CPU time of every thread", seconds(cpuAll), seconds(cpuOne)]))
    print(Measure.row(["phrases per second", rate(n / wallAll), rate(n / wallOne)]))
    print(Measure.row(["phrases per second per core (wall)", rate(n / wallAll / Double(cores)), rate(n / wallOne)]))
    print(Measure.row(["phrases per CPU second", rate(n / cpuAll), rate(n / cpuOne)]))
    print(Measure.row(["the parser alone, CPU time (reference)", "", seconds(parserAlone)]))
    print(Measure.row(["the parser alone per error phrase / per other phrase", "", "\(errorCost) / \(otherCost)"]))
    print(
      "\nSpeed-up of \(cores) threads over 1: \(String(format: "%.2f", wallOne / wallAll))× (wall clock); "
        + "reports identical: \(outputs.count == 1 ? "yes" : "NO"); last line '\(last.split(separator: "\n").last ?? "")'; "
        + String(format: "generating and annotating took %.1f s (not timed). ", generation)
        + String(format: "The parser alone takes %.0f%% of the one-thread run's CPU time.", 100 * parserAlone / cpuOne))
    print(
      "Target: a million phrases in under 2 s on every core. When other work shares the machine, "
        + "CPU time (phrases per CPU second) is the steadier figure.\n")
  }

  static func seconds(_ s: Double) -> String { String(format: "%.2f s", s) }
  static func rate(_ r: Double) -> String { String(format: "%.0f", r) }

  /// User and system CPU time of the process so far, in seconds (every thread).
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  /// Writes a generated corpus to `path`.
  static func write(to path: String, count: Int, errors: Bool) {
    let text = generate(count: count, jobs: ProcessInfo.processInfo.activeProcessorCount, errors: errors)
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      print("wrote \(count) annotated phrases to \(path)")
    } catch {
      print("cannot write \(path): \(error)")
    }
  }

  /// A corpus text of `count` generated phrases annotated with their readings, in sections of 1,000.
  static func generate(count: Int, jobs: Int, errors: Bool = true) -> String {
    var random = SplitMix(seed: 13)
    var phrases: [String] = []
    phrases.reserveCapacity(count)
    for _ in 0..<count { phrases.append(phrase(&random, errors: errors)) }
    let cases = phrases.enumerated().map {
      CorpusCase(file: "generated.txt", line: $0.offset + 1, phrase: $0.element, expected: .unannotated)
    }
    let outcomes = CorpusRunner.run(cases, jobs: jobs).outcomes
    var text = "@reference 2026-11-30T10:00\n@locale en\n"
    text.reserveCapacity(count * 48)
    for (i, o) in outcomes.enumerated() {
      if i % 1_000 == 0 { text += "\n## generated \(i / 1_000 + 1)\n" }
      text += CorpusRunner.updatedLine(o) + "\n"
    }
    return text
  }

  static let every = ["every", "each", "every", "evry", "ev"]
  static let weekdays = [
    ["monday", "mon", "mon.", "mo"], ["tuesday", "tue", "tues", "tu"], ["wednesday", "wed", "weds", "we"],
    ["thursday", "thu", "thurs", "th"], ["friday", "fri", "fri.", "fr"], ["saturday", "sat", "sat.", "sa"],
    ["sunday", "sun", "sun.", "su"],
  ]
  static let months = [
    ["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may", "may"], ["jun", "june"],
    ["jul", "july"], ["aug", "august"], ["sep", "september"], ["oct", "october"], ["nov", "november"],
    ["dec", "december"],
  ]
  static let ordinals = [
    ["1st", "first"], ["2nd", "second"], ["3rd", "third"], ["4th", "fourth"], ["last", "last"],
  ]
  static let titles = ["call mom", "pay rent", "buy 3 apples", "email bob re 4 items", "read chapter 12"]

  /// One phrase from a template: a reading (a rule) written in one of its many spellings.
  ///
  /// Like a real corpus, many phrases are paraphrases of one reading: about one phrase in
  /// eight is an error or a task title when `errors` is set.
  static func phrase(_ r: inout SplitMix, errors: Bool) -> String {
    func pick(_ words: [String]) -> String { words[r.next(0...words.count - 1)] }
    let ev = pick(every)
    let n = r.next(2...12)
    let h = r.next(1...12)
    let m = [0, 30][r.next(0...1)]
    let pm = r.next(0...1) == 1
    let time: String
    switch r.next(0...4) {
    case 0: time = "at \(h)\(pm ? "pm" : "am")"
    case 1: time = "at \(h):\(m == 0 ? "00" : "30")\(pm ? "pm" : "am")"
    case 2: time = "at \(h + (pm ? 12 : 0) == 24 ? 12 : h + (pm ? 12 : 0)):\(m == 0 ? "00" : "30")"
    case 3: time = "@ \(h)\(pm ? "pm" : "am")"
    default: time = "\(h):\(m == 0 ? "00" : "30") \(pm ? "pm" : "am")"
    }
    let d1 = r.next(0...6)
    let d2 = (d1 + r.next(1...6)) % 7
    let w1 = pick(weekdays[d1])
    let w2 = pick(weekdays[d2])
    let month = pick(months[r.next(0...11)])
    let day = r.next(1...28)
    let dayText = [
      String(day),
      "\(day)\(day == 1 || day == 21 ? "st" : day == 2 || day == 22 ? "nd" : day == 3 || day == 23 ? "rd" : "th")",
    ][r.next(0...1)]
    var template = r.next(0...15)
    if !errors, template == 9 || template == 10 { template = 0 }
    switch template {
    case 0: return "\(ev) \(n) days \(time)"
    case 1: return "\(ev) \(w1) and \(w2) \(time)"
    case 2: return "\(ev) \(pick(ordinals[r.next(0...4)])) \(w1) \(time)"
    case 3: return "\(ev) \(month) \(dayText) \(time)"
    case 4: return "\(ev) \(n) weeks on \(w1) starting \(month) \(dayText)"
    case 5: return "\(ev) day \(time) until \(month) \(dayText)"
    case 6: return "\(ev) \(dayText) of the month \(time)"
    case 7: return "every! \(n) days"
    case 8: return "\(n) days after done \(time)"
    case 9: return "\(pick(titles)) \(n)"
    case 10: return "\(ev) \(n) dyas \(time)"
    case 11: return "\(ev) other \(w1) \(time)"
    case 12: return "\(ev) \(n) hours"
    case 13: return "\(ev) \(w1), \(w2) and \(pick(weekdays[(d2 + 1) % 7]))"
    case 14: return "\(ev) weekday \(time) for \(r.next(2...9)) weeks"
    default: return "\(ev) \(n) months on the \(dayText) \(r.next(2...9)) times"
    }
  }

  /// A small deterministic generator, so every run times the same corpus.
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(_ range: ClosedRange<Int>) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return range.lowerBound + Int(z % UInt64(range.count))
    }
  }
}
