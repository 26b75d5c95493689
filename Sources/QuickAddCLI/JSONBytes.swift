import RecurrenceCore

/// Appends JSON straight to bytes: the fast path of `parse -`, which writes millions of
/// occurrences, and the one string quoting every JSON output shares.
enum JSONBytes {
  /// Appends `s` as a JSON string. Control characters (as `TerminalText` defines them: C0, DEL,
  /// C1, line separators, bidirectional overrides) are written as `\u` escapes, so JSON shown on
  /// a terminal cannot drive it either.
  static func appendString(_ s: String, to out: inout [UInt8]) {
    out.append(34)
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

  /// Appends the decimal digits of `n`.
  static func appendInt(_ n: Int, to out: inout [UInt8]) {
    out.append(contentsOf: String(n).utf8)
  }

  /// Appends `n` as exactly `width` digits (0 ≤ n < 10^width).
  @inline(__always)
  static func appendDigits(_ n: Int, width: Int, to out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = n
    while divisor > 0 {
      out.append(UInt8(48 + rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// Appends an occurrence as a quoted ISO 8601 string, exactly as `Occurrence.iso8601`
  /// writes it (`"2026-12-07T09:00:00-05:00"`), without building a `String`.
  static func appendOccurrence(_ o: Occurrence, to out: inout [UInt8]) {
    let local = LocalDateTime(localSeconds: o.localSeconds)
    let year = local.date.year
    guard (0...9999).contains(year) else {
      appendString(o.iso8601, to: &out)
      return
    }
    out.append(34)
    appendDigits(year, width: 4, to: &out)
    out.append(45)
    appendDigits(local.date.month, width: 2, to: &out)
    out.append(45)
    appendDigits(local.date.day, width: 2, to: &out)
    out.append(84)
    let t = local.secondOfDay
    appendDigits(t / 3600, width: 2, to: &out)
    out.append(58)
    appendDigits(t / 60 % 60, width: 2, to: &out)
    out.append(58)
    appendDigits(t % 60, width: 2, to: &out)
    if let offset = o.utcOffset {
      let a = abs(offset)
      out.append(offset < 0 ? 45 : 43)
      appendDigits(a / 3600, width: 2, to: &out)
      out.append(58)
      appendDigits(a / 60 % 60, width: 2, to: &out)
      if a % 60 != 0 {
        out.append(58)
        appendDigits(a % 60, width: 2, to: &out)
      }
    }
    out.append(34)
  }
}
