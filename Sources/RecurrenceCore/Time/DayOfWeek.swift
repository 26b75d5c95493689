/// A day of the week, numbered as ISO 8601 does: Monday is 1 and Sunday is 7.
public enum DayOfWeek: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
  case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

  /// The day of the week of a day number (days since 1970-01-01, a Thursday).
  public init(dayNumber: Int) {
    let r = (dayNumber + 3) % 7  // 0 = Monday
    self = DayOfWeek(rawValue: (r < 0 ? r + 7 : r) + 1) ?? .monday
  }

  /// The two-letter RFC 5545 code: `MO`, `TU`, … `SU`.
  public var rfcCode: String { String(describing: staticCode) }

  /// The two-letter RFC 5545 code, without allocating.
  public var staticCode: StaticString {
    switch self {
    case .monday: return "MO"
    case .tuesday: return "TU"
    case .wednesday: return "WE"
    case .thursday: return "TH"
    case .friday: return "FR"
    case .saturday: return "SA"
    case .sunday: return "SU"
    }
  }

  /// The English name, capitalised: `Monday`.
  public var name: String {
    switch self {
    case .monday: return "Monday"
    case .tuesday: return "Tuesday"
    case .wednesday: return "Wednesday"
    case .thursday: return "Thursday"
    case .friday: return "Friday"
    case .saturday: return "Saturday"
    case .sunday: return "Sunday"
    }
  }

  /// The day for two ASCII letters (any case), or nil.
  @inlinable
  public init?(asciiCode a: UInt8, _ b: UInt8) {
    switch (a & 0xDF, b & 0xDF) {
    case (0x4D, 0x4F): self = .monday  // MO
    case (0x54, 0x55): self = .tuesday  // TU
    case (0x57, 0x45): self = .wednesday  // WE
    case (0x54, 0x48): self = .thursday  // TH
    case (0x46, 0x52): self = .friday  // FR
    case (0x53, 0x41): self = .saturday  // SA
    case (0x53, 0x55): self = .sunday  // SU
    default: return nil
    }
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
