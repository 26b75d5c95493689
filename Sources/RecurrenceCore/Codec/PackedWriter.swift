/// Appends ASCII to a fixed buffer; `count` goes on counting past its end, so a caller whose
/// buffer was too small learns the size it needs.
struct PackedWriter {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0

  init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    if count < buffer.count { buffer[count] = b }
    count += 1
  }

  @inline(__always)
  mutating func append(_ s: StaticString) {
    let n = s.utf8CodeUnitCount
    if count + n <= buffer.count, let base = buffer.baseAddress {
      (base + count).update(from: s.utf8Start, count: n)
      count += n
    } else {
      s.withUTF8Buffer { for b in $0 { byte(b) } }
    }
  }

  @inline(__always)
  mutating func append(_ s: String) {
    var copy = s
    copy.withUTF8 { for b in $0 { byte(b) } }
  }

  mutating func append(_ n: Int) {
    if n < 0 {
      byte(UInt8(ascii: "-"))
      append(-n)
      return
    }
    if n >= 10 { append(n / 10) }
    byte(UInt8(ascii: "0") + UInt8(n % 10))
  }

  /// `n` as exactly two digits.
  @inline(__always)
  mutating func two(_ n: Int) {
    byte(UInt8(truncatingIfNeeded: 48 + n / 10 % 10))
    byte(UInt8(truncatingIfNeeded: 48 + n % 10))
  }

  /// `n` zero-padded to `width` digits (2 or 4).
  @inline(__always)
  mutating func digits(_ n: Int, _ width: Int) {
    if width == 4 { two(n / 100) }
    two(n)
  }

  /// `key` then the items separated by `/`; nothing for an empty list.
  @inline(__always)
  mutating func list<T>(_ key: StaticString, _ values: [T], _ item: (inout PackedWriter, T) -> Void) {
    guard !values.isEmpty else { return }
    append(key)
    var first = true
    for v in values {
      separator(&first)
      item(&self, v)
    }
  }

  /// `;BYDAY=` and the inline weekdays in the model's order: plain days, then ordinals 1…5,
  /// then ordinals -1…-5.
  mutating func weekdays(_ lists: RuleLists) {
    append(";BYDAY=")
    var first = true
    for d in DayOfWeek.allCases where Int(lists.every) & d.bit != 0 {
      separator(&first)
      weekday(nil, d)
    }
    RuleLists.forEachOrdinal(lists.nthFirst, sign: 1) { n, d in
      separator(&first)
      weekday(n, d)
    }
    RuleLists.forEachOrdinal(lists.nthLast, sign: -1) { n, d in
      separator(&first)
      weekday(n, d)
    }
  }

  /// One BYDAY item: the ordinal, if any, then the two-letter day.
  @inline(__always)
  mutating func weekday(_ ordinal: Int?, _ day: DayOfWeek) {
    if let ordinal { append(ordinal) }
    append(day.staticCode)
  }

  /// A '/' before every list item but the first.
  @inline(__always)
  mutating func separator(_ first: inout Bool) {
    if !first { byte(UInt8(ascii: "/")) }
    first = false
  }

  /// `key` then the numbers of a `SignedMask` in ascending order (-31 … -1, 1 … 31).
  mutating func signedMask(_ key: StaticString, _ mask: UInt64) {
    append(key)
    var first = true
    SignedMask.forEach(mask) { n in
      separator(&first)
      append(n)
    }
  }

  /// `HHMM`, or `HHMMSS` when the seconds are not zero.
  mutating func time(_ secondOfDay: Int) {
    digits(secondOfDay / 3600, 2)
    digits(secondOfDay / 60 % 60, 2)
    if secondOfDay % 60 != 0 { digits(secondOfDay % 60, 2) }
  }

  /// `YYYYMMDDTHHMMSS`.
  mutating func dateTime(_ d: LocalDateTime) {
    digits(d.date.year, 4)
    digits(d.date.month, 2)
    digits(d.date.day, 2)
    byte(UInt8(ascii: "T"))
    digits(d.hour, 2)
    digits(d.minute, 2)
    digits(d.second, 2)
  }
}
