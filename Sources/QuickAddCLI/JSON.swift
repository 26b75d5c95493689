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

  /// `s` as a JSON string, escaped as `JSONBytes.appendString` escapes it.
  static func quote(_ s: String) -> String {
    var out: [UInt8] = []
    JSONBytes.appendString(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
