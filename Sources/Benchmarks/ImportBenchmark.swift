import Foundation
import RecurrenceCore
import TodoistImport

/// `quickadd-bench import [N]`: importing a generated Todoist export of N rows (default 100,000)
/// end to end in the library: CSV reading, the schema, and the mapping of every row (names,
/// DATE strings, deadlines, zones) to tasks, in rows per second, with the peak resident size.
enum ImportBenchmark {
  /// Imports the generated export five times and prints the median figures.
  static func run(count: Int) {
    let bytes = CSVBenchmark.generate(rows: count)
    guard let zone = Zone(identifier: "America/New_York") else { return }
    var samples: [Double] = []
    var summary = ImportSummary()
    for _ in 0..<5 {
      var importer = TodoistImporter(options: TodoistImporter.Options(instant: 1_796_050_800, zone: zone))
      var tasks = 0
      let start = DispatchTime.now().uptimeNanoseconds
      try? TodoistExport.importCSV(
        CSVMemorySource(bytes), file: "bench.csv", into: &importer, task: { tasks &+= $0.title.utf8.count > 0 ? 1 : 0 },
        report: { _ in })
      samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      summary = importer.summary
      Measure.sink &+= tasks
    }
    samples.sort()
    let median = samples[samples.count / 2]
    print("## Todoist import: \(summary.read) rows (\(summary.tasks) tasks), median of 5 imports")
    print(Measure.row(["rows/s", "time", "balanced", "peak RSS"]))
    print(Measure.row(["---", "---", "---", "---"]))
    print(
      Measure.row([
        String(format: "%.0f", Double(summary.read) / median), String(format: "%.3f s", median),
        summary.balances ? "yes" : "NO", CSVBenchmark.format(kib: CSVBenchmark.peakResidentKiB()),
      ]))
  }
}
