import Foundation
import QuickAddParser
import RecurrenceCore
import Testing
import TodoistImport

/// The mapping of export rows to tasks: every row accounted for, nothing silently changed.
@Suite struct TodoistImporterTests {
  /// Monday 2026-11-30 10:00 in New York.
  static let zone = Zone(identifier: "America/New_York")
  static let options = TodoistImporter.Options(instant: 1_796_050_800, zone: zone)

  struct Imported {
    var tasks: [ImportedTask] = []
    var reports: [ImportDiagnostic] = []
    var summary = ImportSummary()
    var fatal: TodoistExport.Fatal?
  }

  func importCSV(_ text: String, file: String = "t.csv") -> Imported {
    var importer = TodoistImporter(options: Self.options)
    var out = Imported()
    do {
      try TodoistExport.importCSV(
        CSVMemorySource(text), file: file, into: &importer, task: { out.tasks.append($0) },
        report: { out.reports.append($0) })
    } catch {
      out.fatal = error
    }
    out.summary = importer.summary
    return out
  }

  func importFixture(_ name: String) -> Imported {
    importCSV(String(decoding: Fixtures.bytes(name), as: UTF8.self), file: name)
  }

  @Test func the2017ExportMapsEveryRow() throws {
    let r = importFixture("export-2017.csv")
    #expect(r.summary.balances)
    #expect(r.summary.read == 6 && r.summary.tasks == 3 && r.summary.sections == 1 && r.summary.notes == 2)
    #expect(r.summary.separators == 2 && r.summary.skipped == 0 && r.summary.errors == 0)
    let milk = r.tasks[0]
    #expect(milk.title == "Buy milk" && milk.labels == ["errands"])
    #expect(milk.priority == 4)
    #expect(milk.author == "Evan" && milk.extra.contains(TodoistExtraValue(name: "AUTHOR_ID", value: "14781400")))
    #expect(milk.notes == ["Whole milk, not skim"])
    guard case .rule(let rule, let first)? = milk.due?.reading?.value else {
      Issue.record("expected a rule")
      return
    }
    #expect(rule.packed == "R1;FREQ=DAILY")
    #expect(first?.local == LocalDateTime(year: 2026, month: 11, day: 30))  // all day: today counts
    #expect(milk.warnings.map(\.id) == ["IM213"])
    let hi = r.tasks[1]
    #expect(hi.title == "Say \"hi\" to Ann 👋" && hi.priority == 1 && hi.assignee == "Ann")
    #expect(hi.due?.reading?.value == .dateTime(LocalDateTime(year: 2026, month: 12, day: 1, hour: 17)))
    let sub = r.tasks[2]
    #expect(sub.parentID == hi.id)
    #expect(sub.notes.first?.hasPrefix("First line\nsecond line, with a comma") == true)
    #expect(sub.due?.reading?.value == .date(CivilDate(year: 2026, month: 12, day: 5)))
    #expect(Set(sub.warnings.map(\.id)) == ["IM206", "IM214"])
  }

  @Test func idsAreDeterministic() {
    let a = importFixture("export-2017.csv").tasks.map(\.id)
    let b = importFixture("export-2017.csv").tasks.map(\.id)
    #expect(a == b && Set(a).count == a.count)
    #expect(TodoistImporter.id(file: "x.csv", line: 2) != TodoistImporter.id(file: "y.csv", line: 2))
  }

  @Test func hostileRowsAreReportedNotLost() {
    let r = importFixture("hostile.csv")
    #expect(r.summary.balances)
    #expect(r.summary.skipped == 2)  // the note before any task, the unknown TYPE
    #expect(Set(r.reports.map(\.id)) == ["IM101", "IM102"])
    #expect(r.reports.first { $0.id == "IM102" }?.line == 2)
    let byLine = Dictionary(uniqueKeysWithValues: r.tasks.map { ($0.line, $0) })
    #expect(byLine[3]?.priority == 1 && byLine[3]?.warnings.map(\.id) == ["IM201"])  // empty PRIORITY
    #expect(byLine[4]?.parentID == byLine[3]?.id && byLine[4]?.warnings.map(\.id) == ["IM205"])  // 1 → 3
    #expect(byLine[5]?.title == "-2")  // a leading sign is the title's own
    #expect(byLine[3]?.title == "=SUM(A1)")
  }

  @Test func aTruncatedRowIsAnErrorAndTheRestImports() {
    let r = importFixture("truncated.csv")
    #expect(r.summary.read == 2 && r.summary.tasks == 1 && r.summary.errors == 1 && r.summary.balances)
    #expect(r.reports.map(\.id) == ["CSV104"])
  }

  @Test func notAnExportIsFatal() {
    let r = importFixture("not-todoist.csv")
    #expect(r.fatal != nil)
    #expect(r.tasks.isEmpty)
  }

