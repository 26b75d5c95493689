import RecurrenceCore

/// The labels of a task name and the name without them, in one pass over its UTF-8 bytes: what
/// an importer reads from a Todoist CONTENT cell (`TaskLineParts.labels` alone), without the
/// date search.
enum TaskLineLabels {
  /// Reads `line`'s `@labels` (where a word starts, a letter after the `@`); the title is the
  /// rest with spaces collapsed. Ranges count Unicode scalars.
  static func read(_ line: String) -> TaskLine {
    var result = TaskLine(input: line, title: line)
    let bytes = Array(line.utf8)
    var title: [UInt8] = []
    title.reserveCapacity(bytes.count)
    var pendingSpace = false
    var scalar = 0  // the scalar index of byte i
    var i = 0
    func isSpace(_ b: UInt8) -> Bool { b == 32 || (9...13).contains(b) }
    func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 || b >= 0x80 }
    while i < bytes.count {
      let b = bytes[i]
      let wordStart = i == 0 || isSpace(bytes[i - 1]) || bytes[i - 1] == 40
      if b == 64, wordStart, i + 1 < bytes.count, isLetter(bytes[i + 1]) {
        // A label: to the next space; closing punctuation at its end stays in the title.
        let start = scalar
        var end = i + 1
        var scalars = 1
        while end < bytes.count, !isSpace(bytes[end]) {
          if bytes[end] & 0xC0 != 0x80 { scalars += 1 }
          end += 1
        }
        var nameEnd = end
        while nameEnd > i + 1, ",.;:!?)".utf8.contains(bytes[nameEnd - 1]) { nameEnd -= 1 }
        let name = String(decoding: bytes[(i + 1)..<nameEnd], as: UTF8.self)
        result.labels.append(name)
        let tokenScalars = scalars - (end - nameEnd)
        result.tokens.append(TaskToken(.label, "@" + name, SourceRange(start, start + tokenScalars)))
        title.append(contentsOf: bytes[nameEnd..<end])
        scalar += scalars
        i = end
        continue
      }
      if isSpace(b) {
        pendingSpace = !title.isEmpty
      } else {
        if pendingSpace { title.append(32) }
        pendingSpace = false
        title.append(b)
      }
      if b & 0xC0 != 0x80 { scalar += 1 }
      i += 1
    }
    if !result.labels.isEmpty { result.title = String(decoding: title, as: UTF8.self) }
    return result
  }
}
