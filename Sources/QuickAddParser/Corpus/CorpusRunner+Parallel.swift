import Dispatch

extension CorpusRunner {
  /// The outcomes of `cases` in their order, and what they exercised, using `jobs` threads.
  ///
  /// The cases are cut into small chunks dealt round-robin to the threads; each outcome is
  /// written at its case's index, so the result is the same, in the same order, for any `jobs`.
  public static func run(_ cases: [CorpusCase], jobs: Int) -> (outcomes: [Outcome], coverage: CorpusCoverage) {
    let threads = max(1, min(jobs, cases.count / minimumChunk))
    if threads == 1 {
      var coverage = CorpusCoverage()
      let outcomes = cases.map { run($0, tally: &coverage) }
      return (outcomes, coverage)
    }
    let chunk = max(minimumChunk, cases.count / (threads * 16))
    let chunks = (cases.count + chunk - 1) / chunk
    var slots = [Outcome?](repeating: nil, count: cases.count)
    var tallies = [CorpusCoverage](repeating: CorpusCoverage(), count: threads)
    slots.withUnsafeMutableBufferPointer { out in
      tallies.withUnsafeMutableBufferPointer { tally in
        cases.withUnsafeBufferPointer { input in
          let work = Work(input: input, out: out, tally: tally)
          DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var local = CorpusCoverage()
            for c in stride(from: thread, to: chunks, by: threads) {
              for i in (c * chunk)..<min(work.input.count, (c + 1) * chunk) {
                work.out[i] = run(work.input[i], tally: &local)
              }
            }
            work.tally[thread] = local
          }
        }
      }
    }
    var coverage = CorpusCoverage()
    for t in tallies { coverage.merge(t) }
    return (slots.compactMap { $0 }, coverage)
  }

  /// The fewest cases worth a thread of their own.
  static let minimumChunk = 256

  /// The buffers the threads share; each thread writes only its own chunks' slots and its tally.
  private struct Work: @unchecked Sendable {
    let input: UnsafeBufferPointer<CorpusCase>
    let out: UnsafeMutableBufferPointer<Outcome?>
    let tally: UnsafeMutableBufferPointer<CorpusCoverage>
  }
}
