/// JSON text for strings, shared by the baseline and the reports.
public enum CorpusJSON {
  /// `s` as a JSON string literal (also a valid YAML double-quoted scalar).
  public static func quote(_ s: String) -> String {
    let escaped = escaping(s) { u in
      switch u {
      case "\"": return "\\\""
      case "\\": return "\\\\"
      case "\n": return "\\n"
      case "\r": return "\\r"
      case "\t": return "\\t"
      default:
        guard u.value < 0x20 else { return nil }
        let hex = String(u.value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return "\"" + escaped + "\""
  }

  /// `s` with each scalar `replacement` names replaced by its text, the others kept.
  static func escaping(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
      if let r = replacement(u) { out += r } else { out.unicodeScalars.append(u) }
    }
    return out
  }
}
