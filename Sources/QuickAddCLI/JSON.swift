/// A minimal JSON writer with stable key order, for the commands' `--json` output.
enum JSONValue {
  case string(String)
  case number(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// The value as compact JSON text on one line.
  var text: String {
    switch self {
    case .string(let s): return JSONValue.quote(s)
    case .number(let n): return String(n)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
    case .object(let pairs):
      return "{" + pairs.map { "\(JSONValue.quote($0.0)): \($0.1.text)" }.joined(separator: ", ") + "}"
    }
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if u.value < 0x20 {
          let hex = String(u.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(u)
        }
      }
    }
    return out + "\""
  }
}
