import RecurrenceCore

/// A parsed command line: options with values, flags, and positional arguments.
struct Arguments {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  /// Splits `arguments` given the options that take a value and the flags of a command.
  init(_ arguments: ArraySlice<String>, command: String, valued: Set<String>, flags known: Set<String>)
    throws(UsageError)
  {
    var i = arguments.startIndex
    var onlyPositionals = false
    while i < arguments.endIndex {
      let arg = arguments[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      var name = arg
      var inline: String?
      if let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      if valued.contains(name) {
        if values[name] != nil { throw UsageError(message: "option '\(name)' given twice", command: command) }
        if let inline {
          values[name] = inline
        } else {
          guard i < arguments.endIndex else {
            throw UsageError(message: "missing value for '\(name)'", command: command)
          }
          values[name] = arguments[i]
          i += 1
        }
      } else if known.contains(name), inline == nil {
        flags.insert(name)
      } else {
        let all = valued.union(known).sorted()
        var message = "unknown option '\(TerminalText.escaped(name, limit: 80))'"
        if name.unicodeScalars.count <= 40, let s = all.min(by: { editDistance($0, name) < editDistance($1, name) }),
          editDistance(s, name) <= 2
        {
          message += "; did you mean '\(s)'?"
        }
        throw UsageError(message: message, command: command)
      }
    }
  }

  /// An integer option's value, range-checked.
  func integer(_ name: String, default value: Int, in range: ClosedRange<Int>, command: String) throws(UsageError)
    -> Int
  {
    guard let text = values[name] else { return value }
    guard let n = Int(text), range.contains(n) else {
      throw UsageError(
        message:
          "'\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(TerminalText.escaped(text, limit: 80))'",
        command: command)
    }
    return n
  }
}
