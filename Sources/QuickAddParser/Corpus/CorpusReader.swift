import RecurrenceCore

/// What one corpus file holds: its cases, and the lines that could not be read.
public struct CorpusFile: Sendable, Hashable {
  /// The cases, in line order.
  public var cases: [CorpusCase]
  /// The malformed lines, in line order.
  public var problems: [CorpusFormatError]
}

/// Reads corpus files: annotated lines (`Corpus/README.md`) and raw phrase lists.
///
/// Lines end at LF; a CR before it is dropped, so files with CRLF endings read alike.
public enum CorpusReader {
  /// The reference date-time before any `@reference` line: 2026-11-30T10:00.
  public static let reference = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)

  /// The most packed texts a thread remembers as already checked.
  static let knownLimit = 100_000

  /// The directives the format knows.
  public static let directives = ["@reference", "@timezone", "@locale", "@expect"]

  /// The cases of one file's text, or the first malformed line.
  public static func cases(in text: String, file: String) throws(CorpusFormatError) -> [CorpusCase] {
    let read = self.read(text, file: file)
    if let first = read.problems.first { throw first }
    return read.cases
  }

  /// The cases and the malformed lines of one file's text; a bad line never stops the reading.
  ///
  /// Directives and sections are read in order first; the case lines, each with the directives
  /// in force where it stands, are then read on up to `jobs` threads, with the same result.
  public static func read(_ text: String, file: String, jobs: Int = 1) -> CorpusFile {
    var state = State(file: file)
    var copy = text
    return copy.withUTF8 { all in
      forEachLine(all) { number, start, bytes in state.take(number, start, bytes) }
      let taskLines = state.taskLines
      let shared = ParallelMap.Shared((all, state.pending, state.contexts))
      let (read, _) = ParallelMap.run(count: state.pending.count, jobs: jobs, local: { Set<String>() }) { i, known in
        let (all, pending, contexts) = shared.value
        let p = pending[i]
        var line = LineText(
          bytes: UnsafeBufferPointer(rebasing: all[p.start..<p.end]), number: p.number, file: file, taskLines: taskLines
        )
        let read = State.caseLine(trim(line.bytes, 0, line.bytes.count), &line, contexts[p.context], known: &known)
        return (read, line.problems)
      }
      var problems = state.problems
      for r in read where !r.1.isEmpty { problems += r.1 }
      if problems.count > state.problems.count {
        problems = problems.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(
          \.element)
      }
      return CorpusFile(cases: read.compactMap(\.0), problems: problems)
    }
  }

  /// The phrases of a raw list, one a line (blank lines skipped), read against `reference`.
  public static func raw(_ text: String, file: String, reference: LocalDateTime = reference) -> [CorpusCase] {
    var out: [CorpusCase] = []
    forEachLine(text) { number, bytes in
      let trimmed = trim(bytes, 0, bytes.count)
      guard trimmed.lowerBound < trimmed.upperBound else { return }
      out.append(
        CorpusCase(
          file: file, line: number, phrase: string(bytes[trimmed]), expected: .unannotated, reference: reference,
          explicit: false))
    }
    return out
  }

  /// Calls `body` with each line's number and bytes (without its LF, and without a CR before it).
  static func forEachLine(_ text: String, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    var copy = text
    copy.withUTF8 { all in forEachLine(all) { number, _, bytes in body(number, bytes) } }
  }

  /// Calls `body` with each line's number, its offset in `all`, and its bytes (without its LF,
  /// and without a CR before it).
  static func forEachLine(_ all: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, UnsafeBufferPointer<UInt8>) -> Void) {
    var start = 0
    var number = 0
    while start <= all.count {
      var end = start
      while end < all.count, all[end] != 10 { end += 1 }
      if end == all.count, start == end, number > 0 { break }  // the text ends with LF
      number += 1
      var stop = end
      if stop > start, all[stop - 1] == 13 { stop -= 1 }
      body(number, start, UnsafeBufferPointer(rebasing: all[start..<stop]))
      start = end + 1
    }
  }

  static func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }

  /// The range of `bytes[from..<to]` without blanks at either end.
  static func trim(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Range<Int> {
    var a = from
    var b = to
    while a < b, isBlank(bytes[a]) { a += 1 }
    while b > a, isBlank(bytes[b - 1]) { b -= 1 }
    return a..<b
  }

  static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
  }

  static func parseReference(_ text: String) -> LocalDateTime? {
    guard let (local, offset) = LocalDateTime.parseISO8601(text), offset == nil else { return nil }
    return local
  }

  /// Whether `text` reads as a diagnostic ID: capital letters, then digits (`QA201`, `PK105`).
  static func isDiagnosticID(_ text: Substring) -> Bool {
    let letters = text.prefix { $0.isASCII && $0.isUppercase }
    let digits = text.dropFirst(letters.count)
    return !letters.isEmpty && !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}

