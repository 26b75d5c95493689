/// A day of the week, numbered as ISO 8601 does: Monday is 1 and Sunday is 7.
public enum DayOfWeek: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The day of the week of a day number (days since 1970-01-01, a Thursday).
  public init(dayNumber: Int) {
    let r = (dayNumber + 3) % 7  // 0 = Monday
    self = DayOfWeek(rawValue: (r < 0 ? r + 7 : r) + 1) ?? .monday
  }

  /// The two-letter RFC 5545 code: `MO`, `TU`, … `SU`.
  public var rfcCode: String {
    ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1]
  }

  /// The English name, capitalised: `Monday`.
  public var name: String {
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
  }

  /// The day for an RFC 5545 two-letter code (`MO`…`SU`, any case), or nil.
  public init?(rfcCode: some StringProtocol) {
    switch rfcCode.uppercased() {
    case "MO": self = .monday
    case "TU": self = .tuesday
    case "WE": self = .wednesday
    case "TH": self = .thursday
    case "FR": self = .friday
    case "SA": self = .saturday
    case "SU": self = .sunday
    default: return nil
    }
  }

  /// A one-bit mask for this day (bit 0 = Monday).
  @inlinable
  public var bit: Int { 1 << (rawValue - 1) }

  /// Orders values chronologically (or by their natural order).
  public static func < (lhs: DayOfWeek, rhs: DayOfWeek) -> Bool { lhs.rawValue < rhs.rawValue }
}
