import Testing
import TodoistImport

@Suite("Todoist exports: hostile files")
struct TodoistCSVHostileTests {
  @Test("empty PRIORITY, unknown TYPE, INDENT jumps, a note first, formulas: all kept as written")
  func hostile() throws {
    let rows = Fixtures.rows("hostile.csv")
    #expect(rows.keys.sorted() == Array(2...10))
    #expect(rows[2]?.type == "note" && rows[2]?.content == "A note before any task")
    #expect(rows[3]?.content == "=SUM(A1)")
    #expect(rows[3]?.priority == "" && rows[3]?.field(.priority) != nil)
    #expect(rows[4]?.content == "+1" && rows[4]?.indent == "3")
    #expect(rows[5]?.content == "-2")
    #expect(rows[6]?.content == "@x")
    #expect(rows[7]?.type == "reminder")
    let ruler = try #require(rows[8])
    #expect(ruler.content == "6\" ruler")
    #expect(ruler.warnings.map(\.position) == [at(8, 7)])
    #expect(ruler.warnings.map(\.kind) == [.strayQuote])
    let short = try #require(rows[9])
    #expect(short.isRagged)
    #expect(short.priority == "4" && short.indent == "" && short.field(.indent) == nil)
    let long = try #require(rows[10])
    #expect(long.isRagged)
    #expect(long.timezone == "")
    #expect(long.extra.map(\.name) == ["", ""])
    #expect(long.extra.map(\.value) == ["", "surplus"])
    #expect(long.extra.last?.field.position == at(10, 25))
    let summary = TodoistCSVFile.read(CSVMemorySource(Fixtures.bytes("hostile.csv")), file: "h.csv") { _ in }
    #expect(summary.rowCount == 9 && summary.warningCount == 1 && summary.errorCount == 0)
  }

  @Test("columns in another order, aliases, any case, and an unknown column carried by name")
  func reordered() throws {
    let entries = Fixtures.entries("reordered.csv")
    let schema = try #require(entries.first?.schema)
    #expect(schema.columns == [.content, .type, .date, .dateLang, .priority, .durationUnit, .duration, .indent])
    #expect(schema.headerName(of: .date) == "due_date")
    #expect(schema.headerName(of: .durationUnit) == "Duration Unit")
    #expect(schema.index(of: .content) == 0)
    #expect(schema.extraColumns == [TodoistCSVExtraColumn(name: "Project Color", index: 7)])
    #expect(schema.generation == .withDescription)
    #expect(schema.missingColumns.contains(.description))
    let rows = Fixtures.rows("reordered.csv")
    let rent = try #require(rows[2])
    #expect(rent.type == "task" && rent.content == "Pay rent")
    #expect(rent.date == "every 1st" && rent.dateLang == "en")
    #expect(rent.priority == "1" && rent.indent == "1")
    #expect(rent.duration == "15" && rent.durationUnit == "minute")
    #expect(rent.extra.map(\.name) == ["Project Color"])
    #expect(rent.extra.map(\.value) == ["red"])
    #expect(rows[3]?.content == "Email \"landlord\"")
    #expect(rows[3]?.indent == "2")
    #expect(rows[3]?.extra.map(\.value) == [""])
  }