extension CorpusReader {
  /// The reading state of one file: the directives in force and what was read so far.
  struct State {
    let file: String
    /// Whether the file holds task lines, asked once.
    let taskLines: Bool
    /// The directives in force at the current line.
    var context = Context()
    /// The contexts case lines were read in; a new one is kept when a directive or section changes it.
    var contexts: [Context] = []
    var changed = true
    /// The case lines, to read once every directive is known.
    var pending: [PendingLine] = []
    var problems: [CorpusFormatError] = []
    /// The packed texts of `@expect` lines already checked.
    var checked: Set<String> = []

    init(file: String) {
      self.file = file
      taskLines = CorpusTaskLine.holdsTaskLines(file)
    }

    /// What the directives and sections before a line set.
    struct Context {
      var reference = CorpusReader.reference
      var inherited: (packed: String, warnings: [String])?
      /// The line of the last `@expect`, when it did not read.
      var badExpect: Int?
      var section = ""
    }

    /// A case line: its number, its bytes in the text, and its context's index.
    struct PendingLine {
      var number: Int
      var start: Int
      var end: Int
      var context: Int
    }

    /// Reads a directive or section line, or sets a case line aside.
    mutating func take(_ number: Int, _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
      let body = trim(bytes, 0, bytes.count)
      guard var first = body.first.map({ bytes[$0] }) else { return }
      var line = LineText(bytes: bytes, number: number, file: file, taskLines: taskLines)
      if taskLines, body.count >= 2 {
        // A task line may start with `#Work` or `@home`: a comment is `#` then a space or `#`, and a
        // directive is one the format knows.
        let second = bytes[body.lowerBound + 1]
        if first == UInt8(ascii: "#"), !isBlank(second), second != UInt8(ascii: "#") { first = 0 }
        if first == UInt8(ascii: "@") {
          var end = body.lowerBound
          while end < body.upperBound, !isBlank(bytes[end]) { end += 1 }
          if !CorpusReader.directives.contains(string(bytes[body.lowerBound..<end])) { first = 0 }
        }
      }
      switch first {
      case UInt8(ascii: "#"):
        if body.count >= 2, bytes[body.lowerBound + 1] == UInt8(ascii: "#") {
          var from = body.lowerBound
          while from < body.upperBound, bytes[from] == UInt8(ascii: "#") { from += 1 }
          context.section = string(bytes[trim(bytes, from, body.upperBound)])
          changed = true
        }
      case UInt8(ascii: "@"):
        directive(body, &line)
        changed = true
      default:
        if changed {
          contexts.append(context)
          changed = false
        }
        pending.append(PendingLine(number: number, start: start, end: start + bytes.count, context: contexts.count - 1))
      }
      problems += line.problems
    }

    /// `@name value`.
    mutating func directive(_ body: Range<Int>, _ line: inout LineText) {
      var nameEnd = body.lowerBound + 1
      while nameEnd < body.upperBound, !isBlank(line.bytes[nameEnd]) { nameEnd += 1 }
      let name = string(line.bytes[body.lowerBound..<nameEnd])
      let valueRange = trim(line.bytes, nameEnd, body.upperBound)
      let value = string(line.bytes[valueRange])
      switch name {
      case "@reference":
        if let parsed = parseReference(value) {
          context.reference = parsed
        } else {
          line.problem(
            valueRange.isEmpty ? body : valueRange, CorpusFormatError.ID.badDirective,
            "'@reference' needs a local date-time such as 2026-11-30T10:00, not '\(value)'")
        }
      case "@timezone", "@locale":
        if valueRange.isEmpty { line.problem(body, CorpusFormatError.ID.badDirective, "'\(name)' needs a value") }
      case "@expect":
        // A bad @expect leaves no expectation behind: the lines after it must not take an older one.
        context.inherited = nil
        context.badExpect = line.number
        if valueRange.isEmpty {
          line.problem(body, CorpusFormatError.ID.badDirective, "'@expect' needs a packed rule")
        } else if let rule = line.ruleExpectation(valueRange, marker: UInt8(ascii: "?"), known: &checked) {
          context.inherited = rule
          context.badExpect = nil
        }
      default:
        var message = "unknown directive '\(name)'"
        let near = CorpusReader.directives.min { editDistance($0, name) < editDistance($1, name) }
        if let near, editDistance(near, name) <= 2 { message += "; did you mean '\(near)'?" }
        message += " (the format knows \(CorpusReader.directives.joined(separator: ", ")))"
        line.problem(body.lowerBound..<nameEnd, CorpusFormatError.ID.unknownDirective, message)
      }
    }

