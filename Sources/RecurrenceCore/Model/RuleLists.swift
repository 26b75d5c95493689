/// A rule's lists (weekdays, days of the month, months, set positions, times, and the rare
/// weeks and days of the year), stored inline for the values nearly every rule uses.
///
/// A list whose items all fit the inline form lives in bit masks (times: in two slots); any
/// other list lives whole, sorted and distinct, in `overflow`. Which form a list takes depends
/// only on the list itself, so equal lists are stored alike and the synthesized `==` and hash
/// stay semantic. Copying or dropping a typical rule then moves bits instead of retaining and
/// releasing five arrays, and the packed decoder fills the masks without allocating.
///
/// | list            | inline form                                   | overflow when          |
/// |-----------------|-----------------------------------------------|------------------------|
/// | weekdays        | `.every` mask; `.nth` masks for ordinals ±1…5 | an ordinal beyond ±5   |
/// | days of month   | bit d for 1…31, bit 32 + n for -n             | 0 or beyond ±31        |
/// | months          | bit m for 1…12                                | outside 1…12           |
/// | set positions   | as days of the month                          | 0 or beyond ±31        |
/// | times of day    | up to two seconds-of-day                      | three or more, or out of range |
/// | weeks of year   | none                                          | always (when not empty) |
/// | days of year    | none                                          | always (when not empty) |
struct RuleLists: Sendable, Hashable {
  /// `.every` weekdays, bit 0 = Monday.
  var every: UInt8 = 0
  /// `.nth(n, d)` for n in 1…5: bit `(n - 1) * 7 + d.rawValue - 1`.
  var nthFirst: UInt64 = 0
  /// `.nth(-n, d)` for n in 1…5: bit `(n - 1) * 7 + d.rawValue - 1`.
  var nthLast: UInt64 = 0
  /// Days of the month (see `SignedMask`).
  var days: UInt64 = 0
  /// Months, bit m = month m.
  var months: UInt16 = 0
  /// Set positions (see `SignedMask`).
  var positions: UInt64 = 0
  /// The first inline time of day in seconds (0 when unused).
  var time0: Int32 = 0
  /// The second inline time of day in seconds (0 when unused).
  var time1: Int32 = 0
  /// How many inline times are used (0…2).
  var timeCount: UInt8 = 0
  /// Lists that do not fit inline; nil when every list is inline.
  var overflow: Overflow?

  init() {}

  /// Whether the rule has any `.nth` weekday.
  var hasNth: Bool { nthFirst | nthLast != 0 || overflow?.lists.weekdays?.contains { $0.ordinal != nil } == true }

  /// The number of times of day.
  var timesCount: Int { overflow?.lists.times?.count ?? Int(timeCount) }

  /// The first time of day in seconds, if any.
  var firstTime: Int? {
    if let times = overflow?.lists.times { return times.first?.secondOfDay }
    return timeCount > 0 ? Int(time0) : nil
  }

  /// Sets one overflow field to `value` (nil: the list is inline) through `field`, dropping
  /// the box when no field remains. Nothing is done in the usual case, when `value` is nil and
  /// there is no box.
  @inline(__always)
  mutating func setOverflow<T>(_ value: T?, _ field: (inout OverflowLists, T?) -> Void) {
    if value == nil, overflow == nil { return }
    var lists = overflow?.lists ?? OverflowLists()
    field(&lists, value)
    overflow = lists.isEmpty ? nil : Overflow(lists)
  }
}

/// Lists kept as arrays because some item does not fit the inline form, and a zone name too
/// long for `ZoneName`; nil = inline.
struct OverflowLists: Sendable, Hashable {
  var weekdays: [RecurrenceRule.Weekday]?
  var days: [Int]?
  var months: [Int]?
  var positions: [Int]?
  var times: [TimeOfDay]?
  var zone: String?
  /// Weeks of the year (BYWEEKNO), rare enough to live here only.
  var weeks: [Int]?
  /// Days of the year (BYYEARDAY), rare enough to live here only.
  var yearDays: [Int]?
  /// Hours of an hourly or minutely rule (BYHOUR), rare enough to live here only.
  var hours: [Int]?
  /// Minutes of an hourly or minutely rule (BYMINUTE), rare enough to live here only.
  var minutes: [Int]?
  /// Excluded occurrences (EXDATE), sorted and distinct.
  var excluded: [LocalDateTime]?
  /// Extra occurrences (RDATE), sorted and distinct.
  var extra: [LocalDateTime]?

  var isEmpty: Bool {
    weekdays == nil && days == nil && months == nil && positions == nil && times == nil && zone == nil
      && weeks == nil && yearDays == nil && hours == nil && minutes == nil && excluded == nil && extra == nil
  }
}

