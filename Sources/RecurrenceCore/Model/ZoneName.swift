/// A rule's zone identifier held inline: up to 32 ASCII bytes in four words.
///
/// Every IANA identifier fits (the longest has 32 characters), so a zoned rule carries no
/// string reference: copying or dropping it touches no reference count, and the packed decoder
/// stores the name without allocating. A name that does not fit lives in the rule's overflow
/// box instead (see `RuleLists`). Unused bytes are zero, so equal names compare equal.
struct ZoneName: Sendable, Hashable {
  /// The longest name held inline.
  static let capacity = 32

  /// Bytes 0–7, 8–15, 16–23 and 24–31, little-endian within each word.
  var w0: UInt64 = 0
  var w1: UInt64 = 0
  var w2: UInt64 = 0
  var w3: UInt64 = 0
  /// The number of bytes; 0 means no zone.
  var count: UInt8 = 0

  /// No zone (a floating rule).
  init() {}

  /// The name's bytes, when it is 1…32 ASCII bytes; nil otherwise.
  init?(_ name: String) {
    var copy = name
    guard let inline = copy.withUTF8({ ZoneName(bytes: $0) }) else { return nil }
    self = inline
  }

  /// The bytes, when they are 1…32 ASCII bytes; nil otherwise.
  @inline(__always)
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty, bytes.count <= Self.capacity else { return nil }
    for (i, b) in bytes.enumerated() {
      guard b < 0x80 else { return nil }
      let word = UInt64(b) << UInt64(8 * (i & 7))
      switch i >> 3 {
      case 0: w0 |= word
      case 1: w1 |= word
      case 2: w2 |= word
      default: w3 |= word
      }
    }
    count = UInt8(bytes.count)
  }

  /// The byte at `i` (below `count`).
  @inline(__always)
  func byte(_ i: Int) -> UInt8 {
    let word: UInt64
    switch i >> 3 {
    case 0: word = w0
    case 1: word = w1
    case 2: word = w2
    default: word = w3
    }
    return UInt8(truncatingIfNeeded: word >> UInt64(8 * (i & 7)))
  }

  /// The name, or nil for no zone.
  var string: String? {
    guard count > 0 else { return nil }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.capacity) { buffer in
      for i in 0..<Int(count) { buffer[i] = byte(i) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<Int(count)]), as: UTF8.self)
    }
  }
}
