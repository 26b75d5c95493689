import Foundation

/// One occurrence of a rule: a wall-clock date-time and, for a zoned rule, its instant.
public struct Occurrence: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The wall-clock time as shown in the zone, in seconds since 1970-01-01T00:00 local.
  public var localSeconds: Int
  /// The UTC offset in seconds in force then; nil for a floating rule.
  public var utcOffset: Int?

  /// Creates an occurrence.
  public init(local: LocalDateTime, utcOffset: Int?) {
    self.localSeconds = local.localSeconds
    self.utcOffset = utcOffset
  }

  /// Creates an occurrence from local seconds.
  @inlinable
  public init(localSeconds: Int, utcOffset: Int?) {
    self.localSeconds = localSeconds
    self.utcOffset = utcOffset
  }

  /// The wall-clock date-time as shown in the zone (after any push past a DST gap).
  public var local: LocalDateTime { LocalDateTime(localSeconds: localSeconds) }

  /// Seconds since the Unix epoch; for a floating occurrence, on the local timeline.
  @inlinable
  public var timelineSeconds: Int { localSeconds - (utcOffset ?? 0) }

  /// The instant, or nil for a floating occurrence.
  public var date: Date? {
    utcOffset.map { Date(timeIntervalSince1970: Double(localSeconds - $0)) }
  }

  /// Orders values chronologically (or by their natural order).
  public static func < (lhs: Occurrence, rhs: Occurrence) -> Bool {
    lhs.timelineSeconds < rhs.timelineSeconds
  }

  /// ISO 8601 with offset (`2026-12-07T09:00:00-05:00`), or without one when floating.
  public var description: String { iso8601 }

  /// ISO 8601 with offset (`2026-12-07T09:00:00-05:00`), or without one when floating.
  public var iso8601: String {
    guard let offset = utcOffset else { return local.description }
    let sign = offset < 0 ? "-" : "+"
    let a = abs(offset)
    let seconds = a % 60
    let suffix = seconds == 0 ? "" : ":" + pad(seconds, 2)
    return "\(local)\(sign)\(pad(a / 3600, 2)):\(pad(a / 60 % 60, 2))\(suffix)"
  }
}
