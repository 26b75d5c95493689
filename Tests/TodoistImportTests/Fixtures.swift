import Foundation
import Testing
import TodoistImport

/// The fixture files next to this file, found from its path.
enum Fixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

  /// The bytes of `Fixtures/name`; empty (and the test fails on its expectations) when missing.
  static func bytes(_ name: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
  }

  /// Every fixture's name.
  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
  }

  /// The entries of fixture `name`, read in chunks of `chunkSize` bytes.
  static func entries(_ name: String, chunkSize: Int = CSVLimits.chunkSize) -> [TodoistCSVEntry] {
    Array(TodoistCSVFile.entries(CSVMemorySource(bytes(name), chunkSize: chunkSize), file: name))
  }

  /// The rows of fixture `name`, by their line.
  static func rows(_ name: String) -> [Int: TodoistCSVRow] {
    var rows: [Int: TodoistCSVRow] = [:]
    for entry in entries(name) {
      if case .row(let row) = entry { rows[row.line] = row }
    }
    return rows
  }
}

/// The records of `bytes`, read in chunks of `chunkSize` bytes.
func records(_ bytes: [UInt8], chunkSize: Int = CSVLimits.chunkSize, file: String = "t.csv") -> [Result<
  CSVRecord, CSVProblem
>] {
  Array(CSVReader(CSVMemorySource(bytes, chunkSize: chunkSize), file: file))
}

/// The records of `text`, read in chunks of `chunkSize` bytes.
func records(_ text: String, chunkSize: Int = CSVLimits.chunkSize) -> [Result<CSVRecord, CSVProblem>] {
  records(Array(text.utf8), chunkSize: chunkSize)
}

/// `line:column`, for short position literals in expectations.
func at(_ line: Int, _ column: Int) -> CSVPosition { CSVPosition(line: line, column: column) }

extension Result {
  /// The success value, or `nil`.
  var value: Success? { try? get() }
  /// The failure, or `nil`.
  var problem: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}

extension TodoistCSVEntry {
  /// The problem of a `.problem` entry, or `nil`.
  var problem: CSVProblem? {
    if case .problem(let problem) = self { return problem }
    return nil
  }
}

extension TodoistCSVEntry {
  /// The schema of a `.header` entry, or `nil`.
  var schema: TodoistCSVSchema? {
    if case .header(let schema) = self { return schema }
    return nil
  }

  /// The meta row of a `.meta` entry, or `nil`.
  var meta: TodoistCSVMeta? {
    if case .meta(let meta) = self { return meta }
    return nil
  }
}
