/// Date-like words that belong to a task's title: the title of a work, a score, a verse, a
/// name written with a number.
extension TaskLineReader {
  /// Whether the date phrase `content` (its words from `first`, its span from `start` to `j`)
  /// is the title's: a work, a score, a verse, a name with a number (`7-Eleven`), a weekday
  /// making a kind of thing, a place's number, or a day after `since`, `last`, `past` or
  /// `previous`.
  func isTitlesDate(_ content: ArraySlice<Token>, at first: Int, from start: Int, to j: Int, _ parser: Parser) -> Bool {
    if namesWork(at: first, from: start, parser) || inCapitalizedWork(at: first, parser)
      || isScore(content, at: first, from: start)
      || isVerse(content, at: first) || joinsNumberWord(content, parser)
    {
      return true
    }
    if start == first || tokens[start].word == "for", content.count == 1,
      parser.lexed[first].mask & WordClass.weekday.bit != 0, j + 1 < tokens.count,
      tokens[j].word.map(Self.dayCompounds.contains) == true, isTitleWord(j + 1, parser)
    {
      // "Email Sunday school teacher", "Sign up for Sunday league soccer": a kind of thing
      // describing a noun ("Take kids to Sunday school at 10am" is on Sunday)
      return true
    }
    if start == first, content.count == 1, tokens[first].isNumericDate, first > 0,
      tokens[first - 1].word.map(Self.placeNouns.contains) == true
    {
      return true  // "Fix unit 12/3 door": a place's number
    }
    // "Haven't called mom since monday", "minutes from last Tuesday", "this past friday",
    // "the previous monday": a day gone by.
    func past(_ k: Int) -> Bool {
      guard k >= 0, case .word(let w) = tokens[k].kind else { return false }
      return Self.isPastMarker(w)
    }
    // "Check last 10 mondays", "Review last 3 friday reports": days counted back
    if past(start - 1) || (start >= 2 && tokens[start - 1].isNumber && past(start - 2)) { return true }
    // "notes from last tuesday 3pm": the time of that day gone by
    guard tokens[first].isClock else { return false }
    var day = start - 1
    if day > 0, tokens[day].word == "at" { day -= 1 }  // "last monday at 9am" too
    return day >= 1 && past(day - 1) && parser.lexed[day].mask & WordClass.weekday.bit != 0
  }

  /// Verbs before the title of a film, a show or a book.
  static let mediaVerbs: Set<String> = ["watch", "rewatch", "stream", "read", "reread", "binge"]

  /// Whether the date at `first` (its span from `start`) is a capitalised work's title right
  /// after a verb of watching or reading: a holiday (`Watch Groundhog Day`, `Watch Halloween
  /// 1978`), `The Day After Tomorrow` (and its part `Tomorrow`) or `The Tonight Show`. Any other
  /// date stays a date (`Read Tomorrow at 8pm`, `Watch Friday at 8pm`, `Read on Monday`), as
  /// does one in lower case (`watch halloween parade friday`).
  func namesWork(at first: Int, from start: Int, _ parser: Parser) -> Bool {
    guard let w = tokens[first].word, isCapitalized(tokens[first]), start == first || tokens[start].word == "the"
    else { return false }
    var k = start - 1
    if w == "tomorrow", k >= 1, tokens[k].word == "after", tokens[k - 1].word == "day" {
      k -= 2  // "The Day After Tomorrow" seen from its last word
    } else {
      let holiday = parser.lexed[first].mask & WordClass.holiday.bit != 0
      let show =
        w == "tonight" && first + 1 < tokens.count && tokens[first + 1].word != nil
        && isCapitalized(tokens[first + 1])
      guard holiday || show || (w == "day" && first + 2 < tokens.count && tokens[first + 1].word == "after") else {
        return false
      }
    }
    if k >= 0, tokens[k].word == "the" { k -= 1 }
    return k >= 0 && (tokens[k].word.map(Self.mediaVerbs.contains) ?? false)
  }

  /// Verbs before a song's, a film's or a book's title, for `inCapitalizedWork`.
  static let workVerbs: Set<String> = mediaVerbs.union(["play", "practice", "practise", "learn", "sing", "rehearse"])

