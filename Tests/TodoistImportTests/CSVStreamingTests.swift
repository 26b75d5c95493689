import Testing
import TodoistImport

/// What a generated source has handed out, seen from outside the reader that owns the source.
final class DeliveryLog {
  /// Bytes handed out so far.
  var delivered = 0
  /// The byte offset where each generated row ends, by its first line; checked rows are removed.
  var ends: [Int: Int] = [:]
  /// The most bytes handed out beyond the end of the row being reported.
  var largestLead = 0
}

/// A 15-column Todoist export of `rows` rows, generated chunk by chunk and never held whole.
struct GeneratedExport: CSVByteSource {
  let rows: Int
  let log: DeliveryLog
  var row = 0
  var line = 1

  static let header = Array(
    "TYPE,CONTENT,DESCRIPTION,IS_COLLAPSED,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG\n"
      .utf8)

  mutating func nextChunk() throws(CSVSourceError) -> [UInt8]? {
    guard row <= rows else { return nil }
    var chunk: [UInt8] = []
    if row == 0 {
      chunk = Self.header
      row = 1
      line = 2
    }
    while row <= rows, chunk.count < 4_096 {
      let text =
        row % 10 == 0
        ? "note,\"Line one of \(row)\nline two, with \"\"quotes\"\"\",,,,,Evan (1),,,,,,,,\n"
        : "task,Task \(row),\"A, B\",False,\(row % 4 + 1),1,,,every day,en,Europe/London,30,minute,,\n"
      chunk += text.utf8
      log.ends[line] = log.delivered + chunk.count
      line += row % 10 == 0 ? 2 : 1
      row += 1
    }
    log.delivered += chunk.count
    return chunk
  }
}

@Suite("CSV reader: streaming")
struct CSVStreamingTests {
  @Test("100,000 rows stream: each row is reported with at most one chunk read beyond it")
  func streams() {
    let log = DeliveryLog()
    var count = 0
    var notes = 0
    let summary = TodoistCSVFile.read(GeneratedExport(rows: 100_000, log: log), file: "gen.csv") { result in
      guard case .success(let row) = result, let end = log.ends.removeValue(forKey: row.line) else {
        Issue.record("unexpected \(result)")
        return
      }
      count += 1
      if row.type == "note" { notes += 1 }
      log.largestLead = max(log.largestLead, log.delivered - end)
      // Rows already reported are gone from the log, so it holds about one chunk's rows.
      #expect(log.ends.count < 100)
    }
    #expect(count == 100_000)
    #expect(notes == 10_000)
    #expect(summary.rowCount == 100_000 && summary.errorCount == 0 && summary.warningCount == 0)
    #expect(summary.schema?.generation == .withCollapsed)
    #expect(log.largestLead <= 4_096 + 200)
  }

  @Test("the reader's consumed bytes trail the source by less than one chunk")
  func consumedTrailsDelivered() {
    let log = DeliveryLog()
    var reader = TodoistCSVReader(GeneratedExport(rows: 2_000, log: log), file: "gen.csv")
    var rows = 0
    while let entry = reader.next() {
      if case .row = entry { rows += 1 }
      #expect(log.delivered - reader.csv.bytesConsumed <= 4_096 + 200)
    }
    #expect(rows == 2_000)
    #expect(reader.csv.bytesConsumed == log.delivered)
  }
}
