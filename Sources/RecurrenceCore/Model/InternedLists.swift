/// Shared arrays for the lists most rules hold, so that reading a typical rule's lists (the
/// engine does, for every query) allocates nothing: every "Mon/Wed/Fri" is one array.
///
/// The tables are built once, on first use; interned arrays are ordinary immutable arrays
/// (copy-on-write keeps them shared until a caller changes its copy).
enum InternedLists {
  /// `.every` weekday sets by mask (bit 0 = Monday), sorted as the model sorts them.
  static let everyWeekdays: [[RecurrenceRule.Weekday]] = (0..<128).map { mask in
    DayOfWeek.allCases.filter { mask & $0.bit != 0 }.map { .every($0) }
  }

  /// One `.nth` weekday, by `(ordinal + 5) * 7 + day - 1` for ordinals -5…5.
  static let nthWeekday: [[RecurrenceRule.Weekday]] = (0..<(11 * 7)).map { i in
    [.nth(i / 7 - 5, DayOfWeek(rawValue: i % 7 + 1) ?? .monday)]
  }

  /// One whole-minute time of day, by minute of the day.
  static let singleTime: [[TimeOfDay]] = (0..<1_440).map { [TimeOfDay(secondOfDay: $0 * 60)] }

  /// One small signed number (-31…31), by value + 31: days, months, set positions.
  static let singleNumber: [[Int]] = (-31...31).map { [$0] }

  /// The shared array for one time of day, when it is a whole minute.
  static func time(_ t: TimeOfDay) -> [TimeOfDay]? {
    guard t.secondOfDay % 60 == 0, (0..<86_400).contains(t.secondOfDay) else { return nil }
    return singleTime[t.secondOfDay / 60]
  }

}
