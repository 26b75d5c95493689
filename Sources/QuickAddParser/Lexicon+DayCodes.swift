import RecurrenceCore

extension Lexicon {
  /// The weekday of a one- or two-letter day code in a timetable's day list (`m`, `t`, `w`,
  /// `r`, `f`, and the lexicon's `tu`, `th`, `sa`, `su`…), 1 (Monday) … 7 (Sunday).
  static func dayCode(_ code: Substring) -> Int? {
    switch code {
    case "m", "mo": 1
    case "t", "tu": 2
    case "w", "we": 3
    case "r", "th": 4
    case "f", "fr": 5
    case "sa": 6
    case "su": 7
    default: nil
    }
  }

  /// The weekday words spelled out for timetable day codes: a chain joined by `/` with a
  /// one-letter code in it, of three codes or a two-letter one (`M/W/F`, `T/Th`), or one word of codes in week order naming at
  /// least three days (`MWF`, `MTWRF`) or Tuesday and Thursday (`TTh`); the same tokens,
  /// uncopied, when there are none. A lone letter stays what it was (`m` is minutes).
  func expandingDayCodes(_ tokens: [Token]) -> [Token] {
    var out: [Token]?
    var k = 0
    while k < tokens.count {
      if let w = tokens[k].word, w.utf8.count <= 7 {
        if let end = dayCodeChain(tokens, from: k) {
          if out == nil { out = Array(tokens[..<k]) }
          for j in k..<end {
            if let code = tokens[j].word, let day = Self.dayCode(code[...]) {
              out?.append(Token(.word(Self.dayNames[day - 1]), tokens[j].range))
            } else {
              out?.append(tokens[j])
            }
          }
          k = end
          continue
        }
        if w.utf8.count >= 3, let days = gluedDayCodes(w), index(of: w) == nil,
          tokens[k].range.upperBound - tokens[k].range.lowerBound == w.utf8.count
        {
          if out == nil { out = Array(tokens[..<k]) }
          var at = tokens[k].range.lowerBound
          for (day, length) in days {
            out?.append(Token(.word(Self.dayNames[day - 1]), SourceRange(at, at + length)))
            at += length
          }
          k += 1
          continue
        }
      }
      out?.append(tokens[k])
      k += 1
    }
    return out ?? tokens
  }

  /// The weekday names the codes stand for.
  static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// The end of a `/` chain of day codes starting at `k` with a one-letter code in it, each
  /// part touching the next, of three codes or more, or of two with a two-letter one (`T/Th`);
  /// or nil.
  func dayCodeChain(_ tokens: [Token], from k: Int) -> Int? {
    var j = k
    var items = 0
    var single = false
    var double = false
    while j < tokens.count, let w = tokens[j].word, Self.dayCode(w[...]) != nil {
      items += 1
      if w.count == 1 { single = true } else { double = true }
      j += 1
      guard j + 1 < tokens.count, tokens[j].isPunctuation("/"),
        tokens[j - 1].range.upperBound == tokens[j].range.lowerBound,
        tokens[j].range.upperBound == tokens[j + 1].range.lowerBound, let next = tokens[j + 1].word,
        Self.dayCode(next[...]) != nil
      else { break }
      j += 1
    }
    // Two one-letter codes alone say too little: "M/F" and "T/F" are more often sexes and answers.
    return single && (items >= 3 || (items == 2 && double)) ? j : nil
  }

  /// The days of one word made of day codes in week order (`mwf`, `tth`), each with its length,
  /// or nil; `th` is read before `t`.
  func gluedDayCodes(_ w: String) -> [(Int, Int)]? {
    var days: [(Int, Int)] = []
    var rest = Substring(w)
    while !rest.isEmpty {
      if rest.count >= 2, let d = Self.dayCode(rest.prefix(2)) {
        days.append((d, 2))
        rest = rest.dropFirst(2)
      } else if let d = Self.dayCode(rest.prefix(1)) {
        days.append((d, 1))
        rest = rest.dropFirst(1)
      } else {
        return nil
      }
      if days.count >= 2, days[days.count - 1].0 <= days[days.count - 2].0 { return nil }
    }
    let tuesdayThursday = days.count == 2 && days[0].0 == 2 && days[1].0 == 4
    return days.count >= 3 || tuesdayThursday ? days : nil
  }
}
