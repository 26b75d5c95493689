import Foundation
import RecurrenceCore
import Testing

/// One RRULE with the occurrences python-dateutil computed for it.
struct DateutilCase: Codable, Sendable, CustomTestStringConvertible {
  let rrule: String
  let dtstart: String
  let tz: String
  let expected: [String]
  var testDescription: String { "\(rrule) from \(dtstart) in \(tz)" }

  /// The committed fixtures (see `Fixtures/make_dateutil_fixtures.py`).
  static func load() -> [DateutilCase] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/dateutil-occurrences.jsonl")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(DateutilCase.self, from: Data($0.utf8)) }
  }
}

@Suite(.tags(.oracle, .dst)) struct DateutilFixtureTests {
  static let cases = DateutilCase.load()

  @Test func fixturesArePresent() {
    #expect(Self.cases.count == 570)
  }

  @Test(arguments: cases)
  func matchesDateutil(_ c: DateutilCase) throws {
    let start = ldt(c.dtstart)
    let rule = try RRule.parse(c.rrule, start: start, timeZone: c.tz)
    let got = rule.next(8, from: start, in: try zone(c.tz)).map(\.iso8601)
    #expect(got == c.expected)
  }
}
