/// Small text helpers for cells, on UTF-8 without Foundation's slower general routines.
enum ImportText {
  /// `s` without spaces and tabs at either end (the string itself when it has none).
  static func trimmed(_ s: String) -> String {
    let u = s.utf8
    guard let first = u.first, let last = u.last else { return s }
    func blank(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    guard blank(first) || blank(last) else { return s }
    var a = u.startIndex
    var b = u.endIndex
    while a < b, blank(u[a]) { a = u.index(after: a) }
    while b > a, blank(u[u.index(before: b)]) { b = u.index(before: b) }
    return String(decoding: u[a..<b], as: UTF8.self)
  }

  /// `s` in lower case for ASCII letters (cell keywords such as `Task`, `MINUTE`, `EN`).
  static func lowerASCII(_ s: String) -> String {
    guard s.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) else { return s }
    return String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
  }

  /// `Evan (14781400)`: the name and the id in the last parentheses; the whole text as the name
  /// when there are none.
  static func person(_ text: String) -> (String?, String?) {
    let t = trimmed(text)
    let u = Array(t.utf8)
    guard !u.isEmpty else { return (nil, nil) }
    if u.last == 41, let open = u.lastIndex(of: 40), open >= 2, u[open - 1] == 32, open + 1 < u.count - 1 {
      let name = String(decoding: u[..<(open - 1)], as: UTF8.self)
      let id = String(decoding: u[(open + 1)..<(u.count - 1)], as: UTF8.self)
      if !trimmed(name).isEmpty { return (name, id) }
    }
    return (t, nil)
  }

  /// A 128-bit FNV-1a digest of `bytes` (two 64-bit lanes with different offsets), for ids that
  /// must be the same on every run and platform.
  static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x6c62_272e_07bb_0142
    for byte in bytes {
      a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      b = b &+ (a >> 29)
    }
    // The murmur finaliser on each lane, so that neighbouring inputs give unrelated ids.
    func mix(_ x: UInt64) -> UInt64 {
      var z = x
      z ^= z >> 33
      z = z &* 0xff51_afd7_ed55_8ccd
      z ^= z >> 33
      z = z &* 0xc4ce_b9fe_1a85_ec53
      z ^= z >> 33
      return z
    }
    a = mix(a ^ b)
    b = mix(b &+ a)
    var out: [UInt8] = []
    out.reserveCapacity(16)
    for lane in [a, b] {
      for k in 0..<8 { out.append(UInt8(truncatingIfNeeded: lane >> UInt64(56 - 8 * k))) }
    }
    return out
  }
}
