extension CorpusRunner {
  /// The outcomes of `cases` in their order, and what they exercised, using `jobs` threads.
  ///
  /// The result is the same, in the same order, for any `jobs` (see `ParallelMap`).
  public static func run(_ cases: [CorpusCase], jobs: Int) -> (outcomes: [Outcome], coverage: CorpusCoverage) {
    let (outcomes, workers) = cases.withUnsafeBufferPointer { input in
      let shared = ParallelMap.Shared(input)
      return ParallelMap.run(count: input.count, jobs: jobs, local: { Worker() }) { i, worker in
        run(shared.value[i], on: &worker)
      }
    }
    var coverage = CorpusCoverage()
    for w in workers { coverage.merge(w.coverage) }
    return (outcomes, coverage)
  }
}