    /// `[marker] phrase [=> expectation]`.
    static func caseLine(
      _ body: Range<Int>, _ line: inout LineText, _ context: Context, known: inout Set<String>
    ) -> CorpusCase? {
      let file = line.file
      let bytes = line.bytes
      var start = body.lowerBound
      var marker: UInt8?
      let first = bytes[start]
      if first == UInt8(ascii: "?") || first == UInt8(ascii: "*") || first == UInt8(ascii: "!") {
        if start + 1 == body.upperBound {
          line.problem(body, CorpusFormatError.ID.emptyPhrase, "a marker with no phrase after it")
          return nil
        }
        // A task line's `* ` is its own (an uncompletable task); `!` is the only marker there.
        if isBlank(bytes[start + 1]), first == UInt8(ascii: "!") || !line.taskLines {
          marker = first
          start += 2
        }
      }
      // The separator is '=>' after a space or a tab (or where the phrase should start).
      var arrow: Int?
      var i = start
      while i + 1 < body.upperBound {
        if bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: ">"), i == start || isBlank(bytes[i - 1]) {
          arrow = i
          break
        }
        i += 1
      }
      let phraseRange = trim(bytes, start, arrow ?? body.upperBound)
      if phraseRange.isEmpty {
        line.problem(arrow.map { $0..<($0 + 2) } ?? body, CorpusFormatError.ID.emptyPhrase, "no phrase before '=>'")
        return nil
      }
      let phrase = string(bytes[phraseRange])
      let expectationRange = arrow.map { trim(bytes, $0 + 2, body.upperBound) }
      if let expectationRange, expectationRange.isEmpty, let arrow {
        line.problem(arrow..<(arrow + 2), CorpusFormatError.ID.missingExpectation, "nothing after '=>'")
        return nil
      }
      let expectation: CorpusCase.Expectation
      if line.taskLines {
        // A task line: `LINE => title "…" | due …`, or `! LINE` (the line is its own title).
        if marker == UInt8(ascii: "!") {
          if let arrow {
            line.problem(
              arrow..<body.upperBound, CorpusFormatError.ID.badExpectation,
              "a '!' line (the line is its own title) takes no '=> …' expectation")
            return nil
          }
          expectation = .taskLine(CorpusTaskLine.negative(phrase))
        } else {
          guard marker == nil, let expectationRange else {
            line.problem(
              body, CorpusFormatError.ID.missingExpectation,
              marker != nil
                ? "a task line takes no '?' or '*' marker; write its warnings as '| warnings QA401'"
                : "a task line needs '=> title \"…\" | …' or a '!' in front")
            return nil
          }
          let text = string(bytes[expectationRange])
          if case .failure(let e) = CorpusTaskLine.fields(text) {
            line.problem(expectationRange, CorpusFormatError.ID.badExpectation, e.message)
            return nil
          }
          expectation = .taskLine(text)
        }
        return CorpusCase(
          file: file, line: line.number, phrase: phrase, expected: expectation, reference: context.reference,
          explicit: true, section: context.section)
      }
      switch marker {
      case UInt8(ascii: "!"):
        if let arrow {
          line.problem(
            arrow..<body.upperBound, CorpusFormatError.ID.badExpectation,
            "a '!' line (no recurrence) takes no '=> …' expectation")
          return nil
        }
        expectation = .negative
      case UInt8(ascii: "*"):
        guard let expectationRange else {
          line.problem(
            body, CorpusFormatError.ID.missingExpectation,
            "an error line needs '=> ID @from..to' (the range is optional)")
          return nil
        }
        guard let error = line.errorExpectation(expectationRange) else { return nil }
        expectation = error
      default:
        let warns = marker == UInt8(ascii: "?")
        if let expectationRange {
          guard let rule = line.ruleExpectation(expectationRange, marker: marker, known: &known) else { return nil }
          expectation = .rule(rule.packed, warnings: Self.warnings(rule.warnings, warns: warns))
        } else if let inherited = context.inherited {
          expectation = .rule(inherited.packed, warnings: Self.warnings(warns ? inherited.warnings : [], warns: warns))
        } else {
          line.problem(
            phraseRange, CorpusFormatError.ID.missingExpectation,
            context.badExpect.map { "no '=> expectation' on the line, and the '@expect' on line \($0) does not read" }
              ?? "no '=> expectation' on the line and no '@expect' before it")
          return nil
        }
      }
      return CorpusCase(
        file: file, line: line.number, phrase: phrase, expected: expectation, reference: context.reference,
        explicit: arrow != nil || marker == UInt8(ascii: "!"), section: context.section)
    }

    static func warnings(_ ids: [String], warns: Bool) -> CorpusCase.WarningExpectation {
      !warns ? .none : ids.isEmpty ? .any : .exactly(ids)
    }
  }
}
