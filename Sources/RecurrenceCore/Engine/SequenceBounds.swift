/// Where a sequence starts and stops on its timeline: the start's position, the lower bound
/// (never before the start), the upper bound (the query's and the rule's end date, whichever
/// comes first) and the count of an `afterOccurrences` end; shared by the general engine and
/// the simple stream so both read a rule's window alike.
struct SequenceBounds {
  let startPosition: Int
  let lower: Int
  let upper: Int?
  let count: Int?
  /// The lower bound's local day, when the sequence may jump ahead to it (no count to keep
  /// from the start, and a lower bound after the start); nil otherwise.
  let jumpDay: Int?

  @inline(__always)
  init(startLocal: Int, end: RecurrenceRule.End, lower: Int?, through: Int?, timeline: Timeline, zone: Zone?) {
    let startPosition = timeline.seconds(localSeconds: startLocal)
    var upper = through
    var count: Int?
    switch end {
    case .never: break
    case .afterOccurrences(let n): count = n
    case .afterDate(let until):
      let u = timeline.seconds(localSeconds: until.localSeconds)
      upper = upper.map { Swift.min($0, u) } ?? u
    }
    let low = Swift.max(lower ?? startPosition, startPosition)
    self.startPosition = startPosition
    self.lower = low
    self.upper = upper
    self.count = count
    jumpDay = count == nil && low > startPosition ? floorDiv(low + (zone?.offset(atInstant: low) ?? 0), 86_400) : nil
  }
}
