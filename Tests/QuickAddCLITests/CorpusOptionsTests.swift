import Foundation
import QuickAddCLI
import Testing

/// `quickadd corpus` options: baselines, raw lists, formats, filters, dry runs, bad input.
@Suite struct CorpusOptionsTests {
  /// A fresh folder with the given files, removed by the caller.
  func folder(_ files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return dir
  }

  static let weekly = "@reference 2026-11-30T10:00\n## one day\nevery monday => R1;FREQ=WEEKLY;BYDAY=MO\n"

  @Test func aMissingCorpusCannotBeOpened() {
    let r = QuickAddCommand.run(["corpus", "/nonexistent-corpus"])
    #expect(r.exitCode == 66)
    #expect(r.stderr == "Error: no corpus at '/nonexistent-corpus'\n")
  }

  @Test func anUnreadableFileIsReportedAndTheRunGoesOn() throws {
    let dir = try folder(["b.txt": Self.weekly])
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data([0x65, 0xFF, 0xFE, 0x0A]).write(to: dir.appendingPathComponent("a.txt"))
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("c.txt"), withIntermediateDirectories: true)
    let r = QuickAddCommand.run(["corpus", dir.path])
    #expect(r.exitCode == 1)
    #expect(r.stdout.contains("a.txt: error[CP107]: cannot read the file: it is not UTF-8 text\n"))
    #expect(r.stdout.contains("c.txt: error[CP107]: cannot read the file: it is a folder\n"))
    #expect(r.stdout.contains("b.txt: 1 passed, 0 failed\n"))
    #expect(r.stdout.hasSuffix("1 passed, 2 failed\n"))
  }

  @Test func saveThenCompare() throws {
    let dir = try folder(["a.txt": Self.weekly + "every day => R1;FREQ=DAILY\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("a.txt").path
    let baseline = dir.appendingPathComponent("base.jsonl").path
    let saved = QuickAddCommand.run(["corpus", "--save", baseline, corpus])
    #expect(saved.exitCode == 0 && saved.stdout.hasSuffix("saved 2 readings to \(baseline)\n2 passed, 0 failed\n"))
    let same = QuickAddCommand.run(["corpus", "--compare", baseline, corpus])
    #expect(same.exitCode == 0)
    #expect(same.stdout == "0 changed, 0 new, 0 removed, 2 unchanged\n")
    try (Self.weekly.replacingOccurrences(of: "monday =>", with: "tuesday =>") + "every hour => R1;FREQ=HOURLY\n")
      .write(toFile: corpus, atomically: true, encoding: .utf8)
    let changed = QuickAddCommand.run(["corpus", "--compare", baseline, corpus])
    #expect(changed.exitCode == 1)
    #expect(
      changed.stdout == """
        == \(corpus): 0 changed, 2 new, 2 removed
        \(corpus):3: new: R1;FREQ=WEEKLY;BYDAY=TU [every tuesday]
        \(corpus):4: new: R1;FREQ=HOURLY [every hour]
        \(corpus):3: removed: was R1;FREQ=WEEKLY;BYDAY=MO [every monday]
        \(corpus):4: removed: was R1;FREQ=DAILY [every day]
        0 changed, 2 new, 2 removed, 0 unchanged

        """)
  }

  /// A filtered comparison leaves the baseline's other cases out, instead of calling them removed.
  @Test func aFilteredCompareComparesTheSameCases() throws {
    let dir = try folder(["a.txt": Self.weekly, "b.txt": "every day => R1;FREQ=DAILY\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let baseline = dir.appendingPathComponent("base.jsonl").path
    #expect(QuickAddCommand.run(["corpus", "--save", baseline, dir.path]).exitCode == 0)
    let one = QuickAddCommand.run(["corpus", "--compare", baseline, "--file", "b.txt", dir.path])
    #expect(one.exitCode == 0 && one.stdout == "0 changed, 0 new, 0 removed, 1 unchanged\n")
    let section = QuickAddCommand.run(["corpus", "--compare", baseline, "--section", "one day", dir.path])
    #expect(section.stdout == "0 changed, 0 new, 0 removed, 1 unchanged\n")
  }

  @Test func jsonNamesProblemsAndSections() throws {
    let dir = try folder(["a.txt": Self.weekly + "@tiemzone UTC\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = QuickAddCommand.run(["corpus", "--json", dir.appendingPathComponent("a.txt").path])
    #expect(r.exitCode == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let problems = try #require(object["problems"] as? [[String: Any]])
    #expect(problems.first?["id"] as? String == "CP101" && problems.first?["line"] as? Int == 4)
    #expect(problems.first?["column"] as? Int == 1)
    let files = try #require(object["files"] as? [[String: Any]])
    let sections = try #require(files.first?["sections"] as? [[String: Any]])
    #expect(sections.first?["name"] as? String == "one day" && sections.first?["passed"] as? Int == 1)
    #expect(object["unproducedIDs"] is [String] && object["unexercisedLexicon"] is [String])
  }

  @Test func rawListsSaveAndCompare() throws {
    let dir = try folder(["list.txt": "every monday\nevery wensday\nbuy milk\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let list = dir.appendingPathComponent("list.txt").path
    let baseline = dir.appendingPathComponent("raw.jsonl").path
    let listing = QuickAddCommand.run(["corpus", "--raw", list])
    #expect(listing.exitCode == 0)
    #expect(listing.stdout.contains("\(list):2: QA104 @6..13 [every wensday]\n"))
    #expect(listing.stdout.hasSuffix("3 phrases: 1 rules, 2 errors, 0 no recurrence\n"), "\(listing.stdout)")
    #expect(QuickAddCommand.run(["corpus", "--raw", "--save", baseline, list]).exitCode == 0)
    let lines = try String(contentsOfFile: baseline, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 3 && lines[0].contains("\"reading\": \"R1;FREQ=WEEKLY;BYDAY=MO\""))
    #expect(QuickAddCommand.run(["corpus", "--raw", "--compare", baseline, list]).exitCode == 0)
    try "every tuesday\nevery wensday\nbuy milk\n".write(toFile: list, atomically: true, encoding: .utf8)
    let diff = QuickAddCommand.run(["corpus", "--raw", "--compare", baseline, list])
    #expect(diff.exitCode == 1 && diff.stdout.hasSuffix("0 changed, 1 new, 1 removed, 2 unchanged\n"))
    #expect(QuickAddCommand.run(["corpus", "--compare", "/nonexistent.jsonl", list]).exitCode == 66)
    try Data([0xFF, 0x0A]).write(to: dir.appendingPathComponent("bad.txt"))
    let partly = QuickAddCommand.run([
      "corpus", "--raw", "--save", baseline, list, dir.appendingPathComponent("bad.txt").path,
    ])
    #expect(partly.exitCode == 1 && partly.stdout.contains("bad.txt: error[CP107]: cannot read the file"))
    #expect(partly.stdout.hasSuffix("saved 3 readings to \(baseline)\n"))
  }

  @Test func dryRunPrintsTheUpdateWithoutWriting() throws {
    let text = Self.weekly + "every tuesday => R1;FREQ=WEEKLY;BYDAY=MO\n"
    let dir = try folder(["a.txt": text])
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("a.txt").path
    let r = QuickAddCommand.run(["corpus", "--update", "--dry-run", corpus])
    #expect(r.exitCode == 1)
    #expect(
      r.stdout.contains(
        "--- \(corpus)\n+++ \(corpus)\n@@ -4 +4 @@\n-every tuesday => R1;FREQ=WEEKLY;BYDAY=MO\n"
          + "+every tuesday => R1;FREQ=WEEKLY;BYDAY=TU\n"))
    #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))
    #expect(try String(contentsOfFile: corpus, encoding: .utf8) == text)
    #expect(QuickAddCommand.run(["corpus", "--dry-run", corpus]).exitCode == 64)
  }

  @Test func formatsAndFilters() throws {
    let dir = try folder(["a.txt": Self.weekly + "## daily\nevery day => R1;FREQ=HOURLY\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let corpus = dir.appendingPathComponent("a.txt").path
    let junit = QuickAddCommand.run(["corpus", "--format", "junit", corpus])
    #expect(junit.exitCode == 1 && junit.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
    #expect(junit.stdout.contains("<testcase name=\"\(corpus):5\""))
    let tap = QuickAddCommand.run(["corpus", "--format=tap", "--only-failures", corpus])
    #expect(tap.stdout.hasPrefix("TAP version 13\n1..1\nnot ok 1 - \(corpus):5 every day\n"))
    let json = QuickAddCommand.run(["corpus", "--json", corpus])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["failed"] as? Int == 1 && (object["files"] as? [Any])?.count == 1)
    let section = QuickAddCommand.run(["corpus", "--section", "ONE", corpus])
    #expect(section.exitCode == 0 && section.stdout.hasSuffix("1 passed, 0 failed\n"))
    #expect(section.stdout.contains("coverage: not computed for part of the corpus\n"))
    let grep = QuickAddCommand.run(["corpus", "--grep", "every day", "--only-failures", corpus])
    #expect(grep.stdout.hasPrefix("\(corpus):5: expected R1;FREQ=HOURLY, got R1;FREQ=DAILY [every day]\n"))
    #expect(!grep.stdout.contains("## one day"))
    #expect(QuickAddCommand.run(["corpus", "--file", "zzz", corpus]).stdout.hasSuffix("0 passed, 0 failed\n"))
    #expect(QuickAddCommand.run(["corpus", "--format", "xml", corpus]).exitCode == 64)
  }

  @Test func oneThreadAndManyGiveTheSameOutput() {
    let corpus = CorpusCommandTests.root.appendingPathComponent("Corpus").path
    let one = QuickAddCommand.run(["corpus", "--jobs", "1", corpus])
    let many = QuickAddCommand.run(["corpus", "--jobs", "8", corpus])
    #expect(one == many)
    #expect(one.stdout.contains("lexicon coverage: "))
  }
}
