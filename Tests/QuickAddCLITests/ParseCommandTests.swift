import Foundation
import QuickAddCLI
import QuickAddParser
import Testing

/// The JSON object a command printed.
func object(_ line: some StringProtocol) -> [String: Any]? {
  (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
}

let now = ["--now", "2026-11-30T10:00", "--tz", "America/New_York"]

@Suite struct ParseCommandTests {
  @Test func plainReport() {
    let r = QuickAddCommand.run(["parse"] + now + ["--count", "2", "every monday at 9am"])
    #expect(r.exitCode == 0)
    #expect(
      r.stdout == """
        kind: schedule
        text: every week on Monday at 09:00
        rrule: FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0
        packed: R1;FREQ=WEEKLY;BYDAY=MO;BYTIME=0900
        next:
          2026-12-07T09:00:00-05:00
          2026-12-14T09:00:00-05:00

        """)
  }

  @Test func jsonKeys() throws {
    let r = QuickAddCommand.run(["parse", "--json"] + now + ["--count", "1", "every 3rd friday"])
    let o = try #require(object(r.stdout))
    #expect(o["ok"] as? Bool == true)
    #expect(o["kind"] as? String == "schedule")
    #expect(o["text"] as? String == "every month on the 3rd Friday")
    #expect(o["rrule"] as? String == "FREQ=MONTHLY;BYDAY=3FR")
    #expect(o["packed"] as? String == "R1;FREQ=MONTHLY;BYDAY=3FR")
    #expect(o["next"] as? [String] == ["2026-12-18T00:00:00-05:00"])
    let warnings = try #require(o["warnings"] as? [[String: Any]])
    #expect(warnings.first?["id"] as? String == "QA201")
  }

  @Test func aZoneWrittenAfterTheTimesListsTheRuleInThatZone() throws {
    // 10:00 in New York is 07:00 in Los Angeles: today's 9am PST is still ahead.
    let r = QuickAddCommand.run(["parse", "--json"] + now + ["--count", "2", "every day at 9am PST"])
    let o = try #require(object(r.stdout))
    #expect(o["text"] as? String == "every day at 09:00 PT")
    #expect(o["packed"] as? String == "R1;FREQ=DAILY;BYTIME=0900;TZID=America/Los_Angeles")
    #expect(o["next"] as? [String] == ["2026-11-30T09:00:00-08:00", "2026-12-01T09:00:00-08:00"])
    let anchored = QuickAddCommand.run(
      ["parse", "--json"] + now + ["--count", "1", "every 2 weeks on monday at 9am PST"])
    #expect(try #require(object(anchored.stdout))["next"] as? [String] == ["2026-11-30T09:00:00-08:00"])
    let india = try #require(object(QuickAddCommand.run(["parse", "--json"] + now + ["every day at 10am IST"]).stdout))
    #expect((india["warnings"] as? [[String: Any]])?.first?["id"] as? String == "QA217")
  }

  @Test func aSingleTimeInAnotherZoneIsConvertedIntoTheLines() throws {
    let r = QuickAddCommand.run(["add", "--json"] + now + ["Call client 3pm GMT tomorrow"])
    let o = try #require(object(r.stdout))
    #expect(o["title"] as? String == "Call client")
    #expect((o["due"] as? [String: Any])?["next"] as? [String] == ["2026-12-01T10:00:00-05:00"])
    let rule = try #require(
      object(QuickAddCommand.run(["add", "--json", "--count", "1"] + now + ["Sync every monday 9am JST"]).stdout))
    #expect((rule["due"] as? [String: Any])?["next"] as? [String] == ["2026-12-07T09:00:00+09:00"])
  }

  @Test func afterCompletionChainsFromNow() throws {
    let r = QuickAddCommand.run(["parse", "--json"] + now + ["--count", "2", "every! 3 days at 9am"])
    let o = try #require(object(r.stdout))
    #expect(o["kind"] as? String == "afterCompletion")
    #expect(o["rrule"] is NSNull)
    #expect(o["next"] as? [String] == ["2026-12-03T09:00:00-05:00", "2026-12-06T09:00:00-05:00"])
  }

  @Test func errorWithCaretExitsOne() {
    let r = QuickAddCommand.run(["parse"] + now + ["every wensday at 5pm"])
    #expect(r.exitCode == 1)
    #expect(
      r.stderr
        == "error[QA104]: unknown word 'wensday'; did you mean 'wednesday'?\n  every wensday at 5pm\n        ^~~~~~~\n")
  }

  @Test func standardInputGivesOneObjectPerLine() throws {
    let input = "every day\ntomorrow\nevery wensday\n\nevery 2 weeks after done\n"
    let r = QuickAddCommand.run(["parse", "--json"] + now + ["-"]) { input }
    #expect(r.exitCode == 0)
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    let objects = lines.compactMap(object)
    #expect(objects.map { $0["ok"] as? Bool } == [true, false, false, false, true])
    let error = try #require(objects[1]["error"] as? [String: Any])
    #expect(error["id"] as? String == "QA103")
    #expect(error["range"] as? [Int] == [0, 8])
    #expect(objects[3]["input"] as? String == "")
    #expect(objects[4]["kind"] as? String == "afterCompletion")
  }
}

