import RecurrenceCore

/// Reads one task line: the marked tokens, then the date phrases in what they leave, then the
/// title (see `TaskLineParser`).
struct TaskLineReader {
  /// A date phrase found in the free text.
  struct Span {
    /// The tokens it covers (indices into the free tokens), lead-in words included.
    var tokens: Range<Int>
    /// The characters it covers.
    var range: SourceRange
    /// What it reads as; nil when it was meant as a date but does not read (an error says why).
    var reading: TaskLineDate.Reading?
    /// Its warnings and errors.
    var diagnostics: [Diagnostic]
    /// Whether it recurs.
    var recurs: Bool
    /// Whether it gives a time and no day.
    var timeOnly: Bool
    /// Whether it is an adverb that starts the line before title words, a date only when the
    /// line has no other.
    var soft = false
    /// Whether no title word follows it (it ends the title, or tokens follow).
    var closes = false
  }

  let line: String
  let options: TaskLineOptions
  let text: TaskLineText
  /// The line's scalars (the same storage as `text`'s).
  let scalars: [Unicode.Scalar]
  var scanner: TaskLineScanner
  /// The free text's tokens, with a barrier token where a marked token or a quote stood.
  var tokens: [Token] = []
  /// The title words that say am or pm for a bare hour (`TaskLineDate.titleCues`).
  var titleCues: [PhraseTree.Node<Int>] = []
  /// The parser steps the date search took (see `stepBudget`).
  var searchSteps = 0
  var result: TaskLine
  /// Ranges removed from the title.
  var removed: [SourceRange] = []
  /// The index of the free text's first word or number (the count when there is none).
  var firstWord = Int.max
  /// Whether the line is written in Title Case (most words capitalised), where a capital says
  /// nothing about names.
  var titleCase = false

  init(_ line: String, options: TaskLineOptions) {
    self.line = line
    self.options = options
    text = TaskLineText(line)
    scalars = text.scalars
    scanner = TaskLineScanner(text)
    result = TaskLine(input: line, title: "")
  }

  /// The barrier that a marked token leaves in the free text.
  static let tokenBarrier: Character = Parser.barrier
  /// The barrier that quoted text leaves: title text, not a date.
  static let quoteBarrier: Character = "\u{2}"

  mutating func read() -> TaskLine {
    scanner.run()
    var deadlines: [(TaskLineScanner.Found, [Token])] = []
    for f in scanner.found {
      if f.kind == .deadline { deadlines.append((f, [])) }
    }
    if options.parts.contains(.dates) || options.parts.contains(.otherTokens) { splitTokens(&deadlines) }
    takeMarked()
    if options.parts.contains(.otherTokens) {
      for (found, inner) in deadlines { readDeadline(found, inner) }
    }
    if options.parts.contains(.dates) { searchDates() }
    result.tokens.sort { $0.range.lowerBound < $1.range.lowerBound }
    // Quotes keep text from being a date; with no dates read, they are the title's own.
    let quotes = options.parts.contains(.dates) ? scanner.quoted : []
    result.title = TaskLineTitle.tidy(scalars, removing: removed, unquoting: quotes)
    return result
  }

