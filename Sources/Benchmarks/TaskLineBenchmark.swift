import Foundation
import QuickAddParser
import RecurrenceCore

/// `quickadd-bench line`: per-line latency of the task-line parser over the quick-add corpus,
/// against the phrase parser over the recurrence corpus in the same run, and how the cost grows
/// with the length of a line.
enum TaskLineBenchmark {
  /// The reference every line is read against: Monday 2026-11-30 10:00 in New York.
  static let options = TaskLineOptions(
    now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10), zone: Zone(identifier: "America/New_York"))

  /// Lines of every kind, for when the quick-add corpus is not there.
  static let builtIn = [
    "Buy milk", "Call mom tom", "Pay bills by friday", "Dentist next friday at 3pm", "Renew passport jan 27",
    "Invoice 27/1", "Taxes end of month", "Check oven in 2 hours", "Party fri @ 7pm", "Call tomorrow at 5pm",
    "Water plants every 3 days", "every monday at 9am standup", "Standup at 9:30 on weekdays #Work",
    "Pay rent every month on the 1st at 9am #Home @bills p1", "Review every! 2 weeks", "Gym mon wed fri 7am",
    "Write report #Work /Admin @email @urgent p1 +Lucile {march 30} // draft first", "Meeting for 1h30 tomorrow",
    "Call bank tomorrow !30 min before !14:00", "* Read mail every morning", "\"Create monthly report\" every friday",
    "Call mom, tomorrow, about dinner", "Lunch tomorrow, dinner friday", "Buy milk no date", "Learn C# @study",
    "Mail bob@example.com re invoice #4", "Read https://example.com/a // later", "Clean 2nd floor", "Call Tom",
    "Catch 11:30 train", "Plan June trip #Travel", "Route 66 trip p3",
  ]

  /// The task lines of `Corpus/en/quickadd/*.txt` (a leading `! ` and everything from ` => `
  /// removed; `@` and `#` lines and empty ones left out), or the built-in lines when there are none.
  static func lines() -> (lines: [String], source: String) {
    let folder = "Corpus/en/quickadd"
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".txt") }
    var found: [String] = []
    for name in files.sorted() {
      guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else { continue }
      for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = Substring(raw.hasSuffix("\r") ? raw.dropLast() : raw)
        if let arrow = line.range(of: " => ") { line = line[..<arrow.lowerBound] }
        if line.hasPrefix("! ") { line = line.dropFirst(2) }
        guard let first = line.first, first != "@", first != "#" else { continue }
        found.append(String(line))
      }
    }
    if found.isEmpty { return (builtIn, "\(builtIn.count) built-in lines; \(folder) not found") }
    return (found, "\(found.count) lines of \(folder)")
  }

  /// The median time of one call per item, each item timed alone in batches; sorted.
  static func perItem(_ items: [String], _ body: (String) -> Int) -> [Double] {
    items.map { item in Measure.median(batches: 5, perBatch: 100) { body(item) } }.sorted()
  }

  /// A task line of about `length` characters: a title of words, then a date.
  static func line(length: Int) -> String {
    let date = " every monday at 9am"
    let words = ["review", "the", "quarterly", "budget", "notes", "with", "team", "and", "send", "summary"]
    var title = "Plan"
    var i = 0
    while title.count + date.count < length {
      title += " " + words[i % words.count]
      i += 1
    }
    return String(title.prefix(max(1, length - date.count))) + date
  }

  /// List-like fillers that every word of which can start a date: the task line's worst case.
  static let hostilePatterns = [
    "4\", 5, 6 and 7 ", "mon tue, 3 ", "4\":4 4\"4 ", "at 9, 10 and 11 ", "1st, 2nd & 3rd ", "@9 ", "fri at 9 ",
    "mon 2-4, ",
  ]

  /// A line of `length` characters of `pattern` repeated.
  static func hostile(_ pattern: String, length: Int) -> String {
    String(String(repeating: pattern, count: length / pattern.count + 1).prefix(length))
  }

  /// Reads every corpus line a few times, or `line` 10,000 times, for a profiler (`profile-line [LINE]`).
  static func profile(line: String? = nil) {
    let all = line.map { Array(repeating: $0, count: 2_000) } ?? lines().lines
    var sink = 0
    for _ in 0..<5 {
      for line in all { sink &+= TaskLineParser.parse(line, options: options).tokens.count }
    }
    print("read \(all.count * 5) lines (\(sink))")
  }

  /// Measures and prints the tables.
  static func run() {
    let (all, source) = lines()
    let phrases = ParserBenchmark.phrases()
    let context = ParseContext(now: options.now)
    let ours = perItem(all) { TaskLineParser.parse($0, options: options).tokens.count }
    let theirs = perItem(phrases) { PhraseParser.parse($0, context: context).diagnostics.count }
    func median(_ v: [Double]) -> Double { v.isEmpty ? 0 : v[v.count / 2] }
    func p99(_ v: [Double]) -> Double { v.isEmpty ? 0 : v[min(v.count - 1, v.count * 99 / 100)] }
    let whole = Measure.median(batches: 9, perBatch: 1) {
      var n = 0
      for l in all { n &+= TaskLineParser.parse(l, options: options).tokens.count }
      return n
    }
    print("## Task lines: TaskLineParser.parse per line (\(source), release build)\n")
    print(Measure.row(["measure", "task lines", "recurrence phrases (reference)"]))
    print(Measure.row(["---", "---:", "---:"]))
    print(Measure.row(["items", "\(all.count)", "\(phrases.count)"]))
    print(Measure.row(["median per item", micro(median(ours)), micro(median(theirs))]))
    print(Measure.row(["99th percentile per item", micro(p99(ours)), micro(p99(theirs))]))
    print(Measure.row(["lines per second (whole set)", String(format: "%.0f", Double(all.count) / (whole / 1e9)), ""]))
    if median(theirs) > 0 {
      print(
        "\nA task line's median costs \(String(format: "%.2f", median(ours) / median(theirs)))× a phrase's median "
          + "(in this process).")
    }
    print("\n### Linear in line length (a title of words, then 'every monday at 9am')\n")
    print(Measure.row(["characters", "per line", "per 100 characters"]))
    print(Measure.row(["---:", "---:", "---:"]))
    var perHundred: [Double] = []
    for length in [50, 100, 200, 400, 800, 1600] {
      let text = line(length: length)
      let n = text.unicodeScalars.count
      let cost = Measure.median(batches: 9, perBatch: max(10, 20_000 / length)) {
        TaskLineParser.parse(text, options: options).tokens.count
      }
      perHundred.append(cost / Double(n) * 100)
      print(Measure.row(["\(n)", micro(cost), micro(cost / Double(n) * 100)]))
    }
    if let first = perHundred.first, let last = perHundred.last, first > 0 {
      print(
        "\nPer-100-character cost at 1600 characters over that at 50: \(String(format: "%.2f", last / first))× "
          + "(about 1 or below: linear).\n")
    }
    print("### List-like lines (every word can start a date; the search is bounded)\n")
    print(Measure.row(["pattern", "characters", "per line", "per 1,000 characters"]))
    print(Measure.row(["---", "---:", "---:", "---:"]))
    for pattern in hostilePatterns {
      for length in [250, 1000, 2000] {
        let text = hostile(pattern, length: length)
        let cost = Measure.median(batches: 5, perBatch: max(3, 2_000 / length)) {
          TaskLineParser.parse(text, options: options).tokens.count
        }
        let shown = "`" + pattern.replacingOccurrences(of: "|", with: "\\|") + "`"
        print(Measure.row([shown, "\(length)", micro(cost), micro(cost / Double(length) * 1_000)]))
      }
    }
    print("")
  }

  /// `12.34 µs`.
  static func micro(_ ns: Double) -> String { String(format: "%.2f µs", ns / 1_000) }
}
