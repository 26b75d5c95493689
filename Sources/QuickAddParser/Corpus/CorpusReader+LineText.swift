import RecurrenceCore

extension CorpusReader {
  /// One line being read, and what is wrong with it, with columns in Unicode scalars.
  struct LineText {
    let bytes: UnsafeBufferPointer<UInt8>
    let number: Int
    let file: String
    /// Whether the file holds task lines (`CorpusTaskLine.holdsTaskLines`), asked once per file.
    let taskLines: Bool
    var problems: [CorpusFormatError] = []

    init(bytes: UnsafeBufferPointer<UInt8>, number: Int, file: String, taskLines: Bool) {
      self.bytes = bytes
      self.number = number
      self.file = file
      self.taskLines = taskLines
    }

    /// The 1-based column of byte `offset`, in Unicode scalars (as ranges count).
    func column(_ offset: Int) -> Int { string(bytes[0..<offset]).unicodeScalars.count + 1 }

    /// Records a problem over the bytes `range`.
    mutating func problem(_ range: Range<Int>, _ id: String, _ message: String) {
      let from = column(range.lowerBound)
      problems.append(
        CorpusFormatError(
          file: file, line: number, column: from, length: column(range.upperBound) - from, id: id, message: message,
          source: string(bytes[0..<bytes.count])))
    }

    /// The blank-separated words of `range`, with their byte ranges.
    func words(_ range: Range<Int>) -> [(text: Substring, range: Range<Int>)] {
      var out: [(Substring, Range<Int>)] = []
      var i = range.lowerBound
      while i < range.upperBound {
        while i < range.upperBound, isBlank(bytes[i]) { i += 1 }
        let start = i
        while i < range.upperBound, !isBlank(bytes[i]) { i += 1 }
        if i > start { out.append((Substring(string(bytes[start..<i])), start..<i)) }
      }
      return out
    }

    /// `PACKED [ID…]`: a packed rule that decodes, then warning IDs (only after a `?` marker).
    mutating func ruleExpectation(_ range: Range<Int>, marker: UInt8?, known: inout Set<String>) -> (
      packed: String, warnings: [String]
    )? {
      var end = range.lowerBound
      while end < range.upperBound, !isBlank(bytes[end]) { end += 1 }
      let packedRange = range.lowerBound..<end
      let packed = string(bytes[packedRange])
      // Each distinct packed text is decoded once per thread; most lines repeat a reading.
      if !known.contains(packed) {
        do {
          _ = try PackedRule.decode(packed)
        } catch {
          // Point at the faulty part of the packed text: its range counts scalars of an ASCII text.
          let from = min(packedRange.lowerBound + error.range.lowerBound, packedRange.upperBound - 1)
          let to = min(max(packedRange.lowerBound + error.range.upperBound, from + 1), packedRange.upperBound)
          problem(
            from..<to, CorpusFormatError.ID.badExpectation, "the expected packed rule does not read: \(error.message)"
          )
          return nil
        }
        if known.count < CorpusReader.knownLimit { known.insert(packed) }
      }
      guard end < range.upperBound else { return (packed, []) }
      let parts = words(end..<range.upperBound)
      var ids: Set<String> = []
      for part in parts {
        guard CorpusReader.isDiagnosticID(part.text) else {
          problem(
            part.range, CorpusFormatError.ID.badWarnings,
            "'\(part.text)' is not a warning ID (expected IDs such as QA201 after the packed rule)")
          return nil
        }
        ids.insert(String(part.text))
      }
      if !ids.isEmpty, marker != UInt8(ascii: "?"), let first = parts.first {
        problem(
          first.range.lowerBound..<range.upperBound, CorpusFormatError.ID.badWarnings,
          "warning IDs need the '?' marker (a line without '?' expects no warning)")
        return nil
      }
      return (packed, ids.sorted())
    }

    /// `ID [@from..to]`.
    mutating func errorExpectation(_ range: Range<Int>) -> CorpusCase.Expectation? {
      let parts = words(range)
      guard let id = parts.first else { return nil }
      guard CorpusReader.isDiagnosticID(id.text) else {
        problem(id.range, CorpusFormatError.ID.badExpectation, "'\(id.text)' is not an error ID such as QA104")
        return nil
      }
      var sourceRange: SourceRange?
      if parts.count > 1 {
        let text = parts[1].text
        let bounds = text.dropFirst().split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard text.hasPrefix("@"), bounds.count == 3, bounds[1].isEmpty, let from = Int(bounds[0]),
          let to = Int(bounds[2]), from >= 0
        else {
          problem(
            parts[1].range, CorpusFormatError.ID.badExpectation,
            "'\(text)' is not a character range; write it as @from..to, for example @6..11")
          return nil
        }
        guard from <= to else {
          problem(
            parts[1].range, CorpusFormatError.ID.badExpectation,
            "the range '\(text)' is reversed: it must start at or before its end (@\(to)..\(from)?)")
          return nil
        }
        sourceRange = SourceRange(from, to)
      }
      if parts.count > 2 {
        problem(
          parts[2].range.lowerBound..<range.upperBound, CorpusFormatError.ID.badExpectation,
          "unexpected text after the error's range")
        return nil
      }
      return .error(String(id.text), sourceRange)
    }
  }
}
