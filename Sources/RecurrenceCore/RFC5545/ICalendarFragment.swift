/// Reads the recurrence lines an iCalendar event carries: `DTSTART`, `RRULE`, `EXDATE`, `RDATE`.
///
/// ```
/// DTSTART;TZID=America/New_York:20261201T090000
/// RRULE:FREQ=WEEKLY;BYDAY=TU
/// EXDATE;TZID=America/New_York:20261222T090000,20261229T090000
/// RDATE;VALUE=DATE:20261224
/// ```
///
/// Lines end in CRLF, LF or CR and are unfolded first (RFC 5545 §3.1: a line that begins with a
/// space or a tab continues the one before). Property names and parameter names are read in any
/// case; `DTSTART` and `RRULE` at most once (`RRULE` is required), `EXDATE` and `RDATE` any
/// number of times, each with a comma list of values. Values are dates (`YYYYMMDD`, or with
/// `VALUE=DATE`), local date-times (`YYYYMMDDTHHMMSS`), with `;TZID=` or floating, or UTC
/// (`…Z`). The rule's zone comes from DTSTART: its `TZID`, UTC for a `…Z` value, or the
/// caller's zone for a floating one. Other values are converted to wall-clock time in that zone;
/// a date stands for the start's time of day on that date. Any other property is refused, as is
/// `RDATE;VALUE=PERIOD`. Every error names the line and column in its message (1-based, in the
/// text before unfolding) and carries the character range of the offending part.
public enum ICalendarFragment {
  /// Whether `text` is a fragment (some line names `DTSTART`, `EXDATE` or `RDATE`, or there are
  /// several lines) rather than a bare RRULE value.
  public static func isFragment(_ text: String) -> Bool {
    if text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) { return true }
    let upper = text.uppercased()
    return ["DTSTART", "EXDATE", "RDATE"].contains { upper.hasPrefix($0) }
  }

  /// Parses a fragment, or a bare RRULE value (`RRule.parse`) when `text` is not one.
  ///
  /// - Parameters:
  ///   - text: the lines.
  ///   - start: the start when the fragment has no DTSTART.
  ///   - timeZone: the zone for floating values; nil for floating.
  /// - Returns: the rule with its start, zone, excluded and extra dates set.
  /// - Throws: a `Diagnostic` (`RR1xx`) naming the line and column.
  public static func parse(_ text: String, start: LocalDateTime? = nil, timeZone: String? = nil) throws(Diagnostic)
    -> RecurrenceRule
  {
    guard isFragment(text) else { return try RRule.parse(text, start: start, timeZone: timeZone) }
    var reader = FragmentReader(text: text)
    return try reader.read(defaultStart: start, defaultZone: timeZone)
  }
}

/// One unfolded content line: its characters and each one's offset in the original text.
struct ContentLine {
  var chars: [Character] = []
  var offsets: [Int] = []
}

/// The fragment reader: unfolds, splits each line into name, parameters and value, and builds
/// the rule.
struct FragmentReader {
  let text: [Character]
  var lines: [ContentLine] = []

  init(text: String) {
    self.text = Array(text.prefix(RRule.maxLength * 20 + 1))
    var current: ContentLine?
    var atLineStart = true
    for (i, c) in self.text.enumerated() {
      if c == "\n" || c == "\r" || c == "\r\n" {
        atLineStart = true
        continue
      }
      if atLineStart {
        atLineStart = false
        if c == " " || c == "\t", current != nil { continue }  // a folded continuation
        if let line = current, !line.chars.isEmpty { lines.append(line) }
        current = ContentLine()
      }
      current?.chars.append(c)
      current?.offsets.append(i)
    }
    if let line = current, !line.chars.isEmpty { lines.append(line) }
  }

