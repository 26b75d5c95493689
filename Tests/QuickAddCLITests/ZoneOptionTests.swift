import Foundation
import QuickAddCLI
import Testing

/// Zones: IANA names, `UTC` and `floating` only; offsets as names are usage errors with a hint.
@Suite struct ZoneOptionTests {
  @Test(arguments: [
    ("GMT+5", "did you mean Etc/GMT-5 (UTC+05:00) or a city such as Asia/Karachi?"),
    ("UTC+5", "did you mean Etc/GMT-5 (UTC+05:00) or a city such as Asia/Karachi?"),
    ("UTC+05:00", "did you mean Etc/GMT-5 (UTC+05:00) or a city such as Asia/Karachi?"),
    ("GMT-3", "did you mean Etc/GMT+3 (UTC-03:00) or a city such as America/Sao_Paulo?"),
    ("GMT+0530", "did you mean a city such as Asia/Kolkata (UTC+05:30)?"),
    ("+00:00", "did you mean UTC?"), ("utc", "did you mean 'UTC'?"),
    ("america/new_york", "did you mean 'America/New_York'?"), ("Europe/Lodnon", "did you mean 'Europe/London'?"),
    ("Mars/Base", "use an IANA name"),
  ])
  func offsetsAndUnknownNamesAreUsageErrors(_ c: (String, String)) {
    for command in [
      ["parse", "--tz", c.0, "every day"], ["next", "--rrule", "FREQ=DAILY", "--tz", c.0],
      ["encode", "--tz", c.0, "every day"], ["decode", "--tz", c.0, "R1;FREQ=DAILY"],
    ] {
      let r = QuickAddCommand.run(command)
      #expect(r.exitCode == 64, "\(command)")
      #expect(r.stderr.contains(c.1), "\(r.stderr)")
    }
  }

  /// Found by fuzzing: suggestions for a long name of invalid bytes took seconds. Now only short
  /// ASCII names are compared, and only with names of about their length.
  @Test func hostileNamesAreRefusedPlainly() {
    let bytes: [UInt8] =
      [0xA1, 0xA1, 0xA1, 0xA1, 0xFF] + Array("root".utf8) + [0xFF, 0xFF] + Array("rope/London".utf8)
    for name in [String(decoding: bytes, as: UTF8.self), String(repeating: "a/", count: 5_000), "\u{1B}[31m"] {
      let r = QuickAddCommand.run(["encode", "--tz", name, "every day"])
      #expect(r.exitCode == 64)
      #expect(r.stderr.contains("use an IANA name"))
      #expect(!r.stderr.unicodeScalars.contains("\u{1B}"))
      #expect(r.stderr.utf8.count < 600)
    }
  }

  @Test(arguments: ["UTC", "Etc/GMT-5", "America/New_York", "Asia/Kolkata", "floating"])
  func acceptedNames(_ name: String) {
    let r = QuickAddCommand.run(["next", "--rrule", "FREQ=DAILY", "--from", "2026-11-30T10:00", "--tz", name])
    #expect(r.exitCode == 0, "\(r.stderr)")
  }

  /// Every zone Foundation knows survives encode then decode, with its name as the TZID.
  @Test func everyKnownZoneRoundTrips() {
    var failures: [String] = []
    for id in TimeZone.knownTimeZoneIdentifiers {
      let encoded = QuickAddCommand.run(["encode", "--now", "2026-11-30T10:00", "--tz", id, "every day at 9"])
      let packed = encoded.stdout.trimmingCharacters(in: .newlines)
      guard encoded.exitCode == 0, packed.hasSuffix(";TZID=\(id)") else {
        failures.append("encode \(id): \(encoded.stderr)")
        continue
      }
      let decoded = QuickAddCommand.run(["decode", "--json", "--now", "2026-11-30T10:00", "--count", "1", packed])
      if decoded.exitCode != 0 || object(decoded.stdout)?["packed"] as? String != packed {
        failures.append("decode \(id): \(decoded.stdout)\(decoded.stderr)")
      }
    }
    #expect(TimeZone.knownTimeZoneIdentifiers.count > 300)
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  @Test func parseAndNextAgreeOnAZone() {
    let parse = QuickAddCommand.run(["parse", "--tz", "UTC+05:00", "every day"])
    let next = QuickAddCommand.run(["next", "--tz", "UTC+05:00", "--rrule", "FREQ=DAILY"])
    #expect(parse.exitCode == 64 && next.exitCode == 64)
  }
}

/// Output depends on the clock only through the default `--now`/`--from`, truncated to the
/// minute; a rule never gains seconds or defaults it does not need.
@Suite struct DeterminismTests {
  @Test func encodeRRuleGainsNoSecondsAndNoMonthEnd() {
    let r = QuickAddCommand.run(["encode", "--rrule", "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"])
    #expect(r.stdout == "R1;FREQ=WEEKLY;BYDAY=MO;BYTIME=0900\n")
    let at = QuickAddCommand.run([
      "encode", "--now", "2026-11-30T10:07:13", "--rrule", "FREQ=DAILY;BYHOUR=9",
    ])
    #expect(at.stdout == "R1;FREQ=DAILY;BYTIME=0907\n")
  }

  @Test(arguments: [
    ("FREQ=WEEKLY;BYDAY=MO", "R1;FREQ=WEEKLY;BYDAY=MO\n"),
    ("FREQ=MONTHLY;BYDAY=-1FR", "R1;FREQ=MONTHLY;BYDAY=-1FR\n"),
    ("FREQ=MONTHLY;BYMONTHDAY=31", "R1;FREQ=MONTHLY;BYMONTHDAY=31;MONTHEND=SKIP\n"),
    ("FREQ=MONTHLY", "R1;FREQ=MONTHLY;MONTHEND=SKIP\n"),
  ])
  func monthEndOnlyWhereItMatters(_ c: (String, String)) {
    #expect(QuickAddCommand.run(["encode", "--now", "2026-11-30T10:00", "--rrule", c.0]).stdout == c.1)
  }

  @Test func defaultFromIsTruncatedToTheMinute() throws {
    let r = QuickAddCommand.run(["next", "--json", "--rrule", "FREQ=DAILY", "--tz", "UTC", "--count", "1"])
    let first = try #require((object(r.stdout)?["next"] as? [String])?.first)
    #expect(first.hasSuffix(":00+00:00"), "\(first)")
  }
}
