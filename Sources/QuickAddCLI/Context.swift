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
      guard let parsed = LocalDateTime.parseISO8601(text) else {
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