  /// Whether the weekday or day word at `first` is a word of a capitalised title after a verb of
  /// watching, reading, playing or listening: next to another capitalised word that is no date
  /// word (`Listen to Manic Monday`, `Practice Ruby Tuesday on piano`, `Watch Tomorrow Never
  /// Dies`, `Learn Sunday Bloody Sunday on guitar`). `Watch Friday at 8pm` and `Read Tomorrow at
  /// 8pm` stay dates, and so does any date of a line in Title Case, whose capitals say nothing.
  func inCapitalizedWork(at first: Int, _ parser: Parser) -> Bool {
    guard !titleCase, let w = tokens[first].word, isCapitalized(tokens[first]),
      parser.lexed[first].mask & WordClass.weekday.bit != 0 || w == "tomorrow" || w == "today"
    else { return false }
    func titleWord(_ k: Int) -> Bool {
      guard k >= 0, k < tokens.count, let v = tokens[k].word, isCapitalized(tokens[k]), !Self.workVerbs.contains(v)
      else { return false }
      let dateWord = WordClass.weekday.bit | WordClass.month.bit | WordClass.partofday.bit | WordClass.unit.bit
      return parser.lexed[k].mask & dateWord == 0 || k < first  // "Sunday Bloody Sunday": the first counts
    }
    var k = first - 1
    while titleWord(k) { k -= 1 }
    guard k < first - 1 || titleWord(first + 1) else { return false }
    if k >= 1, tokens[k].word == "to", tokens[k - 1].word == "listen" { return true }
    return k >= 0 && tokens[k].word.map(Self.workVerbs.contains) == true
  }

  /// Words before a score written as a fraction.
  static let scoreWords: Set<String> = ["rate", "rated", "rating", "score", "scored", "scores", "grade", "graded"]

  /// Whether a numeric date alone at `first`, with no lead-in, is a score: out of 5, 10 or 100
  /// after a rating word a few words back (`Rate the movie 9/10`, `Score was 7/10`; not `Grade
  /// tests 12/10`, `Update scores 12/20`, `Grade quizzes by 12/11`), or any fraction before `stars`
  /// or `points` (`4/5 stars`).
  func isScore(_ content: ArraySlice<Token>, at first: Int, from start: Int) -> Bool {
    guard content.count == 1, start == first, case .numericDate(let a, let b, nil, false) = tokens[first].kind
    else { return false }
    if first + 1 < tokens.count, let w = tokens[first + 1].word, ["stars", "star", "points", "pts"].contains(w) {
      return true
    }
    guard a <= b, b == 5 || b == 10 || b == 100 else { return false }
    return tokens[max(0, first - 3)..<first].contains { $0.word.map(Self.scoreWords.contains) ?? false }
  }

  /// Words before a date that put it in the past: it is the title's.
  static func isPastMarker(_ w: String) -> Bool {
    // Compared in place: this runs for every candidate date of a line.
    w == "last" || w == "past" || w == "since" || w == "previous"
  }

  /// Nouns a weekday before them makes a kind of thing (`Sunday school`, `Sunday service`).
  static let dayCompounds: Set<String> = [
    "school", "service", "services", "papers", "paper", "roast", "mass", "league", "supplement",
  ]

  /// Nouns whose number a numeric date after them is (`unit 12/3`, `bay 4/5`, `size 10/12`).
  static let placeNouns: Set<String> = [
    "unit", "bay", "apt", "apartment", "room", "suite", "flat", "building", "bldg", "lot", "gate", "block", "ward",
    "bed",
    "desk", "locker", "platform", "aisle", "no", "size", "sizes", "ratio",
  ]

  /// Verbs before a scripture reference.
  static let verseVerbs: Set<String> = ["read", "reread", "study", "memorize", "memorise", "recite"]

  /// Books of the Bible, as verses are cited.
  static let books: Set<String> = [
    "genesis", "exodus", "leviticus", "numbers", "deuteronomy", "joshua", "judges", "ruth", "samuel", "kings",
    "chronicles", "ezra", "nehemiah", "esther", "job", "psalm", "psalms", "proverbs", "ecclesiastes", "isaiah",
    "jeremiah", "lamentations", "ezekiel", "daniel", "hosea", "joel", "amos", "obadiah", "jonah", "micah", "nahum",
    "habakkuk", "zephaniah", "haggai", "zechariah", "malachi", "matthew", "mark", "luke", "john", "acts", "romans",
    "corinthians", "galatians", "ephesians", "philippians", "colossians", "thessalonians", "timothy", "titus",
    "philemon", "hebrews", "james", "peter", "jude", "revelation",
  ]

  /// Whether a clock without am or pm at `first` is a chapter and verse: after a book of the
  /// Bible, capitalised, itself after a verb of reading (`Read John 3:16`, `Study Romans 8:28`).
  /// `Call John 3:30` and `Study Physics 9:00` keep their time.
  func isVerse(_ content: ArraySlice<Token>, at first: Int) -> Bool {
    guard content.count == 1, case .clock(_, _, nil) = tokens[first].kind, first >= 2,
      let book = tokens[first - 1].word, Self.books.contains(book), isCapitalized(tokens[first - 1]),
      let verb = tokens[first - 2].word
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