  /// "line L, column C" of a character offset in the original text.
  func position(_ offset: Int) -> String {
    var line = 1
    var column = 1
    for c in text.prefix(offset) {
      if c == "\n" || c == "\r" || c == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }

  func fail(_ id: String, _ message: String, _ line: ContentLine, _ lower: Int, _ upper: Int) -> Diagnostic {
    let a = line.offsets.isEmpty ? 0 : line.offsets[Swift.min(lower, line.offsets.count - 1)]
    let b = upper >= line.offsets.count ? (line.offsets.last ?? a) + 1 : line.offsets[upper]
    return Diagnostic(id: id, message: "\(position(a)): \(message)", range: SourceRange(a, b))
  }

  /// A property: name, parameters (upper-cased names), the value, and where the value begins.
  struct Property {
    var name: String
    var parameters: [String: String]
    var value: String
    var valueStart: Int
  }

  func property(_ line: ContentLine) throws(Diagnostic) -> Property {
    let chars = line.chars
    var inQuotes = false
    var colon: Int?
    for (i, c) in chars.enumerated() {
      if c == "\"" { inQuotes.toggle() }
      if c == ":", !inQuotes {
        colon = i
        break
      }
    }
    guard let colon else {
      throw fail("RR120", "expected 'NAME:VALUE', found '\(String(chars.prefix(40)))'", line, 0, chars.count)
    }
    let head = String(chars[0..<colon]).split(separator: ";", omittingEmptySubsequences: false)
    var parameters: [String: String] = [:]
    for part in head.dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else {
        throw fail("RR120", "expected a parameter 'NAME=VALUE', found '\(part)'", line, 0, colon)
      }
      parameters[pair[0].uppercased()] = String(pair[1]).trimmingQuotes
    }
    return Property(
      name: String(head.first ?? "").uppercased(), parameters: parameters, value: String(chars[(colon + 1)...]),
      valueStart: colon + 1)
  }

  mutating func read(defaultStart: LocalDateTime?, defaultZone: String?) throws(Diagnostic) -> RecurrenceRule {
    if text.count > RRule.maxLength * 20 {
      throw Diagnostic(
        id: "RR100", message: "the fragment is longer than \(RRule.maxLength * 20) characters",
        range: SourceRange(0, text.count))
    }
    var dtstart: (Property, ContentLine)?
    var rruleLine: (Property, ContentLine)?
    var dateLines: [(Property, ContentLine)] = []
    for line in lines {
      let p = try property(line)
      switch p.name {
      case "DTSTART", "RRULE":
        if (p.name == "DTSTART" ? dtstart : rruleLine) != nil {
          throw fail("RR122", "'\(p.name)' appears twice", line, 0, line.chars.count)
        }
        if p.name == "DTSTART" { dtstart = (p, line) } else { rruleLine = (p, line) }
      case "EXDATE", "RDATE": dateLines.append((p, line))
      default:
        throw fail(
          "RR121", "unsupported property '\(p.name)'; expected DTSTART, RRULE, EXDATE or RDATE", line, 0,
          p.name.count)
      }
    }
    // The zone and start, from DTSTART.
    var zone = defaultZone
    var start = defaultStart
    if let (p, line) = dtstart {
      let values = try dateValues(p, line, zone: nil, timeOfDay: 0)
      guard values.count == 1, let first = values.first else {
        throw fail("RR124", "'DTSTART' takes one value", line, p.valueStart, line.chars.count)
      }
      zone = first.zone ?? defaultZone
      start = first.local
    }
    guard let (p, line) = rruleLine else {
      throw Diagnostic(id: "RR123", message: "missing an 'RRULE:' line", range: SourceRange(0, text.count))
    }
    var rule: RecurrenceRule
    do {
      rule = try RRule.parse(p.value, start: start, timeZone: zone)
    } catch {
      throw fail(
        error.id, error.message, line, p.valueStart + error.range.lowerBound, p.valueStart + error.range.upperBound)
    }
    rule.start = start
    var excluded: [LocalDateTime] = []
    var extra: [LocalDateTime] = []
    let zoneValue = zone.flatMap { Zone(identifier: $0) }
    for (p, line) in dateLines {
      let values = try dateValues(p, line, zone: zoneValue, timeOfDay: start?.secondOfDay ?? 0)
      if p.name == "EXDATE" { excluded += values.map(\.local) } else { extra += values.map(\.local) }
    }
    rule.excludedDates = excluded
    rule.extraDates = extra
    if let error = rule.validationError {
      throw Diagnostic(id: "RR113", message: error.description, range: SourceRange(0, text.count))
    }
    return rule
  }

