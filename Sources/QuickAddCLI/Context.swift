import Foundation
import QuickAddParser
import RecurrenceCore

/// The reference instant and zone a command works in (`--now`/`--from`, `--tz`).
struct Context {
  /// The zone, or nil when floating.
  var zone: Zone?
  /// The reference wall-clock date-time in that zone.
  var now: LocalDateTime
  /// How numeric dates such as 6/7 read in phrases (`--date-order mdy|dmy`; month first by
  /// default).
  var dateOrder = DateOrder.monthFirst

  /// The phrase parser's context: the reference date-time and the date order.
  var parseContext: ParseContext { ParseContext(now: now, dateOrder: dateOrder) }

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

  /// The same reference seen in a rule's own zone (`9am EST`), or nil when the rule has none,
  /// it is this context's, or no zone of that name is known.
  func inZone(of rule: RecurrenceRule) -> Context? {
    guard let id = rule.timeZone, id != zone?.identifier, let other = ZoneNames.zone(named: id) else { return nil }
    return self.in(other)
  }

  /// Reads `--tz` (an IANA name, `UTC` or `floating`; default the system zone) and a reference
  /// option.
  ///
  /// Without the reference option the reference is the current time **truncated to the
  /// minute**, so output never depends on the clock's seconds.
  init(_ args: Arguments, referenceOption: String, command: String) throws(UsageError) {
    if let tzName = args.values["--tz"] {
      if tzName.lowercased() == "floating" {
        zone = nil
      } else {
        guard let z = ZoneNames.zone(named: tzName) else {
          throw UsageError(message: ZoneNames.refusal(tzName), command: command)
        }
        zone = z
      }
    } else {
      // The system's own zone is taken as the system names it, when the zone database knows
      // it; only names a user types are held to the IANA-or-UTC rule.
      let system = TimeZone.current.identifier
      guard let z = ZoneNames.zone(named: system) ?? Zone(identifier: system) else {
        throw UsageError(
          message: "the system time zone '\(TerminalText.escaped(system, limit: 80))' is unknown; give '--tz'",
          command: command)
      }
      zone = z
    }
    if let order = args.values["--date-order"] {
      guard let o = DateOrder(rawValue: order.lowercased()) else {
        throw UsageError(
          message:
            "'--date-order' is 'mdy' (6/7 is June 7) or 'dmy' (6/7 is July 6), not '\(TerminalText.escaped(order, limit: 20))'",
          command: command)
      }
      dateOrder = o
    }
    if let text = args.values[referenceOption] {
      guard let parsed = LocalDateTime.parseISO8601(text) else {
        throw UsageError(
          message:
            "'\(referenceOption)' needs an ISO 8601 date-time such as 2026-11-30T10:00, not '\(TerminalText.escaped(text, limit: 80))'",
          command: command)
      }
      if let offset = parsed.offset {
        let instant = parsed.local.localSeconds - offset
        now = zone?.localDateTime(atInstant: instant) ?? parsed.local
      } else {
        now = parsed.local
      }
    } else {
      let seconds = Int(Date().timeIntervalSince1970)
      let instant = seconds - ((seconds % 60) + 60) % 60
      now =
        zone?.localDateTime(atInstant: instant)
        ?? LocalDateTime(localSeconds: instant + TimeZone.current.secondsFromGMT())
    }
  }
}
