import RecurrenceCore

extension Lexicon {
  /// The shortest misspelling that is corrected; shorter words are too easily another word.
  public static let shortestCorrected = 4

  /// The most edits allowed for a misspelling of `length` letters: one for 4–7, two for longer.
  public static func correctionLimit(forLength length: Int) -> Int {
    length < shortestCorrected ? 0 : length < 8 ? 1 : 2
  }

  /// The lexicon word an unknown word is a slip of: the unique surface form within the
  /// correction limit (adjacent letters swapped count as one edit) that starts with the same
  /// letter, or nil when there is none or two different words are equally near.
  public func correction(for word: String) -> String? {
    let typed = Array(word.utf8)
    let limit = Self.correctionLimit(forLength: typed.count)
    guard limit > 0, let first = typed.first, typed.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return nil }
    var best: (index: Int, distance: Int)?
    var tied = false
    for (i, surface) in surfaces.enumerated() {
      let s = surface.utf8
      guard s.first == first, s.count >= Self.shortestCorrected, abs(s.count - typed.count) <= limit else { continue }
      let d = optimalAlignmentDistance(typed, Array(s), limit: limit)
      guard d <= limit else { continue }
      if let b = best {
        if d < b.distance {
          best = (i, d)
          tied = false
        } else if d == b.distance, entryLists[i] != entryLists[b.index] {
          tied = true
        }
      } else {
        best = (i, d)
      }
    }
    guard let best, !tied else { return nil }
    return surfaces[best.index]
  }
}

/// The edit distance counting a swap of adjacent letters as one edit (optimal string
/// alignment), or a value above `limit` once every alignment exceeds it.
func optimalAlignmentDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var row = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    row[0] = i
    var smallest = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var v = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, previous2[j - 2] + 1) }
      row[j] = v
      smallest = min(smallest, v)
    }
    if smallest > limit { return limit + 1 }
    (previous2, previous, row) = (previous, row, previous2)
  }
  return previous[b.count]
}
