import Foundation
import RecurrenceCore
import Testing

/// One wall-clock time resolved in a zone, with the expected result.
struct ResolveCase: CustomTestStringConvertible, Sendable {
  let zone: String
  let local: String
  let expected: String
  var testDescription: String { "\(local) in \(zone)" }
}

@Suite(.tags(.dst)) struct ZoneTests {
  static let cases: [ResolveCase] = [
    // Spring forward: the skipped time is pushed forward by the gap.
    ResolveCase(zone: "America/New_York", local: "2026-03-08T02:30", expected: "2026-03-08T03:30:00-04:00"),
    ResolveCase(zone: "America/New_York", local: "2026-03-08T01:59", expected: "2026-03-08T01:59:00-05:00"),
    ResolveCase(zone: "America/New_York", local: "2026-03-08T03:00", expected: "2026-03-08T03:00:00-04:00"),
    // Fall back: the repeated time takes the earlier instant.
    ResolveCase(zone: "America/New_York", local: "2026-11-01T01:30", expected: "2026-11-01T01:30:00-04:00"),
    ResolveCase(zone: "America/New_York", local: "2026-11-01T02:00", expected: "2026-11-01T02:00:00-05:00"),
    ResolveCase(zone: "Europe/London", local: "2026-03-29T01:30", expected: "2026-03-29T02:30:00+01:00"),
    ResolveCase(zone: "Europe/London", local: "2026-10-25T01:30", expected: "2026-10-25T01:30:00+01:00"),
    ResolveCase(zone: "Europe/London", local: "2026-10-25T02:00", expected: "2026-10-25T02:00:00+00:00"),
    // Lord Howe moves by 30 minutes.
    ResolveCase(zone: "Australia/Lord_Howe", local: "2026-10-04T02:15", expected: "2026-10-04T02:45:00+11:00"),
    ResolveCase(zone: "Australia/Lord_Howe", local: "2026-04-05T01:45", expected: "2026-04-05T01:45:00+11:00"),
    // Apia skipped 2011-12-30 entirely.
    ResolveCase(zone: "Pacific/Apia", local: "2011-12-30T09:00", expected: "2011-12-31T09:00:00+14:00"),
    ResolveCase(zone: "Pacific/Apia", local: "2011-12-29T09:00", expected: "2011-12-29T09:00:00-10:00"),
    // Outside the table's years the zone falls back to Foundation, with the same policy.
    ResolveCase(zone: "America/New_York", local: "2250-07-01T12:00", expected: "2250-07-01T12:00:00-04:00"),
  ]

  @Test(arguments: cases)
  func resolvesWithThePolicy(_ c: ResolveCase) throws {
    let z = try zone(c.zone)
    let (instant, offset) = z.resolve(ldt(c.local))
    let occurrence = Occurrence(local: LocalDateTime(localSeconds: instant + offset), utcOffset: offset)
    #expect(occurrence.iso8601 == c.expected)
  }

  @Test(arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"])
  func offsetsAgreeWithFoundation(_ id: String) throws {
    let z = try zone(id)
    let tz = try #require(TimeZone(identifier: id))
    var t = -2_000_000_000
    while t < 4_000_000_000 {
      #expect(z.offset(atInstant: t) == tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))), "at \(t)")
      t += 3_600 * 97 + 1_234
    }
  }

  @Test func unknownZoneIsNil() {
    #expect(Zone(identifier: "Mars/Olympus_Mons") == nil)
  }
}