  /// Splits the line's tokens into the free text (with barriers) and each deadline's inside.
  mutating func splitTokens(_ deadlines: inout [(TaskLineScanner.Found, [Token])]) {
    let scanned = Lexicon.english.joiningHyphenatedDayGroups(
      Lexicon.english.joiningNumberWords(Tokenizer.scan(line).tokens))
    let all =
      !Lexicon.mayHaveDayCodes(line.utf8)
      ? scanned
      : Lexicon.english.expandingDayCodes(scanned, glued: .nearTime) {
        [scalars] r in
        String(String.UnicodeScalarView(scalars[min(r.lowerBound, scalars.count)..<min(r.upperBound, scalars.count)]))
      }
    tokens.reserveCapacity(all.count)
    var pending: Character?
    for t in all {
      let m = t.range.lowerBound < scanner.mask.count ? scanner.mask[t.range.lowerBound] : 0
      if m == 0 {
        if t.isPunctuation("!"), scanner.reminderMarks.contains(t.range.lowerBound) {
          pending = pending ?? Self.tokenBarrier  // a reminder ends the date before it: "today !14:00"
        }
        if let b = pending {
          tokens.append(Token(.punctuation(b), SourceRange(t.range.lowerBound, t.range.lowerBound)))
          pending = nil
        }
        tokens.append(t)
        continue
      }
      if m == 2 {
        pending = Self.quoteBarrier
      } else if pending == nil {
        pending = Self.tokenBarrier
      }
      for k in deadlines.indices
      where deadlines[k].0.range.lowerBound < t.range.lowerBound && t.range.upperBound < deadlines[k].0.range.upperBound
      {
        deadlines[k].1.append(t)
      }
    }
    if let b = pending { tokens.append(Token(.punctuation(b), SourceRange(scalars.count, scalars.count))) }
    var words = 0
    var capitals = 0
    for t in tokens {
      guard case .word = t.kind else { continue }
      words += 1
      if t.range.lowerBound < scalars.count, (65...90).contains(scalars[t.range.lowerBound].value) { capitals += 1 }
    }
    titleCase = words >= 3 && capitals * 5 >= words * 4
    firstWord =
      tokens.firstIndex {
        switch $0.kind {
        case .word, .number: return true
        default: return false
        }
      } ?? tokens.count
  }

  /// Records the marked tokens; a second project, section or priority stays in the title.
  mutating func takeMarked() {
    for f in scanner.found where f.kind != .deadline {
      guard options.parts.contains(f.kind == .label ? .labels : .otherTokens) else { continue }
      switch f.kind {
      case .project:
        guard result.project == nil else { return second(f) }
        result.project = f.value
      case .section:
        guard result.section == nil else { return second(f) }
        result.section = f.value
      case .priority:
        guard !result.tokens.contains(where: { $0.kind == .priority }) else { return second(f) }
        result.priority = Int(f.value) ?? 4
      case .label: result.labels.append(f.value)
      case .assignee: result.assignee = result.assignee ?? f.value
      case .description: result.description = f.value
      case .uncompletable: result.uncompletable = true
      default: break
      }
      take(f.kind, f.range)
    }
  }

  mutating func second(_ f: TaskLineScanner.Found) {
    result.diagnostics.append(TaskLineDiagnostic.second(f.kind, f.range))
  }

  /// Records a token and removes its characters from the title.
  mutating func take(_ kind: TaskToken.Kind, _ range: SourceRange) {
    result.tokens.append(TaskToken(kind, text(range), range))
    removed.append(range)
  }

  /// The line's characters in `range`.
  func text(_ range: SourceRange) -> String { text.text(range.lowerBound, range.upperBound) }

  /// A deadline: its inside must read as one date, with no time.
  mutating func readDeadline(_ found: TaskLineScanner.Found, _ inner: [Token]) {
    var parser = makeParser(inner)
    if !inner.isEmpty, !parser.parseTaskDate().ends.isEmpty, parser.atEnd,
      let r = TaskLineDate.reading(parser, options: options, span: found.range, words: 0..<inner.count, cues: []),
      case .date(let d)? = r.reading
    {
      result.deadline = d
      take(.deadline, found.range)
      return
    }
    result.diagnostics.append(TaskLineDiagnostic.deadline(found.range))
  }

  func makeParser(_ tokens: [Token], corrects: Parser.Corrections = .none) -> Parser {
    Parser(
      tokens: tokens, lexicon: .english, inputLength: scalars.count, input: line, dateOrder: options.dateOrder,
      corrects: corrects, lineText: text, today: options.now.date)
  }

  /// The free text's slips of date words that the parser may correct: words in lower case (a
  /// capital outside Title Case marks a name: `Frida`, `Sundae`), or the line's first word.
  var dateWordSlips: Parser.Corrections {
    let (scalars, tokens, titleCase, firstWord) = (self.scalars, self.tokens, self.titleCase, self.firstWord)
    let isCapital = Self.isCapital
    return .dateWords { i in
      guard i < tokens.count, tokens[i].range.lowerBound < scalars.count else { return false }
      return titleCase || i == firstWord || !isCapital(scalars[tokens[i].range.lowerBound])
    }
  }
}
