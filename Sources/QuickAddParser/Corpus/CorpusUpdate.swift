/// `--update`: failing lines rewritten to what the parser reads now, as new text or as a diff.
public enum CorpusUpdate {
  /// The file's text with each failing case's line replaced by its actual reading.
  ///
  /// Other lines, the line endings (LF or CRLF) and a final newline stay as they were.
  /// - Returns: the new text and the replaced lines as (line number, old, new).
  public static func apply(_ outcomes: [CorpusRunner.Outcome], to text: String) -> (
    text: String, changes: [(line: Int, old: String, new: String)]
  ) {
    var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(Substring($0)) }
    var changes: [(line: Int, old: String, new: String)] = []
    for o in outcomes where !o.passed {
      let i = o.corpusCase.line - 1
      guard lines.indices.contains(i) else { continue }
      let old = lines[i]
      let crlf = old.utf8.last == 13
      let bare = crlf ? String(Substring(old.utf8.dropLast())) : old
      let new = CorpusRunner.updatedLine(o)
      guard new != bare else { continue }
      lines[i] = crlf ? new + "\r" : new
      changes.append((o.corpusCase.line, bare, new))
    }
    return (lines.joined(separator: "\n"), changes)
  }

  /// A unified diff (no context lines) of the changes `apply` makes to `file`.
  public static func diff(file: String, _ changes: [(line: Int, old: String, new: String)]) -> String {
    guard !changes.isEmpty else { return "" }
    var out = "--- \(file)\n+++ \(file)\n"
    for c in changes { out += "@@ -\(c.line) +\(c.line) @@\n-\(c.old)\n+\(c.new)\n" }
    return out
  }
}
