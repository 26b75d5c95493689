import RecurrenceCore

extension Parser {
  /// ```
  /// TaskDate = ( OneOffDate | Clause ) , { { ClauseSeparator } , ( OneOffDate | Clause ) } ;
  /// ```
  /// The date phrase inside a task line: the longest run of clauses from the current token that
  /// reads. The clause that does not read, and the separators before it, are given back to the
  /// title, and so are their diagnostics; `stopped` is that clause's first error, if any. A task
  /// duration (`for 45min`) ends the phrase: it is the task's, not the rule's.
  mutating func parseTaskDate() -> (read: Bool, stopped: Diagnostic?) {
    enter(.TaskDate)
    let first = index
    var good = (index: index, tree: treeBox, count: diagnostics.count)
    var stopped: Diagnostic?
    var clauses = 0
    while !atEnd {
      if clauses > 0 {
        while current != nil, !atBarrier, parseClauseSeparator() {}
      }
      if atEnd || atBarrier || taskDurationLength() != nil { break }
      var read = false
      if let extra = attempt({ $0.parseOneOffDate() ? true : nil }) {
        read = extra
      } else if !failed {
        read = parseClause()
      }
      if !read || failed {
        stopped = diagnostics.first { $0.severity == .error }
        break
      }
      clauses += 1
      good = (index, treeBox, diagnostics.count)
    }
    index = good.index
    treeBox = good.tree
    diagnostics.removeLast(diagnostics.count - good.count)
    return (index > first, stopped)
  }

  /// Whether the current token separates two parts of a task line (a project, a quote, a label).
  var atBarrier: Bool { current?.isPunctuation(Parser.barrier) == true }

  /// The character of the tokens that stand between two parts of a task line's free text.
  static let barrier: Character = "\u{1}"

  /// ```
  /// OneOffDate = "yesterday" | ( "this" | "next" ) , "weekend" | "next" , ( "weekday" | "workday" )
  ///            | "mid" , [ "-" ] , <month> | [ "the" ] , "end" , "of" , [ "the" | "this" ] , <unit>
  ///            | [ "+" ] , NUMBER , <unit> ;
  /// ```
  /// The single dates only a task line has; they set the start, as a date clause does.
  mutating func parseOneOffDate() -> Bool {
    enter(.OneOffDate)
    let start = currentRange.lowerBound
    var date: PhraseTree.DateRef?
    if lexKeyword(.yesterday) != nil {
      date = .yesterday
    } else if isKeyword(.this) || isKeyword(.next), entry(.daygroup, at: 1) == "weekend" {
      let next = isKeyword(.next)
      index += 2
      date = .weekend(offset: next ? 1 : 0)
    } else if isKeyword(.next), entry(.daygroup, at: 1) == "weekdays" {
      index += 2
      date = .nextWorkday
    } else if isKeyword(.mid) {
      index += 1
      lexPunctuation("-")
      guard let m = lexValue(.month) else { return false }
      date = .monthDay(month: m.value, day: 15, year: parseYear())
    } else if isKeyword(.ending) || (isKeyword(.the) && isKeyword(.ending, at: 1)) {
      if isKeyword(.the) { index += 1 }
      index += 1
      guard lexKeyword(.of) != nil else { return false }
      if lexKeyword(.the) == nil { lexKeyword(.this) }
      guard let u = lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value),
        unit == .week || unit == .month || unit == .year
      else { return false }
      date = .endOf(unit, offset: 0)
    } else {
      if isPunctuation("+") { index += 1 }
      guard let t = current, case .number(let n) = t.kind, let unit = unit(at: 1), !isKeyword(.after, at: 2),
        word(at: 2) != "before"
      else { return false }
      index += 2
      date = .offset(n, unit)
    }
    guard let date else { return false }
    return setStart(.init(value: date, range: SourceRange(start, consumedEnd)))
  }

  /// The number of tokens of a task duration at the current token (`for 45min`, `for 1h30`,
  /// `for 2 hours`, `for 1.5 hours`), or nil when there is none.
  func taskDurationLength() -> Int? {
    parseTaskDuration().map { $0.tokens }
  }

  /// ```
  /// TaskDuration = "for" , NUMBER , [ "." , NUMBER ] , ( "min" | "h" ) , [ NUMBER , [ "min" ] ] ;
  /// ```
  /// A task duration at the current token: its length in minutes and in tokens, not consumed
  /// (the caller takes them). Only minutes and hours are durations; `for 3 weeks` ends a rule.
  func parseTaskDuration() -> (minutes: Int, tokens: Int)? {
    guard isKeyword(.for), let t = peek(1), case .number(let n) = t.kind else { return nil }
    var k = 2
    var tenths: Int?
    if peek(k)?.isPunctuation(".") == true, let d = peek(k + 1), case .number(let f) = d.kind, f < 10 {
      tenths = f
      k += 2
    }
    guard let u = unit(at: k), u == .minute || u == .hour else { return nil }
    k += 1
    var minutes = u == .hour ? n * 60 + (tenths ?? 0) * 6 : n
    if u == .minute, tenths != nil { return nil }
    if u == .hour, tenths == nil, let m = peek(k), case .number(let extra) = m.kind, extra < 60 {
      k += 1  // "1h30", "1h 30m"
      minutes += extra
      if unit(at: k) == .minute { k += 1 }
    }
    return (minutes, k)
  }
}
