import Foundation
import RecurrenceCore

/// The zone names the command line accepts (`--tz`, and `TZID` in packed rules): IANA names,
/// `UTC`, and for `--tz` also `floating`.
///
/// An IANA name is one of `TimeZone.knownTimeZoneIdentifiers` or another name the time zone
/// database resolves to itself (`Etc/GMT-5`, `US/Eastern`). Offsets written as names (`GMT+5`,
/// `UTC+05:00`, `+0530`) are refused with a hint, because their sign is ambiguous: POSIX and
/// IANA's `Etc/GMT+5` mean five hours *behind* UTC, while most people mean ahead. Refusing them
/// also keeps every accepted name a valid packed `TZID`, so encode and decode round-trip.
enum ZoneNames {
  /// The identifiers Foundation lists, for exact look-ups and suggestions.
  static let known: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers)

  /// The zone named `name`, or nil when the name is not an accepted zone name.
  static func zone(named name: String) -> Zone? {
    guard isAccepted(name) else { return nil }
    return Zone(identifier: name)
  }

  /// Whether `name` is an IANA name or `UTC` (not `floating`, which the caller handles).
  static func isAccepted(_ name: String) -> Bool {
    if name == "UTC" || known.contains(name) { return true }
    guard RecurrenceRule.isValidZoneName(name), offsetMinutes(in: name) == nil else { return false }
    let upper = name.uppercased()
    if upper.hasPrefix("GMT+") || upper.hasPrefix("GMT-") || upper.hasPrefix("UTC+") || upper.hasPrefix("UTC-") {
      return false
    }
    return TimeZone(identifier: name)?.identifier == name
  }

  /// Why `name` is refused, with a hint: `unknown time zone 'GMT+5'; did you mean Etc/GMT-5
  /// (UTC+05:00) or a city such as Asia/Karachi?`.
  static func refusal(_ name: String) -> String {
    let shown = TerminalText.escaped(name, limit: 80)
    var message = "unknown time zone '\(shown)'"
    if let minutes = offsetMinutes(in: name) {
      let utc = "UTC" + formatOffset(minutes)
      let city = cities[minutes].map { " a city such as \($0)" }
      if minutes == 0 {
        message += "; did you mean UTC?"
      } else if minutes % 60 == 0, (-12...14).contains(minutes / 60) {
        let hours = minutes / 60
        let etc = "Etc/GMT\(hours > 0 ? "-" : "+")\(abs(hours))"
        message += "; did you mean \(etc) (\(utc))" + (city.map { " or" + $0 } ?? "") + "?"
      } else if let city {
        message += "; did you mean" + city + " (\(utc))?"
      } else {
        message += "; no zone has the offset \(utc)"
      }
      return message
    }
    // Suggestions only for short ASCII names, against names of about the same length: the work
    // stays small whatever the input.
    let length = name.utf8.count
    if length <= 40, name.utf8.allSatisfy({ $0 < 0x80 }) {
      let lower = name.lowercased()
      if lower == "utc" { return message + "; did you mean 'UTC'?" }
      if let exact = known.first(where: { $0.lowercased() == lower }) {
        return message + "; did you mean '\(exact)'?"
      }
      var near: (name: String, distance: Int)?
      for candidate in known.sorted() where abs(candidate.utf8.count - length) <= 2 {
        let d = editDistance(candidate, name)
        if d <= 2, d < near?.distance ?? 3 { near = (candidate, d) }
      }
      if let near { return message + "; did you mean '\(near.name)'?" }
    }
    return message + "; use an IANA name such as 'America/New_York', or 'UTC'"
  }

  /// The offset in minutes east of UTC that a name such as `GMT+5`, `UTC+05:00`, `GMT+0530` or
  /// `+05:30` spells, read the way most people mean it (`+` ahead of UTC); nil for other names.
  static func offsetMinutes(in name: String) -> Int? {
    var rest = Substring(name.uppercased())
    for prefix in ["GMT", "UTC", "UT", "Z"] where rest.hasPrefix(prefix) {
      rest = rest.dropFirst(prefix.count)
      break
    }
    guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
    let digits = rest.dropFirst().filter { $0 != ":" }
    guard (1...4).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      rest.dropFirst().filter({ $0 == ":" }).count <= 1, let value = Int(digits)
    else { return nil }
    let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
    guard hours <= 14, minutes < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
  }

  /// `+05:00`, `-03:30`.
  static func formatOffset(_ minutes: Int) -> String {
    let a = abs(minutes)
    let hh = a / 60 < 10 ? "0\(a / 60)" : "\(a / 60)"
    let mm = a % 60 < 10 ? "0\(a % 60)" : "\(a % 60)"
    return (minutes < 0 ? "-" : "+") + hh + ":" + mm
  }

  /// One well-known city per standard offset (minutes east of UTC), for hints.
  static let cities: [Int: String] = [
    -600: "Pacific/Honolulu", -570: "Pacific/Marquesas", -540: "America/Anchorage", -480: "America/Los_Angeles",
    -420: "America/Denver", -360: "America/Chicago", -300: "America/New_York", -240: "America/Halifax",
    -210: "America/St_Johns", -180: "America/Sao_Paulo", -120: "Atlantic/South_Georgia", -60: "Atlantic/Azores",
    60: "Europe/Paris", 120: "Africa/Cairo", 180: "Europe/Moscow", 210: "Asia/Tehran", 240: "Asia/Dubai",
    270: "Asia/Kabul", 300: "Asia/Karachi", 330: "Asia/Kolkata", 345: "Asia/Kathmandu", 360: "Asia/Dhaka",
    390: "Asia/Yangon", 420: "Asia/Bangkok", 480: "Asia/Singapore", 525: "Australia/Eucla", 540: "Asia/Tokyo",
    570: "Australia/Darwin", 600: "Australia/Brisbane", 630: "Australia/Lord_Howe", 660: "Pacific/Noumea",
    720: "Pacific/Auckland", 765: "Pacific/Chatham", 780: "Pacific/Tongatapu", 840: "Pacific/Kiritimati",
  ]
}
