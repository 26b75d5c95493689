/// A set of days within one period (at most 448 consecutive days), held inline as bits.
///
/// Bit `i` stands for day number `base + i`. A year needs 366 bits, so every period of a
/// daily-to-yearly rule fits in seven words, and expanding a period never touches the heap.
struct DaySet: Sendable {
  /// The day number of bit 0.
  var base: Int
  /// Days 0…63: all a day, week or month needs.
  var low: UInt64 = 0
  /// Days 64…447, for years (six more words; a tuple keeps the struct 8-byte aligned).
  var high: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
  /// How many words can hold days (1 for a day, week or month; 6 for a year).
  var used: Int

  init(base: Int, words used: Int) {
    self.base = base
    self.used = used
  }

  /// Empties the set and gives it a new base and size.
  @inline(__always)
  mutating func reset(base: Int, words used: Int) {
    self.base = base
    self.used = used
    low = 0
    if used > 1 { high = (0, 0, 0, 0, 0, 0) }
  }

  /// Word `i` of the bits.
  @inline(__always)
  subscript(word i: Int) -> UInt64 {
    get {
      if i == 0 { return low }
      return withUnsafeBytes(of: high) { $0.load(fromByteOffset: (i - 1) * 8, as: UInt64.self) }
    }
    set {
      if i == 0 {
        low = newValue
      } else {
        withUnsafeMutableBytes(of: &high) { $0.storeBytes(of: newValue, toByteOffset: (i - 1) * 8, as: UInt64.self) }
      }
    }
  }

  /// The number of days in the set.
  var count: Int {
    if used == 1 { return low.nonzeroBitCount }
    var n = low.nonzeroBitCount
    for i in 1..<used { n += self[word: i].nonzeroBitCount }
    return n
  }

  /// Adds the day `offset` days after `base`.
  @inline(__always)
  mutating func insert(offset: Int) {
    if offset < 64 {
      low |= 1 << UInt64(offset)
    } else {
      self[word: offset >> 6] |= 1 << UInt64(offset & 63)
    }
  }

  /// Adds the days of a month mask (bit d = day d of the month) for a month starting at `offset`.
  @inline(__always)
  mutating func insert(monthMask: UInt64, at offset: Int) {
    let bits = monthMask >> 1  // bit 0 = the 1st
    guard bits != 0 else { return }
    let word = offset >> 6
    let shift = UInt64(offset & 63)
    self[word: word] |= bits << shift
    if shift != 0, word + 1 < used { self[word: word + 1] |= bits >> (64 - shift) }
  }

  /// The offset of the first day at or after `offset`, or nil.
  @inline(__always)
  func first(atOrAfter offset: Int) -> Int? {
    if used == 1 {
      guard offset < 64 else { return nil }
      let bits = low & (~0 << UInt64(offset))
      return bits == 0 ? nil : bits.trailingZeroBitCount
    }
    var word = offset >> 6
    guard word < used else { return nil }
    var bits = self[word: word] & (~0 << UInt64(offset & 63))
    while true {
      if bits != 0 { return word << 6 | bits.trailingZeroBitCount }
      word += 1
      if word == used { return nil }
      bits = self[word: word]
    }
  }

  /// The offset of the `index`-th day (0-based), or nil.
  func offset(at index: Int) -> Int? {
    var remaining = index
    for w in 0..<used {
      var bits = self[word: w]
      let n = bits.nonzeroBitCount
      if remaining < n {
        while remaining > 0 {
          bits &= bits - 1
          remaining -= 1
        }
        return w << 6 | bits.trailingZeroBitCount
      }
      remaining -= n
    }
    return nil
  }
}
