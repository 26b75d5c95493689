/// A wall-clock date and time with no zone: what a calendar shows, to the second.
///
/// A `LocalDateTime` becomes an instant only when resolved in a `Zone` (see
/// `Zone.resolve(_:)` for the DST policy). With no zone it is a *floating* time, compared by
/// its fields alone.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The calendar date.
  public var date: CivilDate
  /// Seconds since local midnight, 0 ..< 86 400.
  public var secondOfDay: Int

  /// Creates a date-time from a date and a time of day.
  public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.date = date
    self.secondOfDay = hour * 3600 + minute * 60 + second
  }

  /// Creates a date-time from a date and seconds since midnight.
  public init(date: CivilDate, secondOfDay: Int) {
    self.date = date
    self.secondOfDay = secondOfDay
  }

  /// Creates a date-time from seconds since 1970-01-01T00:00 on the local timeline.
  public init(localSeconds: Int) {
    let days = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
    self.init(date: CivilDate(dayNumber: days), secondOfDay: localSeconds - days * 86_400)
  }

  /// Creates a date-time from its fields.
  public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    self.init(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute, second: second)
  }

  /// Seconds since 1970-01-01T00:00 on the local (floating) timeline.
  public var localSeconds: Int { date.dayNumber * 86_400 + secondOfDay }

  /// The hour, 0…23.
  public var hour: Int { secondOfDay / 3600 }
  /// The minute, 0…59.
  public var minute: Int { secondOfDay / 60 % 60 }
  /// The second, 0…59.
  public var second: Int { secondOfDay % 60 }
  /// The time of day alone.
  public var timeOfDay: TimeOfDay { TimeOfDay(secondOfDay: secondOfDay) }

  /// Orders values chronologically (or by their natural order).
  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
  }

  /// The date-time as `YYYY-MM-DDTHH:MM:SS`.
  public var description: String { "\(date)T\(timeOfDay.description)" }
}

/// A wall-clock time of day, to the second.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// Seconds since midnight, 0 ..< 86 400.
  public var secondOfDay: Int

  /// Creates a time from seconds since midnight.
  public init(secondOfDay: Int) { self.secondOfDay = secondOfDay }

  /// Creates a time from an hour (0…23), minute and second.
  public init(hour: Int, minute: Int = 0, second: Int = 0) {
    self.secondOfDay = hour * 3600 + minute * 60 + second
  }

  /// The hour, 0…23.
  public var hour: Int { secondOfDay / 3600 }
  /// The minute, 0…59.
  public var minute: Int { secondOfDay / 60 % 60 }
  /// The second, 0…59.
  public var second: Int { secondOfDay % 60 }

  /// Orders values chronologically (or by their natural order).
  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondOfDay < rhs.secondOfDay }

  /// `HH:MM:SS`.
  public var description: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}
