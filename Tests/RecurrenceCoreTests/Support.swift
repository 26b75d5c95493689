import RecurrenceCore
import Testing

extension Tag {
  @Tag static var dst: Self
  @Tag static var oracle: Self
}

/// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` for test tables.
func ldt(_ text: String) -> LocalDateTime {
  let parts = text.split(separator: "T")
  let d = parts[0].split(separator: "-").compactMap { Int($0) }
  var t = [0, 0, 0]
  if parts.count > 1 {
    for (i, v) in parts[1].split(separator: ":").compactMap({ Int($0) }).enumerated() { t[i] = v }
  }
  return LocalDateTime(year: d[0], month: d[1], day: d[2], hour: t[0], minute: t[1], second: t[2])
}

/// A zone that must exist.
func zone(_ id: String) throws -> Zone {
  try #require(Zone(identifier: id))
}

/// The next `count` occurrences as ISO 8601 strings.
func nextStrings(_ rule: RecurrenceRule, from: String, tz: String?, count: Int = 5) throws -> [String] {
  let z = try tz.map { try zone($0) }
  return rule.next(count, from: ldt(from), in: z).map(\.iso8601)
}
