import Foundation

/// Saved readings of a corpus run, and what changed since: the linguist's regression check.
///
/// A baseline is JSON lines, one object per case in run order:
/// `{"file": …, "line": …, "section": …, "input": …, "kind": "rule"|"error"|"none",
/// "reading": …, "warnings": […], "text": …|null}`. Cases are matched by file, input and
/// occurrence (the second "every day" of a file matches the second), not by line number, so
/// inserting a line shifts nothing.
public enum CorpusBaseline {
  /// One saved reading.
  public struct Entry: Sendable, Hashable, Codable {
    /// The corpus file.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The `##` section (empty before the first).
    public var section: String
    /// The phrase.
    public var input: String
    /// `rule`, `error` or `none`.
    public var kind: String
    /// The packed rule, the error's ID and range, or `no rule`.
    public var reading: String
    /// The warning IDs, sorted.
    public var warnings: [String]
    /// The canonical text, when the reading is a rule.
    public var text: String?

    /// The entry of an outcome.
    public init(_ o: CorpusRunner.Outcome) {
      file = o.corpusCase.file
      line = o.corpusCase.line
      section = o.corpusCase.section
      input = o.corpusCase.phrase
      kind = o.reading.kind.rawValue
      reading = o.reading.result
      warnings = o.reading.warnings
      text = o.reading.text
    }

    /// The reading and its warnings, as a corpus line writes them.
    public var summary: String { ([reading] + warnings).joined(separator: " ") }

    /// The entry as one line of JSON, keys in a fixed order.
    public var json: String {
      "{\"file\": \(CorpusJSON.quote(file)), \"line\": \(line), \"section\": \(CorpusJSON.quote(section)), "
        + "\"input\": \(CorpusJSON.quote(input)), \"kind\": \"\(kind)\", \"reading\": \(CorpusJSON.quote(reading)), "
        + "\"warnings\": [\(warnings.map(CorpusJSON.quote).joined(separator: ", "))], "
        + "\"text\": \(text.map(CorpusJSON.quote) ?? "null")}"
    }
  }

  /// The baseline text of a run: one JSON line per outcome.
  public static func text(_ outcomes: [CorpusRunner.Outcome]) -> String {
    var out = ""
    for o in outcomes { out += Entry(o).json + "\n" }
    return out
  }

  /// The entries of a baseline text; a line that does not read is reported by number, not fatal.
  public static func read(_ text: String, file: String) -> (entries: [Entry], problems: [CorpusFormatError]) {
    var entries: [Entry] = []
    var problems: [CorpusFormatError] = []
    let decoder = JSONDecoder()
    CorpusReader.forEachLine(text) { number, bytes in
      let range = CorpusReader.trim(bytes, 0, bytes.count)
      guard !range.isEmpty else { return }
      do {
        entries.append(try decoder.decode(Entry.self, from: Data(bytes[range])))
      } catch {
        problems.append(
          CorpusFormatError(
            file: file, line: number, column: 1, id: CorpusFormatError.ID.badExpectation,
            message: "not a baseline entry (one JSON object a line, as '--save' writes)"))
      }
    }
    return (entries, problems)
  }

  /// What changed between two baselines.
  public struct Diff: Sendable, Hashable {
    /// Cases whose reading or canonical text changed: the saved entry and the new one.
    public var changed: [Change] = []
    /// Cases only in the new run.
    public var added: [Entry] = []
    /// Cases only in the saved baseline.
    public var removed: [Entry] = []
    /// Cases read alike.
    public var unchanged = 0

    /// A saved entry and the new one for the same case.
    public struct Change: Sendable, Hashable {
      /// The saved entry.
      public var old: Entry
      /// The new entry.
      public var new: Entry
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

    /// `file:line: was …, now …` per change, grouped by file under a count line, then the totals.
    ///
    /// - Parameter files: the order to list files in; files not in it follow, sorted.
    public func text(files: [String] = []) -> String {
      var groups: [String: [(line: Int, rank: Int, text: String)]] = [:]
      for c in changed {
        let n = c.new
        let what =
          c.old.summary != n.summary
          ? "was \(c.old.summary), now \(n.summary)"
          : "was text '\(c.old.text ?? "")', now text '\(n.text ?? "")'"
        groups[n.file, default: []].append((n.line, 0, "\(n.file):\(n.line): \(what) [\(n.input)]"))
      }
      for e in added {
        groups[e.file, default: []].append((e.line, 0, "\(e.file):\(e.line): new: \(e.summary) [\(e.input)]"))
      }
      for e in removed {
        groups[e.file, default: []].append((e.line, 1, "\(e.file):\(e.line): removed: was \(e.summary) [\(e.input)]"))
      }
      var order = files.filter { groups[$0] != nil }
      order += groups.keys.filter { !order.contains($0) }.sorted()
      var out = ""
      for file in order {
        let lines = groups[file] ?? []
        let counts = (
          changed.filter { $0.new.file == file }.count, added.filter { $0.file == file }.count,
          removed.filter { $0.file == file }.count
        )
        out += "== \(file): \(counts.0) changed, \(counts.1) new, \(counts.2) removed\n"
        for l in lines.sorted(by: { ($0.rank, $0.line) < ($1.rank, $1.line) }) { out += l.text + "\n" }
      }
      return out + "\(changed.count) changed, \(added.count) new, \(removed.count) removed, \(unchanged) unchanged\n"
    }
  }

  /// Matches cases by file, input and occurrence, and lists what differs.
  public static func diff(old: [Entry], new: [Entry]) -> Diff {
    struct Key: Hashable {
      var file: String
      var input: String
      var occurrence: Int
    }
    func keyed(_ entries: [Entry]) -> [(Key, Entry)] {
      var seen: [String: [String: Int]] = [:]
      return entries.map { e in
        let n = seen[e.file, default: [:]][e.input, default: 0]
        seen[e.file, default: [:]][e.input] = n + 1
        return (Key(file: e.file, input: e.input, occurrence: n), e)
      }
    }
    var saved = Dictionary(keyed(old), uniquingKeysWith: { a, _ in a })
    var diff = Diff()
    for (key, entry) in keyed(new) {
      guard let before = saved.removeValue(forKey: key) else {
        diff.added.append(entry)
        continue
      }
      if before.kind != entry.kind || before.summary != entry.summary || before.text != entry.text {
        diff.changed.append(Diff.Change(old: before, new: entry))
      } else {
        diff.unchanged += 1
      }
    }
    diff.removed = keyed(old).compactMap { saved[$0.0] }
    return diff
  }
}
