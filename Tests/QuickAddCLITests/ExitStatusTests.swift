import Foundation
import QuickAddCLI
import Testing

/// One command line and the exit status it must end with.
struct ExitCase: CustomTestStringConvertible, Sendable {
  let arguments: [String]
  let status: Int32
  var testDescription: String { "\(status): \(arguments.joined(separator: " "))" }
}

/// The documented exit statuses of every command: 0 success, 1 input that does not read (ID,
/// message and caret; a JSON object under --json), 64 usage, 66 input that cannot be read.
@Suite struct ExitStatusTests {
  static let at = ["--now", "2026-11-30T10:00", "--tz", "UTC"]

  @Test(arguments: [
    ExitCase(arguments: ["parse"] + at + ["every day"], status: 0),
    ExitCase(arguments: ["parse"] + at + ["every wensday"], status: 1),
    ExitCase(arguments: ["parse", "--count", "1001", "every day"], status: 64),
    ExitCase(arguments: ["next", "--rrule", "FREQ=DAILY", "--from", "2026-11-30", "--tz", "UTC"], status: 0),
    ExitCase(arguments: ["next", "--rrule", "FREQ=DAILY", "--from", "2026-11-30", "--count", "0"], status: 0),
    ExitCase(arguments: ["next", "--rrule", "FREQ=DAYLY", "--tz", "UTC"], status: 1),
    ExitCase(arguments: ["next", "--rrule", "FREQ=DAILY", "--tz", "UTC+05:00"], status: 64),
    ExitCase(arguments: ["encode"] + at + ["every day"], status: 0),
    ExitCase(arguments: ["encode", "--rrule", "FREQ=DAILY;BYDAY=XX"], status: 1),
    ExitCase(arguments: ["encode", "--rrule", "FREQ=DAILY", "every day"], status: 64),
    ExitCase(arguments: ["decode"] + at + ["R1;FREQ=DAILY"], status: 0),
    ExitCase(arguments: ["decode"] + at + ["R1;FREQ=DAILY;TZID=Not/AZone"], status: 1),
    ExitCase(arguments: ["decode", "--tz", "GMT+5", "R1;FREQ=DAILY"], status: 64),
    ExitCase(arguments: ["help"], status: 0),
    ExitCase(arguments: ["help", "help"], status: 0),
    ExitCase(arguments: ["help", "nope"], status: 64),
    ExitCase(arguments: ["corpus", "--bogus"], status: 64),
    ExitCase(arguments: ["--version"], status: 0),
  ])
  func status(_ c: ExitCase) {
    let r = QuickAddCommand.run(c.arguments)
    #expect(r.exitCode == c.status, "\(r.stderr)")
    switch c.status {
    case 0: #expect(!r.stdout.isEmpty || c.arguments.contains("0"))
    case 1:
      #expect(r.stderr.range(of: #"^error\[[A-Z]{2}[0-9]{3}\]: "#, options: .regularExpression) != nil, "\(r.stderr)")
      #expect(r.stderr.contains("^"))
    case 64: #expect(r.stderr.hasPrefix("Error: ") && r.stderr.contains("Usage: "))
    default: break
    }
  }

  /// Under --json a failure is a JSON object on standard output with ok false and an error ID.
  @Test(arguments: [
    ["parse", "--json"] + at + ["every wensday"], ["next", "--json", "--rrule", "FREQ=DAYLY", "--tz", "UTC"],
    ["decode", "--json"] + at + ["R1;FREQ=DAILY;INTERVL=2"],
    ["decode", "--json"] + at + ["R1;FREQ=DAILY;TZID=Not/AZone"],
  ])
  func jsonFailures(_ arguments: [String]) throws {
    let r = QuickAddCommand.run(arguments)
    #expect(r.exitCode == 1)
    #expect(r.stderr.isEmpty)
    let o = try #require(object(r.stdout))
    #expect(o["ok"] as? Bool == false)
    let error = try #require(o["error"] as? [String: Any])
    #expect((error["id"] as? String)?.count == 5)
    #expect((error["range"] as? [Int])?.count == 2)
  }

  @Test func unknownZoneInAPackedRuleHasAnIDAndACaret() {
    let r = QuickAddCommand.run(["decode", "R1;FREQ=DAILY;TZID=Not/AZone"])
    #expect(r.exitCode == 1)
    #expect(r.stderr.hasPrefix("error[PK118]: unknown time zone 'Not/AZone'"))
    #expect(r.stderr.hasSuffix("\n                     ^~~~~~~~~\n"))
  }

  /// Runs the built executable through the shell, for what only a real process shows.
  func shell(_ command: String) throws -> (stdout: String, stderr: String, status: Int32) {
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/quickadd").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command.replacingOccurrences(of: "quickadd", with: "'\(binary)'")]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), process.terminationStatus)
  }

  @Test(arguments: [
    ("quickadd parse --tz UTC - <&-", "closed"), ("quickadd parse --tz UTC - < /", "a directory"),
    ("quickadd parse --tz UTC - < /dev/null", "empty"),
  ])
  func standardInputThatCannotBeReadExits66(_ c: (String, String)) throws {
    let r = try shell(c.0)
    #expect(r.status == 66, "\(r.stderr)")
    #expect(r.stderr.hasPrefix("Error: standard input is \(c.1)"))
  }

  /// A program that writes one line and waits for its answer gets it: output is flushed
  /// whenever reading would block.
  @Test func answersEachLineBeforeTheInputEnds() throws {
    let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/quickadd")
    let process = Process()
    process.executableURL = binary
    process.arguments = ["parse", "--json", "--tz", "UTC", "--count", "1", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data("every day\n".utf8))
    // Ends the input after a while in any case, so a failing test cannot hang.
    let writer = input.fileHandleForWriting
    let deadline = Date().addingTimeInterval(20)
    DispatchQueue.global().asyncAfter(deadline: .now() + 20) { try? writer.close() }
    let first = output.fileHandleForReading.availableData
    let answeredEarly = Date() < deadline
    try? writer.close()
    process.waitUntilExit()
    #expect(answeredEarly)
    let line = String(decoding: first, as: UTF8.self).split(separator: "\n").first ?? ""
    #expect(object(line)?["ok"] as? Bool == true)
  }

  @Test func standardInputStreamsThroughTheBinary() throws {
    let r = try shell("printf 'every monday\\r\\n\\377\\n\\nevery day' | quickadd parse --json --tz UTC --count 1 -")
    #expect(r.status == 0)
    #expect(r.stdout.split(separator: "\n").compactMap(object).map { $0["ok"] as? Bool } == [true, false, false, true])
  }
}
