extension TaskLineReader {
  /// Whether a bare number (no am, pm or minutes) that starts the date phrase from token `i` to
  /// `j` counts or names something rather than telling the hour:
  /// - `about` and a number is a time only where no title word follows (`call mom about 3`,
  ///   `about 3 tomorrow`); before one it is a quantity (`ask about 3 open roles`);
  /// - a number glued to a colon or a slash and more digits is a ratio or a score
  ///   (`mix at 3:1 ratio`), not the hour it starts with;
  /// - a number paired with another by `at`, `by` or `on` before a title word is no hour or day
  ///   (`2 by 4 boards`, `4 on 4 off rota`; `dinner for 6 at 8` is 20:00).
  /// - a number before a plural noun the lexicon does not know counts it (`at 3 stores`, `by 2
  ///   inches`).
  /// A capitalised word after the hour is a place or a person (`meet at 3 Starbucks`), so
  /// `lunch at 5 Guys` is 17:00.
  func bareNumberIsNoTime(first: Int, to j: Int, _ parser: Parser) -> Bool {
    let about = tokens[first].word == "about" || tokens[first].word == "around"
    let from = tokens[first].word == "from" || tokens[first].word == "between"
    let n = about || from ? first + 1 : first
    guard n < j, case .number = tokens[n].kind else { return false }
    // "buy gifts at 3 stores", "cut boards by 2 inches", "at 8 feet", "scale from 3 to 6 nodes": a
    // count of things (a range of bare numbers too, written without a clock).
    let countsThings =
      (j == n + 1 && !from) || (tokens[j - 1].isNumber && tokens[n..<j].allSatisfy { $0.isNumber || $0.word != nil })
    if countsThings, j < tokens.count, let w = tokens[j].word, parser.lexed[j].mask == 0, !isCapitalized(tokens[j]),
      Self.measures.contains(w)
        || (w.utf8.count >= 4 && w.hasSuffix("s") && !w.hasSuffix("ss") && !Self.functionWords.contains(w)
          && w != "thanks")
    {
      return true
    }
    if j == n + 1, n >= 1, hasWordBefore(n - 1), j + 1 < tokens.count, let w = tokens[j].word,
      parser.lexed[j].index < 0, !isCapitalized(tokens[j]),
      !Self.functionWords.contains(w), let plural = tokens[j + 1].word, parser.lexed[j + 1].index < 0,
      plural.utf8.count >= 4, plural.hasSuffix("s"), !plural.hasSuffix("ss")
    {
      return true  // "look at 4 bed houses", "post on 5 productivity tips": a count of things
    }
    if !about, j == n + 1, n >= 2, ["at", "by", "on"].contains(tokens[n - 1].word ?? ""), tokens[n - 2].isNumber,
      j < tokens.count, tokens[j].word != nil, titleWordFollows(j)
    {
      return true  // "2 by 4 boards", "seat 6 at 8 table", "4 on 4 off rota"; "dinner for 6 at 8" is 20:00
    }
    if about, j == n + 1, titleWordFollows(j), !afterTime(j, parser) { return true }
    guard j == n + 1, j < tokens.count else { return false }
    let next = tokens[j]
    return (next.isPunctuation(":") || next.isPunctuation("/")) && next.range.lowerBound == tokens[n].range.upperBound
      && j + 1 < tokens.count && tokens[j + 1].range.lowerBound == next.range.upperBound && tokens[j + 1].isNumber
  }

  /// Whether `o'clock` after the number at `k` makes it a time: no title word follows (`Pickup
  /// 5 o'clock`, `5 o'clock tomorrow`); `5 o'clock shadow`, `the 6 o'clock news` name things.
  func oclockEndsTime(_ k: Int, _ parser: Parser) -> Bool {
    guard parser.isOclock(at: k + 1 - parser.index) else { return false }
    let after = k + (tokens[k + 1].word == "o" ? 3 : 2)
    return after >= tokens.count || !isTitleWord(after, parser)
  }

  /// Whether a word is glued between two numbers in the tokens `range` (`7Y3`, `10B2`, `4x4`):
  /// a class, a form or a code, never a date; the hours mark of `1h30` is a time.
  func gluesCode(_ range: Range<Int>) -> Bool {
    for k in range where k > range.lowerBound && k + 1 < range.upperBound {
      if let w = tokens[k].word, w != "h", tokens[k - 1].isNumber, tokens[k + 1].isNumber,
        tokens[k - 1].range.upperBound == tokens[k].range.lowerBound,
        tokens[k].range.upperBound == tokens[k + 1].range.lowerBound
      {
        return true
      }
    }
    return false
  }

  /// Units of measure that no plural `s` marks (`at 8 feet`, `by 5 cm`).
  static let measures: Set<String> = [
    "feet", "foot", "ft", "inch", "cm", "mm", "km", "mi", "kg", "mg", "lb", "lbs", "oz", "ml", "gal", "tbsp", "tsp",
    "yd", "mph", "kph", "psi", "percent",
  ]

  /// Whether token `k` is an hour with `ish` glued to it (`3ish`, `12-ish`): a time, unlike
  /// the bare number it starts with.
  func isIshHour(_ k: Int) -> Bool {
    guard case .number(let n) = tokens[k].kind, (1...12).contains(n), k + 1 < tokens.count else { return false }
    var end = tokens[k].range.upperBound
    var w = k + 1
    if tokens[w].isPunctuation("-"), tokens[w].range.lowerBound == end, w + 1 < tokens.count {
      end = tokens[w].range.upperBound
      w += 1
    }
    return tokens[w].word == "ish" && tokens[w].range.lowerBound == end
  }
}
