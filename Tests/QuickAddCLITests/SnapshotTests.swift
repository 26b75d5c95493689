import Foundation
import QuickAddCLI
import Testing

/// Help texts and rendered errors compared with files under `Snapshots/`, re-recorded only when
/// `RECORD_SNAPSHOTS=1` is set (then review the diff before committing).
@Suite struct SnapshotTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

  func assertSnapshot(_ text: String, named name: String) throws {
    let file = Self.folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try text.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    if expected != text {
      let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let b = text.split(separator: "\n", omittingEmptySubsequences: false)
      let diff = zip(a.indices, zip(a, b)).first { $0.1.0 != $0.1.1 }
      let where_ = diff.map { "line \($0.0 + 1): expected '\($0.1.0)', got '\($0.1.1)'" } ?? "lengths differ"
      Issue.record("snapshot \(name) differs at \(where_); RECORD_SNAPSHOTS=1 re-records it")
    }
  }

  @Test(arguments: ["overview", "parse", "add", "next", "encode", "decode", "corpus", "import"])
  func help(_ command: String) throws {
    let r = QuickAddCommand.run(command == "overview" ? ["--help"] : ["help", command])
    #expect(r.exitCode == 0)
    try assertSnapshot(r.stdout, named: "help-\(command)")
  }

  @Test(arguments: [
    ("parse-misspelling", ["parse", "every wensday at 5pm"]),
    ("parse-impossible-date", ["parse", "every feb 30"]),
    ("parse-one-off", ["parse", "tomorrow at 5pm"]),
    ("next-bad-rrule", ["next", "--rrule", "FREQ=WEEKLY;BYDAY=XX", "--tz", "UTC"]),
    ("decode-bad-segment", ["decode", "R1;FREQ=DAILY;INTERVL=2"]),
    ("usage-unknown-option", ["parse", "--tzz", "UTC", "every day"]),
  ])
  func renderedErrors(_ c: (String, [String])) throws {
    let r = QuickAddCommand.run(c.1)
    #expect(r.exitCode != 0)
    try assertSnapshot(r.stderr, named: c.0)
  }
}
