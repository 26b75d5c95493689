/// The Levenshtein distance between two short strings, for "did you mean" suggestions.
public func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var row = Array(0...b.count)
  for i in 1...a.count {
    var previous = row[0]
    row[0] = i
    for j in 1...b.count {
      let old = row[j]
      row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
      previous = old
    }
  }
  return row[b.count]
}
