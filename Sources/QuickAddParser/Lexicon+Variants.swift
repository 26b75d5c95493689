import RecurrenceCore

extension Lexicon {
  /// The tokens with a number written against a word joined into one word where the lexicon
  /// has the whole as a surface (`2moro`, `2nite`: texted spellings); the same tokens, unchanged
  /// and uncopied, when there is none.
  func joiningNumberWords(_ tokens: [Token]) -> [Token] {
    Self.joining(tokens, width: 2) { k in
      guard case .number(let n) = tokens[k].kind, case .word(let w) = tokens[k + 1].kind, n < 10 else { return nil }
      let joined = "\(n)" + w
      return index(of: joined) != nil ? joined : nil
    }
  }

  /// The tokens with a group of days written with a hyphen joined into its word where the lexicon
  /// has the whole as one (`week-day`, `week-ends`, `work-day`: `weekday`, `weekends`,
  /// `workday`); the same tokens, unchanged and uncopied, when there is none (`mon-fri` stays).
  func joiningHyphenatedDayGroups(_ tokens: [Token]) -> [Token] {
    guard tokens.count >= 3, tokens.contains(where: { $0.isPunctuation("-") }) else { return tokens }
    return Self.joining(tokens, width: 3) { k in
      guard case .word(let a) = tokens[k].kind, tokens[k + 1].isPunctuation("-"), case .word(let b) = tokens[k + 2].kind
      else { return nil }
      let joined = a + b
      return classMask(joined).mask & WordClass.daygroup.bit != 0 ? joined : nil
    }
  }

  /// The tokens with each run of `width` tokens written without spaces that `word` names (from
  /// the run's first index) replaced by one word token over the run; the same tokens, uncopied,
  /// when no run is named.
  private static func joining(_ tokens: [Token], width: Int, _ word: (Int) -> String?) -> [Token] {
    var out: [Token]?
    var k = 0
    while k < tokens.count {
      if k + width <= tokens.count,
        (k..<k + width - 1).allSatisfy({ tokens[$0].range.upperBound == tokens[$0 + 1].range.lowerBound }),
        let joined = word(k)
      {
        if out == nil { out = Array(tokens[..<k]) }
        out?.append(
          Token(.word(joined), SourceRange(tokens[k].range.lowerBound, tokens[k + width - 1].range.upperBound)))
        k += width
        continue
      }
      out?.append(tokens[k])
      k += 1
    }
    return out ?? tokens
  }
}
