import Foundation

/// An IANA time zone with a precomputed table of UTC-offset transitions.
///
/// Offsets come from Foundation's `TimeZone` once, when the zone is first used (1–2 ms); after
/// that an offset lookup or a wall-clock resolution is a binary search over integers (tens of
/// nanoseconds). Zones are cached process-wide by identifier. Outside the table's years
/// (1900–2200) lookups fall back to `TimeZone` itself.
///
/// ## The DST policy
///
/// Wall-clock times survive DST: a rule steps local calendar dates and resolves each local
/// date-time to an instant with `resolve(_:)`:
/// - a **repeated** local time (clocks fall back) takes the **earlier** instant;
/// - a **skipped** local time (clocks spring forward) is **pushed forward** by the gap's length.
///
/// Worked examples (UTC equivalents in brackets):
/// - America/New_York, 2026-03-08: 02:30 does not exist; it resolves to 03:30 EDT (07:30Z).
/// - America/New_York, 2026-11-01: 01:30 happens twice; it resolves to 01:30 EDT (05:30Z),
///   not 01:30 EST (06:30Z).
/// - Europe/London, 2026-03-29: 01:30 does not exist; it resolves to 02:30 BST (01:30Z).
/// - Europe/London, 2026-10-25: 01:30 happens twice; it resolves to 01:30 BST (00:30Z).
/// - Australia/Lord_Howe, 2026-10-04: the clocks move from 02:00 to 02:30; 02:15 resolves to
///   02:45 (+11:00).
/// - Pacific/Apia skipped 2011-12-30 entirely; 2011-12-30T09:00 resolves to
///   2011-12-31T09:00+14:00, a whole day later on the wall clock.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  let table: ZoneTable

  /// The IANA identifier, for example `America/New_York`.
  public var identifier: String { table.identifier }

  /// Looks up a zone by IANA identifier; nil when the identifier is unknown.
  public init?(identifier: String) {
    guard let table = ZoneTable.cached(identifier) else { return nil }
    self.table = table
  }

  /// The UTC offset in seconds in force at `instant` (seconds since 1970-01-01T00:00Z).
  public func offset(atInstant instant: Int) -> Int { table.offset(atInstant: instant) }

  /// Resolves a wall-clock time to an instant with the project's DST policy.
  ///
  /// - Parameter localSeconds: seconds since 1970-01-01T00:00 on the local timeline.
  /// - Returns: the instant (seconds since the Unix epoch, UTC) and the UTC offset in force at
  ///   that instant, which differs from `localSeconds - instant` only inside a gap.
  public func resolve(localSeconds: Int) -> (instant: Int, offset: Int) {
    table.resolve(localSeconds: localSeconds)
  }

  /// Resolves a wall-clock date-time to an instant with the project's DST policy.
  public func resolve(_ local: LocalDateTime) -> (instant: Int, offset: Int) {
    table.resolve(localSeconds: local.localSeconds)
  }

  /// The wall-clock date-time at an instant.
  public func localDateTime(atInstant instant: Int) -> LocalDateTime {
    LocalDateTime(localSeconds: instant + offset(atInstant: instant))
  }

  /// Zones are equal when their identifiers are.
  public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
  /// The identifier.
  public var description: String { identifier }
}

/// The immutable transition table behind a `Zone`; shared between copies.
final class ZoneTable: Sendable {
  let identifier: String
  let timeZone: TimeZone
  /// UTC instants of transitions, ascending.
  let instants: [Int]
  /// The offset in force from each transition on.
  let offsetsAfter: [Int]
  /// For each transition, the first local time that is unambiguously after it:
  /// `instant + max(offsetBefore, offsetAfter)`.
  let localKeys: [Int]
  /// The offset before the first transition.
  let initialOffset: Int
  let lowerBound: Int
  let upperBound: Int
  /// For each 2^22-second bucket (about 48 days) from `lowerBound`, the number of transitions
  /// whose instant is before the bucket's start: a lookup starts there and scans a step or two.
  let instantBuckets: [Int32]
  /// The same for `localKeys`.
  let localBuckets: [Int32]
  static let bucketShift = 22

  static let firstYearInstant = -2_208_988_800  // 1900-01-01T00:00Z
  static let lastYearInstant = 7_258_118_400  // 2200-01-01T00:00Z