  @Test func datesThatDoNotReadKeepTheTaskAndTheString() throws {
    let r = importCSV(
      """
      TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE
      task,Read,4,1,,,whenever it suits,en,UTC
      task,Lesen,4,1,,,jeden Tag,de,UTC
      task,Plan,4,1,,,every weekend,en,Not/AZone

      """)
    #expect(r.summary.tasks == 3 && r.summary.balances)
    #expect(r.tasks[0].due?.string == "whenever it suits" && r.tasks[0].due?.reading == nil)
    #expect(r.tasks[0].warnings.first?.id == "IM212" && r.tasks[0].warnings.first?.severity == .error)
    #expect(r.tasks[1].due?.string == "jeden Tag" && r.tasks[1].due?.reading == nil)
    #expect(r.tasks[1].warnings.map(\.id) == ["IM211"])
    // Todoist's reading: every weekend is every Saturday; an unknown zone falls back, reported.
    guard case .rule(let rule, _)? = r.tasks[2].due?.reading?.value else {
      Issue.record("expected a rule")
      return
    }
    #expect(rule.packed == "R1;FREQ=WEEKLY;BYDAY=SA")
    #expect(r.tasks[2].warnings.map(\.id).contains("IM207"))
  }

  @Test func durationsDeadlinesAndSections() {
    let r = importFixture("export-newest.csv")
    #expect(r.summary.sections == 2 && r.summary.tasks == 1 && r.summary.separators == 1 && r.summary.balances)
    let trip = r.tasks[0]
    #expect(trip.section == "To do" && trip.duration == "PT30M" && trip.description == "Flights and hotel")
    #expect(trip.due?.reading?.kind == "afterCompletion")
    #expect(trip.due?.zone?.identifier == "Asia/Tokyo")
  }

  @Test func apiJSONGivesTheSameTasksAsTheCSV() throws {
    let csv = importCSV(
      """
      TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG
      task,Pay rent @bills,Bank transfer,1,1,,,every month on the 1st at 9am,en,Europe/Paris,15,minute,2026-12-24,en
      task,Ask landlord,,3,2,,,tomorrow,en,Europe/Paris,,,,

      """)
    let json = """
      [{"id": "7001", "content": "Pay rent", "description": "Bank transfer", "priority": 4, "labels": ["bills"],
        "due": {"string": "every month on the 1st at 9am", "date": "2026-12-01", "is_recurring": true,
                "timezone": "Europe/Paris", "lang": "en"},
        "duration": {"amount": 15, "unit": "minute"}, "deadline": {"date": "2026-12-24"}, "parent_id": null},
       {"id": "7002", "content": "Ask landlord", "priority": 2, "parent_id": "7001",
        "due": {"string": "tomorrow", "date": "2026-12-01", "is_recurring": false, "timezone": "Europe/Paris", "lang": "en"}}]
      """
    var importer = TodoistImporter(options: Self.options)
    var tasks: [ImportedTask] = []
    try TodoistExport.importJSON(
      Data(json.utf8), file: "t.json", into: &importer, task: { tasks.append($0) }, report: { _ in })
    #expect(importer.summary.tasks == 2 && importer.summary.balances)
    #expect(tasks.count == csv.tasks.count)
    for (a, b) in zip(tasks, csv.tasks) {
      #expect(a.title == b.title && a.labels == b.labels && a.priority == b.priority && a.description == b.description)
      #expect(a.due?.reading == b.due?.reading && a.duration == b.duration && a.deadline == b.deadline)
    }
    #expect(tasks[1].parentID == tasks[0].id)
  }

  @Test func csvOutputNeutralisesFormulas() {
    #expect(ImportCSV.cell("=SUM(A1)") == "'=SUM(A1)")
    #expect(ImportCSV.cell("+1") == "'+1" && ImportCSV.cell("-2") == "'-2" && ImportCSV.cell("@x") == "'@x")
    #expect(ImportCSV.cell("\tx") == "'\tx")
    #expect(ImportCSV.cell("a, \"b\"") == "\"a, \"\"b\"\"\"")
    #expect(ImportCSV.cell("plain") == "plain")
    let task = importFixture("hostile.csv").tasks[0]
    #expect(ImportCSV.row(task).hasPrefix(task.id + ",,,'=SUM(A1),,1,"))
    #expect(ImportCSV.header.hasPrefix("id,parent_id,section,title,"))
  }

  @Test func aLargeCellIsAnErrorForItsRowOnly() {
    let big = String(repeating: "x", count: 1_100_000)
    let r = importCSV("TYPE,CONTENT,PRIORITY\ntask,\(big),4\ntask,after,4\n")
    #expect(r.summary.errors == 1 && r.summary.tasks == 1 && r.summary.balances)
    #expect(r.tasks.first?.title == "after")
  }
}
