import RecurrenceCore

extension CorpusReport {
  /// The run as JUnit XML: a test suite per file, a test case per corpus line named `file:line`.
  ///
  /// A failing case carries a `failure` whose message is the difference and whose text names the
  /// phrase, the expected and the actual reading; a malformed line or unreadable file is an
  /// `error`. The shape is the common one CI servers read (`testsuites` > `testsuite` > `testcase`).
  ///
  /// - Parameter onlyFailures: leave out the cases that passed.
  public func junit(onlyFailures: Bool = false) -> String {
    var suites: [String: (cases: [String], tests: Int, failures: Int, errors: Int)] = [:]
    for o in outcomes where !(onlyFailures && o.passed) {
      let c = o.corpusCase
      var entry = "    <testcase name=\"\(Self.xml(c.description))\" classname=\"\(Self.xml(c.file))\""
      if let failure = o.failure {
        let detail = "phrase: \(c.phrase)\nexpected: \(Self.expected(c))\nactual: \(o.reading.summary)"
        entry += ">\n      <failure message=\"\(Self.xml(failure))\" type=\"reading\">\(Self.xml(detail))</failure>\n"
        entry += "    </testcase>"
        suites[c.file, default: ([], 0, 0, 0)].failures += 1
      } else {
        entry += "/>"
      }
      suites[c.file, default: ([], 0, 0, 0)].cases.append(entry)
      suites[c.file, default: ([], 0, 0, 0)].tests += 1
    }
    for p in problems {
      let name = p.line > 0 ? "\(p.file):\(p.line)" : p.file
      let entry =
        "    <testcase name=\"\(Self.xml(name))\" classname=\"\(Self.xml(p.file))\">\n"
        + "      <error message=\"\(Self.xml(p.description))\" type=\"\(p.id)\">\(Self.xml(p.rendered))</error>\n"
        + "    </testcase>"
      suites[p.file, default: ([], 0, 0, 0)].cases.append(entry)
      suites[p.file, default: ([], 0, 0, 0)].tests += 1
      suites[p.file, default: ([], 0, 0, 0)].errors += 1
    }
    let totals = suites.values.reduce((0, 0, 0)) { ($0.0 + $1.tests, $0.1 + $1.failures, $0.2 + $1.errors) }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"corpus\" tests=\"\(totals.0)\" failures=\"\(totals.1)\" errors=\"\(totals.2)\">\n"
    for file in files {
      guard let s = suites[file] else { continue }
      out += "  <testsuite name=\"\(Self.xml(file))\" tests=\"\(s.tests)\" failures=\"\(s.failures)\""
      out += " errors=\"\(s.errors)\" skipped=\"0\">\n"
      for entry in s.cases { out += entry + "\n" }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }

  /// The run as TAP version 13: a test point per corpus line, a YAML block under each failure.
  ///
  /// - Parameter onlyFailures: leave out the cases that passed (the plan counts what is shown).
  public func tap(onlyFailures: Bool = false) -> String {
    var points: [String] = []
    for o in outcomes where !(onlyFailures && o.passed) {
      let c = o.corpusCase
      let name = "\(c.description) \(c.phrase)"
      guard let failure = o.failure else {
        points.append("ok \(points.count + 1) - \(Self.tapDescription(name))")
        continue
      }
      points.append(
        "not ok \(points.count + 1) - \(Self.tapDescription(name))\n  ---\n  message: \(Self.yaml(failure))\n"
          + "  expected: \(Self.yaml(Self.expected(c)))\n  actual: \(Self.yaml(o.reading.summary))\n  ...")
    }
    for p in problems {
      points.append(
        "not ok \(points.count + 1) - \(Self.tapDescription(p.line > 0 ? "\(p.file):\(p.line)" : p.file))\n  ---\n"
          + "  message: \(Self.yaml(p.description))\n  ...")
    }
    return "TAP version 13\n1..\(points.count)\n" + points.map { $0 + "\n" }.joined()
      + "# \(passed) passed, \(failed) failed\n"
  }

  /// Text for an XML attribute or element: markup characters escaped, control characters dropped.
  static func xml(_ s: String) -> String {
    CorpusJSON.escaping(s) { u in
      switch u {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"": return "&quot;"
      case "'": return "&apos;"
      case "\n": return "&#10;"
      case "\t", "\r": return " "
      default: return u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF ? "\u{FFFD}" : nil
      }
    }
  }

  /// A TAP description: `#` would start a directive and a line break would end the point.
  static func tapDescription(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "\\": out += "\\\\"
      case "#": out += "\\#"
      case "\n", "\r\n", "\r": out += " "
      default: out += TerminalText.escaped(String(c), limit: Int.max)
      }
    }
    return out
  }

  /// A YAML double-quoted scalar.
  static func yaml(_ s: String) -> String { CorpusJSON.quote(s) }
}
