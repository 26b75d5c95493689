/// A task line's characters: its Unicode scalars (the unit of every range), and its UTF-8 bytes,
/// from which text is cut out without walking the scalars again.
struct TaskLineText {
  let scalars: [Unicode.Scalar]
  let utf8: [UInt8]
  /// The byte offset of each scalar and of the end; empty when every scalar is one byte.
  let offsets: [Int]

  init(_ line: String) {
    utf8 = Array(line.utf8)
    if !utf8.contains(where: { $0 >= 0x80 }) {
      scalars = utf8.map { Unicode.Scalar($0) }
      offsets = []
      return
    }
    var s: [Unicode.Scalar] = []
    var o: [Int] = []
    s.reserveCapacity(utf8.count)
    o.reserveCapacity(utf8.count + 1)
    var byte = 0
    for c in line.unicodeScalars {
      s.append(c)
      o.append(byte)
      byte += UTF8.width(c)
    }
    o.append(byte)
    scalars = s
    offsets = o
  }

  /// The byte offset of scalar `k` (`k` may be the count: the end).
  func byte(_ k: Int) -> Int { offsets.isEmpty ? k : offsets[k] }

  /// The text of scalars `from..<to`.
  func text(_ from: Int, _ to: Int) -> String {
    from < to ? String(decoding: utf8[byte(from)..<byte(to)], as: UTF8.self) : ""
  }

  /// Whether `c` is white space (ASCII answered without the Unicode tables).
  @inline(__always) static func isSpace(_ c: Unicode.Scalar) -> Bool {
    c.value < 0x80 ? c.value == 32 || (9...13).contains(c.value) : c.properties.isWhitespace
  }

  /// Whether `c` is a letter (ASCII answered without the Unicode tables).
  @inline(__always) static func isLetter(_ c: Unicode.Scalar) -> Bool {
    c.value < 0x80 ? (c.value | 0x20) >= 97 && (c.value | 0x20) <= 122 : c.properties.isAlphabetic
  }

  /// The UTF-8 text of `scalars`.
  static func string(_ scalars: [Unicode.Scalar]) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scalars.count)
    for c in scalars {
      if c.value < 0x80 {
        bytes.append(UInt8(c.value))
      } else {
        UTF8.encode(c) { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
