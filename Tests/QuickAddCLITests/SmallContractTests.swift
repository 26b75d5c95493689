import Foundation
import QuickAddCLI
import RecurrenceCore
import Testing

/// The smaller promises: where warnings go, four-digit years, consistent ranges, `help help`.
@Suite struct SmallContractTests {
  @Test func plainWarningsGoToStandardError() {
    let r = QuickAddCommand.run(["parse", "--now", "2026-11-30T10:00", "--tz", "UTC", "every 3rd friday"])
    #expect(r.exitCode == 0)
    #expect(!r.stdout.contains("QA201"))
    #expect(r.stderr.hasPrefix("warning[QA201]"))
  }

  @Test func occurrencesStopBeforeTheYear10000() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=YEARLY", "--from", "9998-06-01T09:00", "--tz", "UTC", "--count", "5",
    ])
    #expect(r.stdout == "9998-06-01T09:00:00+00:00\n9999-06-01T09:00:00+00:00\n")
    let json = QuickAddCommand.run([
      "parse", "--json", "--now", "9999-12-30T10:00", "--tz", "UTC", "--count", "5", "every day",
    ])
    #expect(object(json.stdout)?["next"] as? [String] == ["9999-12-30T00:00:00+00:00", "9999-12-31T00:00:00+00:00"])
  }

  @Test func everyPrintedDateReadsBackAsFrom() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=YEARLY", "--from", "9990-01-01", "--tz", "UTC", "--count", "20",
    ])
    for line in r.stdout.split(separator: "\n") {
      let again = QuickAddCommand.run(["next", "--rrule", "FREQ=DAILY", "--from", String(line), "--count", "1"])
      #expect(again.exitCode == 0, "\(line)")
    }
  }

  @Test func countRangesAgree() {
    for command in [["parse", "every day"], ["next", "--rrule", "FREQ=DAILY"], ["decode", "R1;FREQ=DAILY"]] {
      let reference = command[0] == "next" ? "--from" : "--now"
      for (count, status) in [("0", Int32(0)), ("1000", 0), ("1001", 64), ("-1", 64)] {
        let r = QuickAddCommand.run(command + [reference, "2026-11-30T10:00", "--tz", "UTC", "--count", count])
        #expect(r.exitCode == status, "\(command) --count \(count): \(r.stderr)")
      }
    }
  }

  @Test func helpHelp() {
    let r = QuickAddCommand.run(["help", "help"])
    #expect(r.exitCode == 0)
    #expect(r.stdout.contains("Usage: quickadd help [COMMAND]"))
  }

  @Test func packedCountOutOfRangeSaysSo() {
    let r = QuickAddCommand.run(["decode", "R1;FREQ=DAILY;COUNT=1000000"])
    #expect(r.exitCode == 1)
    #expect(r.stderr.hasPrefix("error[PK113]: count 1000000 is out of range"))
  }
}

/// Phrase limits count Unicode scalars, and messages say so.
@Suite struct PhraseLengthTests {
  @Test func tooLongCountsScalars() throws {
    let r = QuickAddCommand.run(["parse", "--json", "--tz", "UTC", String(repeating: "é", count: 2_001)])
    let error = try #require(object(r.stdout)?["error"] as? [String: Any])
    #expect(error["id"] as? String == "QA100")
    #expect((error["message"] as? String)?.hasPrefix("phrase is 2001 characters") == true)
    #expect(error["range"] as? [Int] == [1_000, 2_001])
  }

  @Test func hugeInputRendersAWindow() {
    let r = QuickAddCommand.run(["parse", "--tz", "UTC", String(repeating: "x", count: 100_000)])
    #expect(r.exitCode == 1)
    #expect(r.stderr.utf8.count < 1_000)
  }
}

/// Nothing a user typed reaches the terminal unescaped, whatever the command says about it.
@Suite struct EscapedOutputTests {
  @Test(arguments: [
    ["parse", "--\u{1B}[2J", "every day"], ["\u{1B}]0;title\u{7}"], ["help", "\u{1B}[31m"],
    ["next", "--rrule", "FREQ=DAILY", "--from", "\u{1B}[31m"], ["parse", "--tz", "UTC", "every \u{9B}31m day"],
    ["decode", "R1;FREQ=DAILY;\u{1B}"], ["next", "--rrule", "FREQ=\u{202E}YLIAD", "--tz", "UTC"],
  ])
  func controlCharactersAreEscaped(_ arguments: [String]) {
    let r = QuickAddCommand.run(arguments)
    #expect(r.exitCode != 0)
    for text in [r.stdout, r.stderr] {
      #expect(!text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" }, "\(text)")
    }
    #expect(r.stderr.contains("\\u{"))
  }
}

/// JSON writes occurrences through a byte fast path; it must agree with the plain form.
@Suite struct OccurrenceTextTests {
  @Test(arguments: ["America/New_York", "Asia/Kolkata", "Africa/Monrovia", "Pacific/Chatham", "floating"])
  func jsonAndPlainAgree(_ zone: String) {
    for from in ["1900-01-01T00:00", "1970-01-01T00:00", "2026-03-08T01:30", "9999-12-20T12:00"] {
      let args = ["next", "--rrule", "FREQ=HOURLY;INTERVAL=7", "--from", from, "--tz", zone, "--count", "40"]
      let plain = QuickAddCommand.run(args).stdout.split(separator: "\n").map(String.init)
      let json = object(QuickAddCommand.run(args + ["--json"]).stdout)?["next"] as? [String]
      #expect(!plain.isEmpty)
      #expect(json == plain, "\(zone) from \(from)")
    }
  }
}
