import Foundation
import TodoistImport

/// `quickadd-bench csv [N]`: reading a generated Todoist export of N rows (default 100,000)
/// through the CSV reader and the schema, in rows and megabytes per second, with the peak
/// resident size.
///
/// The export has every column of the newest header and a meta row; a tenth of the rows are
/// notes with a quoted two-line text, and every task has a quoted description with a comma
/// and doubled quotes. It is built in memory before timing and read from memory in 64 KiB
/// chunks, so the peak resident size holds the export itself; the figure after generating it
/// is printed too, and the difference is what reading added.
enum CSVBenchmark {
  /// Generates an export of `count` rows, reads it five times and prints the median figures.
  static func run(count: Int) {
    let bytes = generate(rows: count)
    let afterGeneration = peakResidentKiB()
    var samples: [Double] = []
    var rows = 0
    for _ in 0..<5 {
      let start = DispatchTime.now().uptimeNanoseconds
      var seen = 0
      let summary = TodoistCSVFile.read(CSVMemorySource(bytes), file: "bench.csv") { result in
        if case .success(let row) = result { seen &+= row.content.utf8.count > 0 ? 1 : 0 }
      }
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      rows = summary.rowCount
      Measure.sink &+= seen &+ summary.errorCount
    }
    samples.sort()
    let median = samples[samples.count / 2]
    let megabytes = Double(bytes.count) / 1_000_000
    print("## CSV export: \(rows) rows, \(String(format: "%.1f", megabytes)) MB, median of 5 reads")
    print(Measure.row(["rows/s", "MB/s", "time", "peak RSS after generating", "peak RSS after reading"]))
    print(Measure.row(["---", "---", "---", "---", "---"]))
    print(
      Measure.row([
        String(format: "%.0f", Double(rows) / median), String(format: "%.1f", megabytes / median),
        String(format: "%.3f s", median), format(kib: afterGeneration), format(kib: peakResidentKiB()),
      ]))
  }

  /// A newest-generation export of `rows` rows after its header and meta row.
  static func generate(rows: Int) -> [UInt8] {
    var text =
      "TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,"
      + "DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG\nmeta,view_style=list\n"
    let dates = ["every day", "every monday at 9", "tomorrow at 5pm", "every 2 weeks on fri", "jan 31", ""]
    for i in 1...max(1, rows) {
      if i % 10 == 0 {
        text += "note,\"Notes for \(i):\nsee \"\"the plan\"\", page 2\",,,,,Evan (14781400),,,,,,,,\n"
      } else if i % 50 == 1 {
        text += "section,Section \(i),,False,,1,,,,,,,,,\n"
      } else {
        text +=
          "task,Task number \(i) @label,\"Details, with \"\"quotes\"\"\",,\(i % 4 + 1),\(i % 3 + 1),"
          + "Evan (14781400),Ann (200),\(dates[i % dates.count]),en,Europe/London,\(i % 90),minute,jan \(i % 28 + 1),en\n"
      }
    }
    return Array(text.utf8)
  }

  /// The process's peak resident size in KiB (`VmHWM` in /proc/self/status), or nil off Linux.
  static func peakResidentKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
    }
    return nil
  }

  /// `12.3 MB`, or `n/a`.
  static func format(kib: Int?) -> String {
    guard let kib else { return "n/a" }
    return String(format: "%.1f MB", Double(kib) * 1024 / 1_000_000)
  }
}
