import RecurrenceCore

/// Appends JSON straight to bytes: the fast path of `parse -`, which writes millions of
/// occurrences, and the one string quoting every JSON output shares.
enum JSONBytes {
  /// Appends `s` as a JSON string. Control characters (as `TerminalText` defines them: C0, DEL,
  /// C1, line separators, bidirectional overrides) are written as `\u` escapes, so JSON shown on
  /// a terminal cannot drive it either.
  static func appendString(_ s: String, to out: inout [UInt8]) {
    out.append(34)
    // Printable ASCII without quotes or backslashes (most text) is copied as it is.
    var copy = s
    let plain = copy.withUTF8 { bytes -> Bool in
      for b in bytes where b < 0x20 || b >= 0x7F || b == 34 || b == 92 { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if plain {
      out.append(34)
      return
    }
    for u in s.unicodeScalars {
      let v = u.value
      if v < 0x80 {
        switch v {
        case 34: out.append(92); out.append(34)
        case 92: out.append(92); out.append(92)
        case 10: out.append(92); out.append(110)
        case 13: out.append(92); out.append(114)
        case 9: out.append(92); out.append(116)
        default:
          if v < 0x20 || v == 0x7F { appendEscape(v, to: &out) } else { out.append(UInt8(v)) }
        }
      } else if TerminalText.isControl(u) {
        appendEscape(v, to: &out)
      } else {
        appendUTF8(v, to: &out)
      }
    }
    out.append(34)
  }

  /// The UTF-8 bytes of the scalar value `v` (at least 0x80).
  @inline(__always)
  static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    if v < 0x800 {
      out.append(UInt8(0xC0 | v >> 6))
    } else if v < 0x10000 {
      out.append(UInt8(0xE0 | v >> 12))
      out.append(UInt8(0x80 | (v >> 6) & 0x3F))
    } else {
      out.append(UInt8(0xF0 | v >> 18))
      out.append(UInt8(0x80 | (v >> 12) & 0x3F))
      out.append(UInt8(0x80 | (v >> 6) & 0x3F))
    }
    out.append(UInt8(0x80 | v & 0x3F))
  }

  /// `\uXXXX` for a scalar in the Basic Multilingual Plane.
  static func appendEscape(_ v: UInt32, to out: inout [UInt8]) {
    out.append(92)
    out.append(117)
    for shift in stride(from: 12, through: 0, by: -4) { out.append(hexDigit(Int(v >> UInt32(shift)) & 0xF)) }
  }

  @inline(__always) static func hexDigit(_ d: Int) -> UInt8 { UInt8(d < 10 ? 48 + d : 87 + d) }

  /// Appends `[a, b, …]`, each element written by `element`.
  static func appendArray<Element>(
    _ elements: some Sequence<Element>, to out: inout [UInt8], _ element: (Element, inout [UInt8]) -> Void
  ) {
    out.append(91)
    var first = true
    for e in elements {
      if !first { out.append(contentsOf: ", ".utf8) }
      first = false
      element(e, &out)
    }
    out.append(93)
  }

  /// Appends the decimal digits of `n`.
  static func appendInt(_ n: Int, to out: inout [UInt8]) {
    out.append(contentsOf: String(n).utf8)
  }

  /// Appends an occurrence as a quoted ISO 8601 string, exactly as `Occurrence.iso8601`
  /// writes it (`"2026-12-07T09:00:00-05:00"`), without building a `String`: the text is
  /// formed in a stack buffer and appended in one copy.
  static func appendOccurrence(_ o: Occurrence, to out: inout [UInt8]) {
    let local = LocalDateTime(localSeconds: o.localSeconds)
    let year = local.date.year
    guard (0...9999).contains(year) else {
      appendString(o.iso8601, to: &out)
      return
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      var i = 0
      @inline(__always) func put(_ b: UInt8) {
        buffer[i] = b
        i += 1
      }
      @inline(__always) func two(_ n: Int) {
        put(UInt8(truncatingIfNeeded: 48 + n / 10))
        put(UInt8(truncatingIfNeeded: 48 + n % 10))
      }
      put(34)
      two(year / 100)
      two(year % 100)
      put(45)
      two(local.date.month)
      put(45)
      two(local.date.day)
      put(84)
      let t = local.secondOfDay
      two(t / 3600)
      put(58)
      two(t / 60 % 60)
      put(58)
      two(t % 60)
      if let offset = o.utcOffset {
        let a = abs(offset)
        put(offset < 0 ? 45 : 43)
        two(a / 3600 % 100)
        put(58)
        two(a / 60 % 60)
        if a % 60 != 0 {
          put(58)
          two(a % 60)
        }
      }
      put(34)
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<i]))
    }
  }
}
