import Foundation
import QuickAddCLI
import Testing

/// The Todoist export fixtures shared with the importer's own tests.
let importFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("TodoistImportTests").appendingPathComponent("Fixtures")

/// The path of the fixture `name`.
func importFixture(_ name: String) -> String { importFixtures.appendingPathComponent(name).path }

/// Runs `quickadd import todoist` at the tests' reference date and zone.
func runImport(_ arguments: [String]) -> CommandResult {
  QuickAddCommand.run(["import", "todoist"] + now + arguments)
}

/// The keys of every imported task's JSON object, in order.
let importKeys = [
  "id", "parent_id", "section", "title", "description", "priority", "labels", "due", "duration", "deadline",
  "assignee", "author", "notes", "source", "warnings", "extra",
]

/// The keys of an imported task's `due` object, in order.
let importDueKeys = ["kind", "text", "range", "rrule", "packed", "next", "string"]

/// The numbers of an import's summary line.
struct ImportCounts: Equatable, CustomStringConvertible {
  var read: Int
  var imported: Int
  var skipped: Int
  var errors: Int
  var description: String { "read \(read) = \(imported) + \(skipped) + \(errors)" }
}

/// The integer right before `label` in `text` (`"3 tasks"` → 3 for `" tasks"`).
func number(before label: String, in text: Substring) -> Int? {
  guard let end = text.range(of: label)?.lowerBound else { return nil }
  let digits = text[..<end].reversed().prefix { $0.isNumber }
  return Int(String(digits.reversed()))
}

/// Reads the last line of `stderr`, `summary: rows read N: T tasks, S sections, O notes imported,
/// K skipped, E errors (N = I + K + E); …`, checking the bracketed sum against the counts.
func importCounts(_ stderr: String) -> ImportCounts? {
  guard stderr.hasSuffix("\n"), let last = stderr.dropLast().split(separator: "\n").last,
    last.hasPrefix("summary: rows read ")
  else { return nil }
  let afterRead = last.dropFirst("summary: rows read ".count)
  guard let read = Int(String(afterRead.prefix { $0.isNumber })), let tasks = number(before: " tasks,", in: last),
    let sections = number(before: " sections,", in: last), let notes = number(before: " notes imported", in: last),
    let skipped = number(before: " skipped,", in: last), let errors = number(before: " errors (", in: last)
  else { return nil }
  let counts = ImportCounts(read: read, imported: tasks + sections + notes, skipped: skipped, errors: errors)
  let sum = "(\(read) = \(counts.imported) + \(skipped) + \(errors));"
  return last.contains(sum) ? counts : nil
}

/// Whether `line` reads `path:LINE:COL: warning|error: message [ID]` with an `IM` or `CSV` id.
func isDiagnostic(_ line: Substring, file path: String) -> Bool {
  guard line.hasPrefix(path + ":") else { return false }
  let parts = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
  guard parts.count == 3, let row = Int(parts[0]), row >= 1, let column = Int(parts[1]), column >= 1 else {
    return false
  }
  let rest = parts[2]
  guard rest.hasPrefix(" warning: ") || rest.hasPrefix(" error: "), rest.hasSuffix("]"),
    let open = rest.range(of: " [", options: .backwards)
  else { return false }
  let id = rest[open.upperBound...].dropLast()
  let digits = id.hasPrefix("IM") ? id.dropFirst(2) : id.hasPrefix("CSV") ? id.dropFirst(3) : ""
  return digits.count == 3 && digits.allSatisfy(\.isNumber)
}

/// One fixture and what importing it must give.
struct ImportCase: CustomTestStringConvertible, Sendable {
  let fixture: String
  let status: Int32
  let tasks: Int
  let read: Int
  let imported: Int
  let skipped: Int
  let errors: Int
  var testDescription: String { fixture }
}

/// `quickadd import todoist`: the JSON Lines and CSV contracts, the diagnostics and summary on
/// standard error, and the exit statuses.
@Suite struct ImportCommandTests {
  static let cases = [
    ImportCase(fixture: "bom-crlf.csv", status: 0, tasks: 1, read: 2, imported: 2, skipped: 0, errors: 0),
    ImportCase(fixture: "export-2017.csv", status: 0, tasks: 3, read: 6, imported: 6, skipped: 0, errors: 0),
    ImportCase(fixture: "export-later.csv", status: 0, tasks: 2, read: 3, imported: 3, skipped: 0, errors: 0),
    ImportCase(fixture: "export-newest.csv", status: 0, tasks: 1, read: 3, imported: 3, skipped: 0, errors: 0),
    ImportCase(fixture: "hostile.csv", status: 0, tasks: 7, read: 9, imported: 7, skipped: 2, errors: 0),
    ImportCase(fixture: "not-todoist.csv", status: 1, tasks: 0, read: 0, imported: 0, skipped: 0, errors: 0),
    ImportCase(fixture: "reordered.csv", status: 0, tasks: 2, read: 2, imported: 2, skipped: 0, errors: 0),
    ImportCase(fixture: "truncated.csv", status: 0, tasks: 1, read: 2, imported: 1, skipped: 0, errors: 1),
  ]

