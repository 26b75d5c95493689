import RecurrenceCore

extension Lexicon {
  /// The shortest misspelling that is corrected; shorter words are too easily another word.
  public static let shortestCorrected = 4

  /// The most edits allowed for a misspelling of `length` letters: one for 4–7, two for longer.
  public static func correctionLimit(forLength length: Int) -> Int {
    length < shortestCorrected ? 0 : length < 8 ? 1 : 2
  }

  /// The lexicon word of three letters that `typed` writes with its last two letters swapped
  /// (`dya` for `day`, `teh` for `the`), or nil: the one slip a word that short is read through.
  func swappedShortWord(_ typed: [UInt8]) -> Int? {
    guard typed.count == 3, typed[1] != typed[2] else { return nil }
    let swapped = [typed[0], typed[2], typed[1]]
    return tables.byFirstByte[Int(typed[0])].first { i in
      tables.bytes[i] == swapped && !tables.abbreviated[i] && tables.masks[i] & WordClass.variant.bit == 0
    }
  }

  /// The letters `typed` shares with `s` at their starts and at their ends, which breaks a tie
  /// between two words equally near (`minuts` is `minutes`, not `minus`; `weekay` `weekday`).
  static func sharedAffixes(_ typed: [UInt8], _ s: [UInt8]) -> Int {
    let n = min(typed.count, s.count)
    var prefix = 0
    while prefix < n, typed[prefix] == s[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < n - prefix, typed[typed.count - 1 - suffix] == s[s.count - 1 - suffix] { suffix += 1 }
    return prefix + suffix
  }

  /// The lexicon word an unknown word is a slip of: the unique surface form within the
  /// correction limit (adjacent letters swapped count as one edit) that starts with the same
  /// letter (of two equally near, the one sharing more letters at the ends, unless both are
  /// weekdays or months), or nil when there is none or two different words are equally near. A word of three letters is read only
  /// through a swap of its last two (`dya`). Abbreviations
  /// ("mins", "tues") are never the correction: a title's "mints" stays a word.
  public func correction(for word: String) -> String? {
    let typed = Array(word.utf8)
    let limit = Self.correctionLimit(forLength: typed.count)
    guard typed.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return nil }
    if typed.count == 3 { return swappedShortWord(typed).map { surfaces[$0] } }
    guard limit > 0, let first = typed.first else { return nil }
    var best: (index: Int, distance: Int, affixes: Int)?
    var tied = false
    let letters = Self.letterSet(word.utf8)
    for i in tables.byFirstByte[Int(first)] {
      let s = tables.bytes[i]
      // A variant spelling ("wensday") is never the correction: the word it stands for is.
      guard s.count >= Self.shortestCorrected, abs(s.count - typed.count) <= limit, !tables.abbreviated[i],
        tables.masks[i] & WordClass.variant.bit == 0,
        (letters ^ tables.letterSets[i]).nonzeroBitCount <= 2 * limit
      else {
        continue
      }
      let d = optimalAlignmentDistance(typed, s, limit: limit)
      guard d <= limit else { continue }
      let affixes = Self.sharedAffixes(typed, s)
      if let b = best {
        if d < b.distance {
          best = (i, d, affixes)
          tied = false
        } else if d == b.distance, entryLists[i] != entryLists[b.index] {
          // Two weekdays or two months stay a tie: `tursday` may be Tuesday or Thursday.
          let rivals = tables.masks[i] & tables.masks[b.index] & (WordClass.weekday.bit | WordClass.month.bit) != 0
          if affixes > b.affixes { best = (i, d, affixes) }
          tied = affixes == b.affixes || rivals || (tied && affixes < b.affixes)
        }
      } else {
        best = (i, d, affixes)
      }
    }
    guard let best, !tied else { return nil }
    return surfaces[best.index]
  }
}

extension Lexicon {
  /// Whether a day or date word is within the correction limit of `word`: a cheap test before
  /// the full search (most of a task line's unknown words are title words, near none).
  func nearDateWord(_ word: String) -> Bool {
    let utf8 = word.utf8
    guard let first = utf8.first else { return false }
    let limit = Self.correctionLimit(forLength: utf8.count)
    let letters = Self.letterSet(utf8)
    var typed: [UInt8]?
    for i in tables.dateWordsByFirstByte[Int(first)] {
      let s = tables.bytes[i]
      guard abs(s.count - utf8.count) <= limit, (letters ^ tables.letterSets[i]).nonzeroBitCount <= 2 * limit else {
        continue
      }
      let a = typed ?? Array(utf8)
      typed = a
      if optimalAlignmentDistance(a, s, limit: limit) <= limit { return true }
    }
    return false
  }

  /// The letters `a`…`z` of `text` as a set (bit k = the letter `a` + k).
  static func letterSet(_ text: String.UTF8View) -> UInt32 {
    var set: UInt32 = 0
    for b in text where b >= 97 && b <= 122 { set |= 1 << UInt32(b - 97) }
    return set
  }
}

/// The edit distance counting a swap of adjacent letters as one edit (optimal string
/// alignment), or a value above `limit` once every alignment exceeds it.
func optimalAlignmentDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  let width = b.count + 1
  return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { buffer in
    // Three rows in one stack buffer: two rows back, the previous row, the current row.
    var back2 = 0
    var back1 = width
    var row = 2 * width
    for j in 0..<width { buffer[back1 + j] = j }
    for i in 1...a.count {
      buffer[row] = i
      var smallest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var v = min(buffer[back1 + j] + 1, buffer[row + j - 1] + 1, buffer[back1 + j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, buffer[back2 + j - 2] + 1) }
        buffer[row + j] = v
        smallest = min(smallest, v)
      }
      if smallest > limit { return limit + 1 }
      (back2, back1, row) = (back1, row, back2)
    }
    return buffer[back1 + b.count]
  }
}
