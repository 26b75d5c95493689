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

  /// Ours against a reference, measured in alternating rounds so that drift in the machine's
  /// speed hits both alike. Returns the medians per call and the median of the per-round ratios.
  static func compare(
    rounds: Int, oursPerRound: Int, theirsPerRound: Int, ours: () -> Int, theirs: () -> Int
  ) -> (ours: Double, theirs: Double, ratio: Double) {
    var oursSamples: [Double] = []
    var theirsSamples: [Double] = []
    var ratios: [Double] = []
    var total = 0
    for _ in 0..<rounds {
      var start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<oursPerRound { total &+= ours() }
      let a = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(oursPerRound)
      start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<theirsPerRound { total &+= theirs() }
      let b = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(theirsPerRound)
      oursSamples.append(a)
      theirsSamples.append(b)
      ratios.append(b / a)
    }
    sink &+= total
    func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
    return (median(oursSamples), median(theirsSamples), median(ratios))
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