  @Test("a truncated final row is an error; the rows before it read")
  func truncated() {
    var rows: [Result<TodoistCSVRow, CSVProblem>] = []
    let summary = TodoistCSVFile.read(CSVMemorySource(Fixtures.bytes("truncated.csv")), file: "truncated.csv") {
      rows.append($0)
    }
    #expect(rows.count == 2)
    #expect(rows.first?.value?.content == "Complete")
    #expect(
      rows.last?.problem?.description
        == "truncated.csv:3:6: error: a quoted field is not closed before the end of the file; the last record is cut short"
    )
    #expect(summary.errorCount == 1 && summary.rowCount == 1 && summary.fatal == nil)
  }

  @Test("invalid UTF-8 in one row is an error for that row only")
  func invalidUTF8Row() {
    var bytes = Array("TYPE,CONTENT,PRIORITY\ntask,fine,4\ntask,bad ".utf8)
    bytes += [0xC3, 0x28] + Array(",4\ntask,also fine,4\n".utf8)
    let rows = Array(TodoistCSVFile.rows(CSVMemorySource(bytes), file: "u.csv"))
    #expect(rows.count == 3)
    #expect(rows.first?.value?.content == "fine")
    #expect(rows[1].problem?.description == "u.csv:3:10: error: the record is not valid UTF-8; the record is skipped")
    #expect(rows.last?.value?.content == "also fine")
    #expect(rows.last?.value?.line == 4)
  }

  @Test("a 1 MB cell is an error for its row; the next rows read")
  func hugeCell() {
    let text = "TYPE,CONTENT,DATE\ntask,\"\(String(repeating: "ab,\n", count: 250_000))\",today\ntask,next,tomorrow\n"
    let rows = Array(TodoistCSVFile.rows(CSVMemorySource(text), file: "big.csv"))
    #expect(rows.count == 2)
    #expect(rows.first?.problem?.kind == .fieldTooLong)
    #expect(rows.first?.problem?.position == at(2, 6))
    #expect(rows.last?.value?.content == "next")
    #expect(rows.last?.value?.date == "tomorrow")
    #expect(rows.last?.value?.line == 250_003)
  }

  @Test("a file that is not a Todoist export, an empty file, an unreadable header: fatal, not a crash")
  func fatal() {
    let other = TodoistCSVFile.read(CSVMemorySource(Fixtures.bytes("not-todoist.csv")), file: "o.csv") { _ in
      Issue.record("no row expected")
    }
    #expect(other.fatal?.kind == .notTodoistExport)
    #expect(
      other.fatal?.description
        == "o.csv:1:1: error: not a Todoist export: the header has neither a TYPE nor a CONTENT column")
    #expect(other.schema == nil)
    let empty = Array(TodoistCSVFile.entries(CSVMemorySource("\u{FEFF}"), file: "e.csv"))
    #expect(empty.map { $0.problem?.kind } == [.emptyFile])
    let blankThenOther = Array(TodoistCSVFile.entries(CSVMemorySource(",,\n\nA,B\ntask,x\n"), file: "b.csv"))
    #expect(blankThenOther.count == 3)
    #expect(blankThenOther.last?.problem?.position == at(3, 1))
    #expect(blankThenOther.last?.problem?.kind == .notTodoistExport)
    let badHeader = Array(TodoistCSVFile.entries(CSVMemorySource([0x54, 0xFF, 0x0A, 0x61]), file: "x.csv"))
    #expect(badHeader.count == 1)
    #expect(badHeader.first?.problem?.kind == .unreadableHeader)
    #expect(badHeader.first?.problem?.position == at(1, 2))
  }

  @Test("header names are trimmed and case-insensitive; DUE_DATE aliases DATE; a repeat is an extra column")
  func headerNames() {
    #expect(TodoistCSVColumn(headerName: "  type ") == .type)
    #expect(TodoistCSVColumn(headerName: "DURATION UNIT") == .durationUnit)
    #expect(TodoistCSVColumn(headerName: "Due_Date") == .date)
    #expect(TodoistCSVColumn(headerName: "due_date_lang") == .dateLang)
    #expect(TodoistCSVColumn(headerName: "is collapsed") == .isCollapsed)
    #expect(TodoistCSVColumn(headerName: "TYPES") == nil)
    let header = CSVRecord(
      line: 1,
      fields: [
        CSVField(value: "TYPE", position: at(1, 1)), CSVField(value: "DATE", position: at(1, 6)),
        CSVField(value: "DUE_DATE", position: at(1, 11)),
      ])
    let schema = TodoistCSVSchema.make(header: header, file: "d.csv").value
    #expect(schema?.index(of: .date) == 1)
    #expect(schema?.extraColumns == [TodoistCSVExtraColumn(name: "DUE_DATE", index: 2)])
    #expect(schema?.warnings.map(\.kind) == [.duplicateColumn])
    #expect(schema?.warnings.map(\.position) == [at(1, 11)])
    #expect(schema?.generation == .nonstandard)
  }
}