  @Test(arguments: cases)
  func everyFixtureBalancesAndReportsInTheDiagnosticForm(_ c: ImportCase) throws {
    let path = importFixture(c.fixture)
    let r = runImport([path])
    #expect(r.exitCode == c.status, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == c.tasks)
    for line in lines {
      #expect(topLevelKeys(line) == importKeys, "\(line)")
      let o = try #require(object(line))
      let source = try #require(o["source"] as? [String: Any])
      #expect(source.keys.sorted() == ["file", "line"])
      #expect(source["file"] as? String == path)
    }
    let counts = try #require(importCounts(r.stderr), "\(r.stderr)")
    #expect(counts == ImportCounts(read: c.read, imported: c.imported, skipped: c.skipped, errors: c.errors))
    #expect(counts.read == counts.imported + counts.skipped + counts.errors, "\(counts)")
    let diagnostics = r.stderr.split(separator: "\n").dropLast()
    if c.status == 0 {
      for d in diagnostics { #expect(isDiagnostic(d, file: path), "\(d)") }
    } else {
      #expect(diagnostics.count == 1)
      #expect(diagnostics.first?.hasPrefix("\(path):1:1: error: not a Todoist export") == true, "\(r.stderr)")
    }
  }

  @Test func theFirstExportReadsTaskByTask() throws {
    let path = importFixture("export-2017.csv")
    let r = runImport([path])
    #expect(r.exitCode == 0)
    let tasks = r.stdout.split(separator: "\n").compactMap(object)
    try #require(tasks.count == 3)
    #expect(tasks.map { $0["title"] as? String } == ["Buy milk", "Say \"hi\" to Ann 👋", "Sub-task"])
    #expect(tasks.map { $0["priority"] as? Int } == [4, 1, 4])
    #expect(tasks[0]["labels"] as? [String] == ["errands"])
    #expect(tasks[0]["notes"] as? [String] == ["Whole milk, not skim"])
    #expect(tasks[0]["parent_id"] is NSNull)
    #expect(tasks[2]["parent_id"] as? String == tasks[1]["id"] as? String)
    #expect(tasks[1]["assignee"] as? String == "Ann")
    #expect(tasks[1]["author"] as? String == "Evan")
    #expect((tasks[0]["extra"] as? [String: String]) == ["AUTHOR_ID": "14781400"])
    #expect(tasks.map { ($0["source"] as? [String: Any])?["line"] as? Int } == [2, 5, 6])
    let lines = r.stdout.split(separator: "\n")
    let due = try #require(tasks[0]["due"] as? [String: Any])
    let dueText = try #require(lines[0].range(of: "\"due\": ").map { lines[0][$0.upperBound...] })
    #expect(topLevelKeys(dueText.prefix { $0 != "}" } + "}") == importDueKeys)
    #expect(due["kind"] as? String == "schedule")
    #expect(due["text"] as? String == "every day")
    #expect(due["range"] as? [Int] == [0, 9])
    #expect(due["rrule"] as? String == "FREQ=DAILY")
    #expect(due["packed"] as? String == "R1;FREQ=DAILY")
    #expect(due["next"] as? [String] == ["2026-11-30T00:00:00-05:00"])
    #expect(due["string"] as? String == "every day")
    let dated = try #require(tasks[1]["due"] as? [String: Any])
    #expect(dated["kind"] as? String == "date")
    #expect(dated["text"] as? String == "2026-12-01T17:00")
    #expect(dated["string"] as? String == "tomorrow at 5pm")
    #expect(dated["next"] as? [String] == ["2026-12-01T17:00:00-05:00"])
    #expect(dated["rrule"] is NSNull)
    #expect(dated["packed"] is NSNull)
    #expect(
      r.stderr.hasSuffix(
        "summary: rows read 6: 3 tasks, 1 sections, 2 notes imported, 0 skipped, 0 errors (6 = 6 + 0 + 0); "
          + "2 separator rows; 4 problems reported\n"))
    #expect(r.stderr.hasPrefix("\(path):2:1: warning: a recurring date loses its start date"))
  }