@Suite struct CodecCommandTests {
  @Test func encodePrintsThePackedTextAlone() {
    #expect(
      QuickAddCommand.run(["encode"] + now.prefix(2) + ["every monday at 9am"]).stdout
        == "R1;FREQ=WEEKLY;BYDAY=MO;BYTIME=0900\n")
    #expect(
      QuickAddCommand.run(["encode", "--tz", "Europe/London", "every 31st"]).stdout
        == "R1;FREQ=MONTHLY;BYMONTHDAY=31;TZID=Europe/London\n")
    #expect(
      QuickAddCommand.run(["encode", "--rrule", "FREQ=MONTHLY;BYMONTHDAY=31"]).stdout
        == "R1;FREQ=MONTHLY;BYMONTHDAY=31;MONTHEND=SKIP\n")
  }

  @Test func decodeJSONHasTheParseKeys() throws {
    let r = QuickAddCommand.run(
      [
        "decode", "--json", "--now", "2026-11-30T10:00", "--count", "1",
        "R1;FREQ=DAILY;keepMissed=true;BYTIME=0900;TZID=UTC",
      ])
    let o = try #require(object(r.stdout))
    #expect(Set(o.keys).isSuperset(of: ["input", "ok", "kind", "text", "rrule", "packed", "next", "warnings"]))
    #expect(o["packed"] as? String == "R1;FREQ=DAILY;BYTIME=0900;TZID=UTC")
    #expect(o["next"] as? [String] == ["2026-12-01T09:00:00+00:00"])
  }

  @Test func decodeErrorsShowTheColumn() {
    let r = QuickAddCommand.run(["decode", "R1;FREQ=DAILY;INTERVL=2"])
    #expect(r.exitCode == 1)
    #expect(r.stderr.contains("error[PK105]: unknown segment 'INTERVL'; did you mean 'INTERVAL'?"))
    #expect(r.stderr.contains("\n                ^~~~~~~"))
  }

  @Test func parseAndDecodeAgree() throws {
    let parsed = try #require(
      object(QuickAddCommand.run(["parse", "--json"] + now + ["every other tue, thu at 7:30"]).stdout))
    let packed = try #require(parsed["packed"] as? String)
    let decoded = try #require(object(QuickAddCommand.run(["decode", "--json"] + now + [packed]).stdout))
    #expect(decoded["text"] as? String == parsed["text"] as? String)
    #expect(decoded["next"] as? [String] == parsed["next"] as? [String])
  }
}

@Suite struct CorpusCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func runsAndEndsWithTheCount() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString).txt")
    try """
    @reference 2026-11-30T10:00
    every monday => R1;FREQ=WEEKLY;BYDAY=MO
    every tuesday => R1;FREQ=WEEKLY;BYDAY=MO
    * every wensday => QA104 @6..13
    ! Pay rent
    """.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = QuickAddCommand.run(["corpus", file.path])
    #expect(r.exitCode == 1)
    #expect(r.stdout.contains("\(file.path):3: expected R1;FREQ=WEEKLY;BYDAY=MO, got R1;FREQ=WEEKLY;BYDAY=TU"))
    #expect(r.stdout.hasSuffix("3 passed, 1 failed\n"))

    let updated = QuickAddCommand.run(["corpus", "--update", file.path])
    #expect(updated.stdout.contains("updated 1 lines"))
    #expect(try String(contentsOf: file, encoding: .utf8).contains("every tuesday => R1;FREQ=WEEKLY;BYDAY=TU"))
    #expect(QuickAddCommand.run(["corpus", file.path]).exitCode == 0)
  }

  @Test func theRepositoryCorpusPasses() {
    let r = QuickAddCommand.run(["corpus", Self.root.appendingPathComponent("Corpus").path])
    #expect(r.exitCode == 0, "\(r.stdout.suffix(500))")
    let n = Production.allCases.count
    #expect(r.stdout.contains("grammar coverage: \(n)/\(n) productions"))
  }
}

@Suite struct BinaryTests {
  /// Runs the built `quickadd` executable.
  func run(_ arguments: [String]) throws -> (String, String, Int32) {
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/quickadd")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    let o = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (o, e, process.terminationStatus)
  }

  @Test func exitStatuses() throws {
    let ok = try run(["encode", "every day"])
    #expect(ok.0 == "R1;FREQ=DAILY\n" && ok.2 == 0)
    let bad = try run(["parse", "every wensday"])
    #expect(bad.2 == 1 && bad.1.contains("QA104"))
    let usage = try run(["parse", "--bogus", "x"])
    #expect(usage.2 == 64 && usage.1.hasPrefix("Error: unknown option '--bogus'"))
    let help = try run(["--help"])
    #expect(help.2 == 0 && help.0.contains("corpus"))
  }

  @Test func dateOrderOption() {
    let mdy = QuickAddCommand.run(["parse", "--json"] + now + ["every 6/7"])
    let dmy = QuickAddCommand.run(["parse", "--json", "--date-order", "dmy"] + now + ["every 6/7"])
    #expect(mdy.stdout.contains("\"packed\": \"R1;FREQ=YEARLY;BYMONTHDAY=7;BYMONTH=6\""))
    #expect(mdy.stdout.contains("QA208"))
    #expect(dmy.stdout.contains("\"packed\": \"R1;FREQ=YEARLY;BYMONTHDAY=6;BYMONTH=7\""))
    // A first number above 12 is the day whatever the order.
    let day = QuickAddCommand.run(["parse", "--json"] + now + ["every 15/6"])
    #expect(day.stdout.contains("BYMONTHDAY=15;BYMONTH=6"))
    #expect(!day.stdout.contains("QA208"))
    let bad = QuickAddCommand.run(["parse", "--date-order", "ymd"] + now + ["every 6/7"])
    #expect(bad.exitCode == 64)
  }
}