  init?(identifier: String) {
    guard let tz = TimeZone(identifier: identifier) else { return nil }
    self.identifier = identifier
    self.timeZone = tz
    var instants: [Int] = []
    var after: [Int] = []
    var keys: [Int] = []
    let start = Date(timeIntervalSince1970: Double(ZoneTable.firstYearInstant))
    let first = tz.secondsFromGMT(for: start)
    var previous = first
    var cursor = start
    while let next = tz.nextDaylightSavingTimeTransition(after: cursor),
      next.timeIntervalSince1970 < Double(ZoneTable.lastYearInstant), next > cursor
    {
      let t = Int(next.timeIntervalSince1970.rounded())
      let offset = tz.secondsFromGMT(for: next)
      if offset != previous {
        instants.append(t)
        after.append(offset)
        keys.append(t + max(previous, offset))
        previous = offset
      }
      cursor = next
    }
    self.instants = instants
    self.offsetsAfter = after
    self.localKeys = keys
    self.initialOffset = first
    let lower = ZoneTable.firstYearInstant + 86_400
    let upper = ZoneTable.lastYearInstant - 86_400
    self.lowerBound = lower
    self.upperBound = upper
    func buckets(_ keys: [Int]) -> [Int32] {
      var out: [Int32] = []
      let count = ((upper - lower) >> ZoneTable.bucketShift) + 2
      out.reserveCapacity(count)
      var i = 0
      for b in 0..<count {
        let bucketStart = lower + b << ZoneTable.bucketShift
        while i < keys.count, keys[i] < bucketStart { i += 1 }
        out.append(Int32(i))
      }
      return out
    }
    self.instantBuckets = buckets(instants)
    self.localBuckets = buckets(keys)
  }

  private static let cache = ZoneCache()

  static func cached(_ identifier: String) -> ZoneTable? { cache.table(for: identifier) }

  func offset(atInstant t: Int) -> Int {
    if t < lowerBound || t > upperBound {
      return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
    }
    // The number of transitions with instant <= t.
    var lo = Int(instantBuckets[(t - lowerBound) >> ZoneTable.bucketShift])
    while lo < instants.count, instants[lo] <= t { lo += 1 }
    return lo == 0 ? initialOffset : offsetsAfter[lo - 1]
  }

  func resolve(localSeconds l: Int) -> (instant: Int, offset: Int) {
    if l < lowerBound || l > upperBound { return resolveOutsideTable(l) }
    // The number of transitions whose unambiguous-after local time is <= l.
    var lo = Int(localBuckets[(l - lowerBound) >> ZoneTable.bucketShift])
    while lo < localKeys.count, localKeys[lo] <= l { lo += 1 }
    let used = lo == 0 ? initialOffset : offsetsAfter[lo - 1]
    let instant = l - used
    // Inside the next transition's gap the instant lies past that transition.
    if lo < instants.count, instant >= instants[lo] { return (instant, offsetsAfter[lo]) }
    return (instant, used)
  }

  /// The stretch of local time around `l` that resolves with one offset and needs no gap
  /// handling: for every `l'` in `from..<until`, `resolve(localSeconds: l')` is
  /// `(l' - offset, offset)` (an ambiguous time takes the earlier instant, as there). Nil
  /// outside the table and inside a gap.
  func window(localSeconds l: Int) -> (offset: Int, from: Int, until: Int)? {
    guard l >= lowerBound, l <= upperBound else { return nil }
    var lo = Int(localBuckets[(l - lowerBound) >> ZoneTable.bucketShift])
    while lo < localKeys.count, localKeys[lo] <= l { lo += 1 }
    let used = lo == 0 ? initialOffset : offsetsAfter[lo - 1]
    let from = lo == 0 ? lowerBound : localKeys[lo - 1]
    var until = upperBound + 1
    // Past the next transition's instant (in its gap, or after it) another offset holds.
    if lo < instants.count { until = Swift.min(until, instants[lo] + used) }
    guard l >= from, l < until else { return nil }
    return (used, from, until)
  }

  private func resolveOutsideTable(_ l: Int) -> (instant: Int, offset: Int) {
    let before = offset(atInstant: l - 86_400 * 2)
    let after = offset(atInstant: l + 86_400 * 2)
    // Earlier instant first: the larger offset gives the earlier instant.
    for candidate in [max(before, after), min(before, after)] where offset(atInstant: l - candidate) == candidate {
      return (l - candidate, candidate)
    }
    // In a gap: push forward using the offset before it.
    let instant = l - before
    return (instant, offset(atInstant: instant))
  }
}

/// The process-wide cache of zone tables, guarded by a lock.
final class ZoneCache: @unchecked Sendable {
  private let lock = NSLock()
  private var tables: [String: ZoneTable] = [:]

  func table(for identifier: String) -> ZoneTable? {
    lock.lock()
    defer { lock.unlock() }
    if let table = tables[identifier] { return table }
    guard let table = ZoneTable(identifier: identifier) else { return nil }
    // Bounded: hostile input naming many zones cannot grow the cache without limit.
    if tables.count < 1024 { tables[identifier] = table }
    return table
  }
}
