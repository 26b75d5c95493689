import RecurrenceCore

extension Lexicon {
  /// The tokens with a number written against a word joined into one word where the lexicon
  /// has the whole as a surface (`2moro`, `2nite`: texted spellings); the same tokens, unchanged
  /// and uncopied, when there is none.
  func joiningNumberWords(_ tokens: [Token]) -> [Token] {
    var out: [Token]?
    var k = 0
    while k < tokens.count {
      if k + 1 < tokens.count, case .number(let n) = tokens[k].kind, case .word(let w) = tokens[k + 1].kind,
        tokens[k].range.upperBound == tokens[k + 1].range.lowerBound, n < 10
      {
        let joined = "\(n)" + w
        if index(of: joined) != nil {
          if out == nil { out = Array(tokens[..<k]) }
          out?.append(Token(.word(joined), SourceRange(tokens[k].range.lowerBound, tokens[k + 1].range.upperBound)))
          k += 2
          continue
        }
      }
      out?.append(tokens[k])
      k += 1
    }
    return out ?? tokens
  }
}
