/// Date-like words that belong to a task's title: the title of a work, a score, a verse, a
/// name written with a number.
extension TaskLineReader {
  /// Verbs before the title of a film, a show or a book.
  static let mediaVerbs: Set<String> = ["watch", "rewatch", "stream", "read", "reread", "binge"]

  /// Whether the date at `first` (its span from `start`) is a capitalised title after a verb
  /// of watching or reading, with at most a few capitalised date words between: `Watch
  /// Groundhog Day`, `Watch The Day After Tomorrow` (and its part `Tomorrow`), `Watch The
  /// Tonight Show clip`. A date in lower case (`watch halloween parade friday`), after a
  /// preposition (`read on monday`) or after a word no date has (`Watch Movie With Kids
  /// Friday`) stays a date.
  func namesWork(at first: Int, from start: Int, _ parser: Parser) -> Bool {
    guard tokens[first].word != nil, isCapitalized(tokens[first]) else { return false }
    if start < first, tokens[start].word == "the", !isCapitalized(tokens[start]) { return false }
    var k = start - 1
    while k >= 0, start - k <= 4, tokens[k].word != nil, isCapitalized(tokens[k]),
      parser.lexed[k].index >= 0 || tokens[k].word == "the", !(tokens[k].word.map(Self.mediaVerbs.contains) ?? false)
    {
      k -= 1  // "Watch The Day After Tomorrow": "Day", "After" and "The" before "Tomorrow"
    }
    return k >= 0 && (tokens[k].word.map(Self.mediaVerbs.contains) ?? false)
  }

  /// Words before a score written as a fraction.
  static let scoreWords: Set<String> = ["rate", "rated", "rating", "score", "scored", "scores", "grade", "graded"]

  /// Whether a numeric date alone at `first` is a score: after a rating word a few words back
  /// (`Rate the movie 9/10`, `Score was 7/10`) or before `stars` or `points` (`4/5 stars`).
  func isScore(_ content: ArraySlice<Token>, at first: Int) -> Bool {
    guard content.count == 1, case .numericDate(_, _, nil, false) = tokens[first].kind else { return false }
    if first + 1 < tokens.count, let w = tokens[first + 1].word, ["stars", "star", "points", "pts"].contains(w) {
      return true
    }
    return tokens[max(0, first - 3)..<first].contains { $0.word.map(Self.scoreWords.contains) ?? false }
  }

  /// Verbs before a scripture reference.
  static let verseVerbs: Set<String> = ["read", "reread", "study", "memorize", "memorise", "recite"]

  /// Whether a clock without am or pm at `first` is a chapter and verse: after a capitalised
  /// word the lexicon does not know, itself after a verb of reading (`Read John 3:16`,
  /// `Study Romans 8:28`). `Call John 3:30` keeps its time.
  func isVerse(_ content: ArraySlice<Token>, at first: Int) -> Bool {
    guard content.count == 1, case .clock(_, _, nil) = tokens[first].kind, first >= 2,
      tokens[first - 1].word != nil, isCapitalized(tokens[first - 1]), let verb = tokens[first - 2].word
    else { return false }
    return Self.verseVerbs.contains(verb)
  }

  /// Whether the span holds a number and a number word joined by a hyphen with no space
  /// (`7-Eleven`): a name, not a range of hours.
  func joinsNumberWord(_ content: ArraySlice<Token>, _ parser: Parser) -> Bool {
    func numberWord(_ i: Int) -> Bool { tokens[i].word != nil && parser.lexed[i].mask & WordClass.number.bit != 0 }
    var k = content.startIndex + 1
    while k + 1 < content.endIndex {
      let (a, dash, b) = (tokens[k - 1], tokens[k], tokens[k + 1])
      if dash.isPunctuation("-"), a.range.upperBound == dash.range.lowerBound,
        dash.range.upperBound == b.range.lowerBound,
        (a.isNumber && numberWord(k + 1)) || (numberWord(k - 1) && b.isNumber)
      {
        return true
      }
      k += 1
    }
    return false
  }
}