  /// The values of a date property: each as wall-clock time in `zone` (when given; DTSTART
  /// passes nil and gets each value's own zone back), dates at `timeOfDay`.
  func dateValues(_ p: Property, _ line: ContentLine, zone: Zone?, timeOfDay: Int) throws(Diagnostic)
    -> [(local: LocalDateTime, zone: String?)]
  {
    let kind = p.parameters["VALUE"]?.uppercased() ?? "DATE-TIME"
    guard kind == "DATE" || kind == "DATE-TIME" else {
      throw fail("RR126", "'VALUE=\(kind)' is not supported; use DATE or DATE-TIME", line, 0, p.valueStart - 1)
    }
    var ownZone: Zone?
    if let id = p.parameters["TZID"] {
      guard let z = Zone(identifier: id) else {
        throw fail("RR125", "unknown time zone '\(id)'", line, 0, p.valueStart - 1)
      }
      ownZone = z
    }
    var out: [(LocalDateTime, String?)] = []
    var offset = p.valueStart
    for item in p.value.split(separator: ",", omittingEmptySubsequences: false) {
      let end = offset + item.count
      guard let (local, utc) = Self.basicDateTime(String(item), timeOfDay: timeOfDay), local.isValidForRule else {
        throw fail(
          "RR124", "expected a date YYYYMMDD or date-time YYYYMMDDTHHMMSS[Z], found '\(item)'", line, offset, end)
      }
      // The instant, when the value names one, then wall-clock time in the rule's zone.
      let instant = utc ? local.localSeconds : ownZone.map { $0.resolve(local).instant }
      if let zone, let instant {
        out.append((zone.localDateTime(atInstant: instant), nil))
      } else {
        out.append((local, utc ? "UTC" : ownZone?.identifier))
      }
      offset = end + 1
    }
    return out
  }

  /// `YYYYMMDD` (at `timeOfDay`) or `YYYYMMDDTHHMMSS[Z]`, and whether it ends in `Z`.
  static func basicDateTime(_ s: String, timeOfDay: Int) -> (LocalDateTime, Bool)? {
    let c = Array(s.utf8)
    func num(_ a: Int, _ n: Int) -> Int? {
      guard a + n <= c.count else { return nil }
      var v = 0
      for b in c[a..<(a + n)] {
        guard b >= 48, b <= 57 else { return nil }
        v = v * 10 + Int(b) - 48
      }
      return v
    }
    guard let y = num(0, 4), let mo = num(4, 2), let d = num(6, 2) else { return nil }
    let date = CivilDate(year: y, month: mo, day: d)
    if c.count == 8 { return (LocalDateTime(date: date, secondOfDay: timeOfDay), false) }
    guard c.count == 15 || (c.count == 16 && (c[15] == UInt8(ascii: "Z") || c[15] == UInt8(ascii: "z"))),
      c[8] == UInt8(ascii: "T") || c[8] == UInt8(ascii: "t"), let h = num(9, 2), let mi = num(11, 2),
      let se = num(13, 2), h < 24, mi < 60, se < 60
    else { return nil }
    return (LocalDateTime(date: date, hour: h, minute: mi, second: se), c.count == 16)
  }
}

extension String {
  /// The string without one pair of surrounding double quotes.
  fileprivate var trimmingQuotes: String {
    count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
  }
}