/// An immutable box for the rare overflow lists: one reference, nil for typical rules.
///
/// Fields read through the box (`box?.weeks`), so a reader never copies the whole
/// `OverflowLists` (a dozen arrays) out of it.
@dynamicMemberLookup
final class Overflow: Sendable, Hashable {
  let lists: OverflowLists
  /// The lists' checks, made once when the box is built (every sequence validates its rule).
  let lengthError: RuleError?
  let valueError: RuleError?

  subscript<T>(dynamicMember field: KeyPath<OverflowLists, T>) -> T { lists[keyPath: field] }

  init(_ lists: OverflowLists) {
    self.lists = lists
    lengthError = lists.lengthError
    valueError = lists.valueError
  }

  static func == (lhs: Overflow, rhs: Overflow) -> Bool { lhs === rhs || lhs.lists == rhs.lists }

  func hash(into hasher: inout Hasher) { hasher.combine(lists) }
}

/// Signed day numbers ±1…31 as bits of a `UInt64`: bit d for d > 0, bit 32 + n for -n.
enum SignedMask {
  /// The bit for `n`, or nil when `n` is 0 or beyond ±31.
  @inline(__always)
  static func bit(_ n: Int) -> UInt64? {
    if n >= 1, n <= 31 { return 1 << UInt64(n) }
    if n <= -1, n >= -31 { return 1 << UInt64(32 - n) }
    return nil
  }

  /// Calls `body` with each number in ascending order (-31 … -1, then 1 … 31).
  @inline(__always)
  static func forEach(_ mask: UInt64, _ body: (Int) -> Void) {
    var negative = mask >> 32
    while negative != 0 {
      let n = 63 - negative.leadingZeroBitCount
      negative &= ~(1 << UInt64(n))
      body(-n)
    }
    var positive = mask & 0xFFFF_FFFF
    while positive != 0 {
      body(positive.trailingZeroBitCount)
      positive &= positive - 1
    }
  }

  /// The numbers in ascending order (-31 … -1, then 1 … 31); one small number comes from
  /// shared storage.
  static func values(_ mask: UInt64) -> [Int] {
    if mask == 0 { return [] }
    if mask.nonzeroBitCount == 1 {
      let bit = mask.trailingZeroBitCount
      return InternedLists.singleNumber[(bit < 32 ? bit : 32 - bit) + 31]
    }
    var out: [Int] = []
    out.reserveCapacity(mask.nonzeroBitCount)
    forEach(mask) { out.append($0) }
    return out
  }

  /// The positive numbers as a mask (bit d = day d).
  @inline(__always)
  static func positive(_ mask: UInt64) -> UInt64 { mask & 0xFFFF_FFFE }

  /// The negative numbers as a mask (bit n = -n).
  @inline(__always)
  static func negative(_ mask: UInt64) -> UInt64 { mask >> 32 }
}

extension RuleLists {
  /// The weekdays, sorted as `RecurrenceRule.Weekday` orders them.
  var weekdays: [RecurrenceRule.Weekday] {
    get {
      if let list = overflow?.lists.weekdays { return list }
      if nthFirst | nthLast == 0 { return InternedLists.everyWeekdays[Int(every)] }
      if every == 0, nthFirst.nonzeroBitCount + nthLast.nonzeroBitCount == 1 {
        let first = nthFirst != 0
        let bit = (first ? nthFirst : nthLast).trailingZeroBitCount
        let n = (bit / 7 + 1) * (first ? 1 : -1)
        return InternedLists.nthWeekday[(n + 5) * 7 + bit % 7]
      }
      var out: [RecurrenceRule.Weekday] = []
      for d in DayOfWeek.allCases where Int(every) & d.bit != 0 { out.append(.every(d)) }
      Self.forEachOrdinal(nthFirst, sign: 1) { out.append(.nth($0, $1)) }
      Self.forEachOrdinal(nthLast, sign: -1) { out.append(.nth($0, $1)) }
      return out
    }
    set {
      var every: UInt8 = 0
      var first: UInt64 = 0
      var last: UInt64 = 0
      var fits = true
      for w in newValue {
        switch w {
        case .every(let d): every |= UInt8(d.bit)
        case .nth(let n, let d):
          if n >= 1, n <= 5 {
            first |= Self.ordinalBit(n, d)
          } else if n <= -1, n >= -5 {
            last |= Self.ordinalBit(-n, d)
          } else {
            fits = false
          }
        }
      }
      (self.every, nthFirst, nthLast) = fits ? (every, first, last) : (0, 0, 0)
      setOverflow(fits ? nil : RecurrenceRule.normalized(newValue)) { $0.weekdays = $1 }
    }
  }

  /// The bit of ordinal `n` (1…5) and `day` in `nthFirst` (or, for -n, in `nthLast`).
  @inline(__always)
  static func ordinalBit(_ n: Int, _ day: DayOfWeek) -> UInt64 {
    1 << UInt64((n - 1) * 7 + day.rawValue - 1)
  }