  @Test func aTaskWithoutADateHasANullDue() throws {
    let r = runImport([importFixture("hostile.csv")])
    let first = try #require(r.stdout.split(separator: "\n").first.flatMap(object))
    #expect(first["due"] is NSNull)
  }

  @Test func anUnreadDateKeepsOnlyItsString() throws {
    let folder = try temporaryFolder(["dates.csv": "TYPE,CONTENT,PRIORITY,INDENT,DATE\ntask,A,4,1,blah blah zork\n"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("dates.csv").path
    let r = runImport([path])
    #expect(r.exitCode == 0)
    let lines = r.stdout.split(separator: "\n")
    try #require(lines.count == 1)
    let due = try #require(object(lines[0])?["due"] as? [String: Any])
    for key in ["kind", "text", "range", "rrule", "packed"] { #expect(due[key] is NSNull, "\(key)") }
    #expect(due["next"] as? [String] == [])
    #expect(due["string"] as? String == "blah blah zork")
    let dueText = try #require(lines[0].range(of: "\"due\": ").map { lines[0][$0.upperBound...] })
    #expect(topLevelKeys(dueText.prefix { $0 != "}" } + "}") == importDueKeys)
    #expect(r.stderr.contains("\(path):2:1: error: DATE 'blah blah zork' is not one date or rule"))
    #expect(r.stderr.contains("[IM212]\n"))
  }

  @Test func idsAreTheSameOnASecondRun() {
    for c in Self.cases where c.tasks > 0 {
      let first = runImport([importFixture(c.fixture)])
      let second = runImport([importFixture(c.fixture)])
      #expect(first.stdout == second.stdout, "\(c.fixture)")
      let ids = first.stdout.split(separator: "\n").compactMap { object($0)?["id"] as? String }
      #expect(ids.count == c.tasks)
      #expect(Set(ids).count == ids.count, "\(c.fixture): ids repeat")
    }
  }

  @Test func usageErrorsExit64() {
    let file = importFixture("export-2017.csv")
    for arguments in [
      ["import"], ["import", "todoist"], ["import", file], ["import", "todoist", file, file],
      ["import", "todoist", "--format", "xml", file], ["import", "todoist", "--bogus", file],
    ] {
      let r = QuickAddCommand.run(arguments)
      #expect(r.exitCode == 64, "\(arguments)")
      #expect(r.stdout.isEmpty, "\(arguments)")
      #expect(r.stderr.contains("Usage: quickadd import todoist"), "\(arguments)")
    }
  }

  @Test func aMissingFileExits1() {
    let path = importFixtures.appendingPathComponent("no-such-export.csv").path
    let r = runImport([path])
    #expect(r.exitCode == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("error: '\(path)' does not exist"))
  }

  @Test func aZipIsRefusedWithAWordToUnzipIt() throws {
    let folder = try temporaryFolder(["backup.zip": "PK\u{3}\u{4}"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let r = runImport([folder.appendingPathComponent("backup.zip").path])
    #expect(r.exitCode == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("is a ZIP; unzip the backup and give its folder"))
  }

  @Test func aFolderImportsEveryCSVAndJSONInNameOrder() throws {
    let folder = try temporaryFolder([
      "b.csv": "TYPE,CONTENT,PRIORITY,INDENT\ntask,From b,4,1\n",
      "a.json": #"[{"id": "1", "content": "From a", "priority": 4}]"#,
      "c.txt": "TYPE,CONTENT\ntask,Not read\n",
      "d.CSV": "TYPE,CONTENT,PRIORITY,INDENT\ntask,From d,4,1\ntask,Also d,4,1\n",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let r = runImport([folder.path])
    #expect(r.exitCode == 0, "\(r.stderr)")
    let tasks = r.stdout.split(separator: "\n").compactMap(object)
    #expect(tasks.map { $0["title"] as? String } == ["From a", "From b", "From d", "Also d"])
    #expect(
      tasks.map { ($0["source"] as? [String: Any])?["file"] as? String }
        == ["a.json", "b.csv", "d.CSV", "d.CSV"].map { folder.appendingPathComponent($0).path })
    #expect(importCounts(r.stderr) == ImportCounts(read: 4, imported: 4, skipped: 0, errors: 0))
  }

  @Test func csvHasOurHeaderAndNeutralisesFormulas() throws {
    let r = runImport(["--format", "csv", importFixture("hostile.csv")])
    #expect(r.exitCode == 0)
    let rows = r.stdout.split(separator: "\n")
    let header =
      "id,parent_id,section,title,description,priority,labels,due_string,due_kind,due,rule,duration,deadline,"
      + "assignee,author,notes,file,line,warnings,extra"
    #expect(rows.first.map(String.init) == header)
    try #require(rows.count >= 3)
    let cells = rows[1].split(separator: ",", omittingEmptySubsequences: false)
    #expect(cells.count >= 4)
    #expect(cells.dropFirst(3).first == "'=SUM(A1)")
    #expect(rows[2].split(separator: ",", omittingEmptySubsequences: false).dropFirst(3).first == "'+1")
    #expect(!r.stdout.contains(",=SUM"))
    #expect(importCounts(r.stderr) == ImportCounts(read: 9, imported: 7, skipped: 2, errors: 0))
  }

  @Test func outWritesTheFileAndLeavesStandardOutputEmpty() throws {
    let folder = try temporaryFolder([:])
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("tasks.jsonl")
    let r = runImport(["--out", out.path, importFixture("export-2017.csv")])
    #expect(r.exitCode == 0)
    #expect(r.stdout.isEmpty)
    let written = try String(contentsOf: out, encoding: .utf8)
    #expect(written == runImport([importFixture("export-2017.csv")]).stdout)
    #expect(written.split(separator: "\n").count == 3)
    #expect(importCounts(r.stderr) == ImportCounts(read: 6, imported: 6, skipped: 0, errors: 0))
  }

  @Test func anAPITasksArrayInvertsThePriorityAndKeepsTheParent() throws {
    let json = """
      [{"id": "7001", "content": "Plan trip", "priority": 4, "labels": ["travel", "home"],
        "due": {"string": "every monday at 9am", "is_recurring": true}},
       {"id": "7002", "content": "Book flights", "priority": 1, "parent_id": "7001"}]
      """
    let folder = try temporaryFolder(["tasks.json": json])
    defer { try? FileManager.default.removeItem(at: folder) }
    let r = runImport([folder.appendingPathComponent("tasks.json").path])
    #expect(r.exitCode == 0, "\(r.stderr)")
    let tasks = r.stdout.split(separator: "\n").compactMap(object)
    try #require(tasks.count == 2)
    #expect(tasks[0]["title"] as? String == "Plan trip")
    #expect(tasks[0]["priority"] as? Int == 1)
    #expect(tasks[0]["labels"] as? [String] == ["travel", "home"])
    let due = try #require(tasks[0]["due"] as? [String: Any])
    #expect(due["string"] as? String == "every monday at 9am")
    #expect(due["packed"] as? String == "R1;FREQ=WEEKLY;BYDAY=MO;BYTIME=0900")
    #expect(tasks[1]["priority"] as? Int == 4)
    #expect(tasks[1]["parent_id"] as? String == tasks[0]["id"] as? String)
    #expect(tasks[0]["parent_id"] is NSNull)
    #expect(importCounts(r.stderr) == ImportCounts(read: 2, imported: 2, skipped: 0, errors: 0))
  }

  /// Progress (`\rimported N tasks`) goes straight to file descriptor 2 every 10,000 tasks, and
  /// only when it is a terminal: here it is a file, so nothing may appear there.
  @Test func noProgressWhenStandardErrorIsNotATerminal() throws {
    var csv = "TYPE,CONTENT,PRIORITY,INDENT\n"
    for i in 0..<10_001 { csv += "task,Task \(i),4,1\n" }
    let folder = try temporaryFolder(["big.csv": csv])
    defer { try? FileManager.default.removeItem(at: folder) }
    let captured = folder.appendingPathComponent("stderr.txt")
    #expect(FileManager.default.createFile(atPath: captured.path, contents: nil))
    let handle = try FileHandle(forWritingTo: captured)
    let saved = dup(2)
    try #require(saved >= 0)
    fflush(nil)
    dup2(handle.fileDescriptor, 2)
    let r = runImport([folder.appendingPathComponent("big.csv").path])
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    try handle.close()
    #expect(r.exitCode == 0)
    #expect(r.stdout.split(separator: "\n").count == 10_001)
    #expect(!r.stderr.contains("imported 10000 tasks"))
    let written = try String(contentsOf: captured, encoding: .utf8)
    #expect(!written.contains("imported 10000 tasks"), "\(written)")
    #expect(importCounts(r.stderr) == ImportCounts(read: 10_001, imported: 10_001, skipped: 0, errors: 0))
  }

  /// A new folder under the temporary directory holding `files` (name → text).
  func temporaryFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }
}
