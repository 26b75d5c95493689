import Foundation
import RecurrenceCore

/// The reference instant and zone a command works in (`--now`/`--from`, `--tz`).
struct Context {
  /// The zone, or nil when floating.
  var zone: Zone?
  /// The reference wall-clock date-time in that zone.
  var now: LocalDateTime
  /// Whether a rule with no time of day is all-day (its occurrences start at midnight), as for
  /// phrases; an RRULE takes its time of day from `--from` instead.
  var allDayIsDate = true

  /// The same reference instant seen in another zone.
  func `in`(_ other: Zone) -> Context {
    var copy = self
    let instant = zone.map { $0.resolve(now).instant } ?? now.localSeconds
    copy.zone = other
    copy.now = other.localDateTime(atInstant: instant)
    return copy
  }

  /// Reads `--tz` (IANA name, or `floating`; default the system zone) and a reference option.
  init(_ args: Arguments, referenceOption: String, command: String) throws(UsageError) {
    let tzName = args.values["--tz"] ?? TimeZone.current.identifier
    if tzName.lowercased() == "floating" {
      zone = nil
    } else {
      guard let z = Zone(identifier: tzName) else {
        throw UsageError(
          message: "unknown time zone '\(tzName)'; use an IANA name such as 'America/New_York', or 'floating'",
          command: command)
      }
      zone = z
    }
    if let text = args.values[referenceOption] {
      guard let parsed = ISODateTime.parse(text) else {
        throw UsageError(
          message: "'\(referenceOption)' needs an ISO 8601 date-time such as 2026-11-30T10:00, not '\(text)'",
          command: command)
      }
      if let offset = parsed.offset {
        let instant = parsed.local.localSeconds - offset
        now = zone?.localDateTime(atInstant: instant) ?? parsed.local
      } else {
        now = parsed.local
      }
    } else {
      let instant = Int(Date().timeIntervalSince1970)
      now =
        zone?.localDateTime(atInstant: instant)
        ?? LocalDateTime(localSeconds: instant + TimeZone.current.secondsFromGMT())
    }
  }
}

/// ISO 8601 date-times as the CLI reads them: `2026-11-30`, `2026-11-30T10:00[:00]`, with an
/// optional `Z` or `±HH:MM` offset.
enum ISODateTime {
  static func parse(_ text: String) -> (local: LocalDateTime, offset: Int?)? {
    let c = Array(text.utf8)
    func num(_ a: Int, _ n: Int) -> Int? {
      guard a + n <= c.count else { return nil }
      var v = 0
      for b in c[a..<(a + n)] {
        guard b >= 48, b <= 57 else { return nil }
        v = v * 10 + Int(b - 48)
      }
      return v
    }
    guard c.count >= 10, c.count <= 32, let y = num(0, 4), c[4] == 45, let mo = num(5, 2), c[7] == 45, let d = num(8, 2)
    else { return nil }
    let date = CivilDate(year: y, month: mo, day: d)
    guard date.isValid else { return nil }
    if c.count == 10 { return (LocalDateTime(date: date), nil) }
    guard c[10] == 84 || c[10] == 116 || c[10] == 32, let h = num(11, 2), c.count >= 16, c[13] == 58,
      let mi = num(14, 2),
      h < 24, mi < 60
    else { return nil }
    var i = 16
    var s = 0
    if i < c.count, c[i] == 58 {
      guard let sec = num(17, 2), sec < 60 else { return nil }
      s = sec
      i = 19
    }
    let local = LocalDateTime(date: date, hour: h, minute: mi, second: s)
    if i == c.count { return (local, nil) }
    if c[i] == 90 || c[i] == 122, i + 1 == c.count { return (local, 0) }
    guard c[i] == 43 || c[i] == 45, let oh = num(i + 1, 2), i + 6 == c.count, c[i + 3] == 58, let om = num(i + 4, 2)
    else { return nil }
    let offset = (oh * 3600 + om * 60) * (c[i] == 45 ? -1 : 1)
    return (local, offset)
  }
}