  /// Calls `body` with each ordinal weekday of one `.nth` mask, in bit order (by ordinal, then
  /// day), the ordinal times `sign`.
  @inline(__always)
  static func forEachOrdinal(_ mask: UInt64, sign: Int, _ body: (Int, DayOfWeek) -> Void) {
    var m = mask
    while m != 0 {
      let bit = m.trailingZeroBitCount
      m &= m - 1
      body((bit / 7 + 1) * sign, DayOfWeek(rawValue: bit % 7 + 1) ?? .monday)
    }
  }

  /// The days of the month, ascending.
  var daysOfTheMonth: [Int] {
    get { overflow?.lists.days ?? SignedMask.values(days) }
    set {
      let mask = Self.signedMask(newValue)
      days = mask ?? 0
      setOverflow(mask == nil ? RecurrenceRule.normalized(newValue) : nil) { $0.days = $1 }
    }
  }

  /// The months, ascending (bits 1…12 are a `SignedMask` of positive numbers).
  var monthList: [Int] {
    get { overflow?.lists.months ?? SignedMask.values(UInt64(months)) }
    set {
      let mask = Self.signedMask(newValue).flatMap { $0 & ~0x1FFE == 0 ? UInt16($0) : nil }
      months = mask ?? 0
      setOverflow(mask == nil ? RecurrenceRule.normalized(newValue) : nil) { $0.months = $1 }
    }
  }

  /// The set positions, ascending.
  var setPositions: [Int] {
    get { overflow?.lists.positions ?? SignedMask.values(positions) }
    set {
      let mask = Self.signedMask(newValue)
      positions = mask ?? 0
      setOverflow(mask == nil ? RecurrenceRule.normalized(newValue) : nil) { $0.positions = $1 }
    }
  }

  /// Stores a list that always lives in `overflow` (nil there when empty), sorted and distinct.
  /// The field is a closure, not a key path: a key path is built at run time on every call.
  @inline(__always)
  mutating func setOverflowList<T: Comparable>(_ list: [T], _ field: (inout OverflowLists, [T]?) -> Void) {
    setOverflow(list.isEmpty ? nil : RecurrenceRule.normalized(list), field)
  }

  /// The weeks of the year, ascending (always in `overflow`: few rules have them).
  var weeks: [Int] {
    get { overflow?.lists.weeks ?? [] }
    set { setOverflowList(newValue) { $0.weeks = $1 } }
  }

  /// The days of the year, ascending (always in `overflow`: few rules have them).
  var daysOfTheYear: [Int] {
    get { overflow?.lists.yearDays ?? [] }
    set { setOverflowList(newValue) { $0.yearDays = $1 } }
  }

  /// The hours of a sub-daily rule, ascending (always in `overflow`).
  var hours: [Int] {
    get { overflow?.lists.hours ?? [] }
    set { setOverflowList(newValue) { $0.hours = $1 } }
  }

  /// The minutes of a sub-daily rule, ascending (always in `overflow`).
  var minutes: [Int] {
    get { overflow?.lists.minutes ?? [] }
    set { setOverflowList(newValue) { $0.minutes = $1 } }
  }

  /// The times of day, ascending.
  var times: [TimeOfDay] {
    get {
      if let list = overflow?.lists.times { return list }
      switch timeCount {
      case 0: return []
      case 1:
        let t = TimeOfDay(secondOfDay: Int(time0))
        return InternedLists.time(t) ?? [t]
      default: return [TimeOfDay(secondOfDay: Int(time0)), TimeOfDay(secondOfDay: Int(time1))]
      }
    }
    set {
      let list = RecurrenceRule.normalized(newValue)
      let fits = list.count <= 2 && list.allSatisfy { (0..<86_400).contains($0.secondOfDay) }
      setTimes(fits ? list.first?.secondOfDay : nil, fits && list.count == 2 ? list[1].secondOfDay : nil)
      setOverflow(fits ? nil : list) { $0.times = $1 }
    }
  }

  /// Stores up to two valid, ascending, distinct times inline (unused slots are zero).
  @inline(__always)
  mutating func setTimes(_ a: Int?, _ b: Int?) {
    time0 = Int32(truncatingIfNeeded: a ?? 0)
    time1 = Int32(truncatingIfNeeded: b ?? 0)
    timeCount = a == nil ? 0 : b == nil ? 1 : 2
  }

  /// The mask of a list of ±1…31, or nil when some item does not fit.
  static func signedMask(_ list: [Int]) -> UInt64? {
    var mask: UInt64 = 0
    for n in list {
      guard let bit = SignedMask.bit(n) else { return nil }
      mask |= bit
    }
    return mask
  }

}
