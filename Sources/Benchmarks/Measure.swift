import Foundation

/// Timing helpers: medians of batch times, in nanoseconds per call.
enum Measure {
  /// A value the optimiser cannot see through, so measured work is not removed.
  nonisolated(unsafe) static var sink = 0

  /// The median time per call of `body`, over `batches` batches of `perBatch` calls.
  static func median(batches: Int, perBatch: Int, _ body: () -> Int) -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(batches)
    var total = 0
    for _ in 0..<batches {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<perBatch { total &+= body() }
      let end = DispatchTime.now().uptimeNanoseconds
      samples.append(Double(end - start) / Double(perBatch))
    }
    sink &+= total
    samples.sort()
    return samples[samples.count / 2]
  }

  /// `1 234 ns` or `1.23 µs` or `1.23 ms`.
  static func format(_ ns: Double) -> String {
    if ns < 1_000 { return String(format: "%.0f ns", ns) }
    if ns < 1_000_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.2f ms", ns / 1_000_000)
  }

  /// A Markdown table row.
  static func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }
}
