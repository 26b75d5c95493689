/// The packed single-column text form of a rule: how rules are stored, synced and backed up.
///
/// One line of printable ASCII, safe in a CSV cell and a JSON string without escaping (no
/// spaces, quotes, commas, backslashes or control characters), readable in a SQL console:
///
/// ```
/// R1;FREQ=WEEKLY;BYDAY=MO/WE/FR;BYTIME=0900
/// R1;FREQ=MONTHLY;BYMONTHDAY=31;BYTIME=0900;TZID=America/New_York
/// R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;BYTIME=0900/1730
/// R1;FREQ=MONTHLY;DTSTART=20260131T090000;UNTIL=20270131T235959;MONTHEND=SKIP
/// ```
///
/// `R1` is the version marker. Segments are `KEY=VALUE` separated by `;`, keys spelled as in
/// RFC 5545 where one exists, lists separated by `/`. The encoder writes the canonical form:
/// fields in the order of `Grammar/packed.ebnf`, lists sorted, defaults omitted (`INTERVAL=1`,
/// `WKST=MO`, `MONTHEND=CLAMP`, the schedule anchor). Equal rules encode to identical strings.
/// A legacy `keepMissed` segment is never written.
public enum PackedRule {
  /// The version marker of this format.
  public static let version = "R1"
  /// The longest packed text accepted by the decoder.
  public static let maxLength = 2_048

  /// The canonical packed text of a rule.
  public static func encode(_ rule: RecurrenceRule) -> String {
    // Lists hold at most `RecurrenceRule.maxListLength` items, so 4 KiB always suffices.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_096) { buffer in
      var out = PackedWriter(buffer: buffer)
      write(rule, to: &out)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<out.count]), as: UTF8.self)
    }
  }

  static func write(_ rule: RecurrenceRule, to out: inout PackedWriter) {
    out.append("R1;FREQ=")
    out.append(rule.frequency.staticName)
    if rule.interval != 1 {
      out.append(";INTERVAL=")
      out.append(rule.interval)
    }
    if rule.anchor == .afterCompletion { out.append(";ANCHOR=COMPLETION") }
    out.list(";BYDAY=", rule.weekdays) { out, w in
      if let n = w.ordinal { out.append(n) }
      out.append(w.day.staticCode)
    }
    out.list(";BYMONTHDAY=", rule.daysOfTheMonth) { $0.append($1) }
    out.list(";BYMONTH=", rule.months) { $0.append($1) }
    out.list(";BYSETPOS=", rule.setPositions) { $0.append($1) }
    out.list(";BYTIME=", rule.times) { $0.time($1.secondOfDay) }
    if rule.weekStart != .monday {
      out.append(";WKST=")
      out.append(rule.weekStart.staticCode)
    }
    if let start = rule.start {
      out.append(";DTSTART=")
      out.dateTime(start)
    }
    switch rule.end {
    case .never: break
    case .afterOccurrences(let n):
      out.append(";COUNT=")
      out.append(n)
    case .afterDate(let until):
      out.append(";UNTIL=")
      out.dateTime(until)
    }
    if rule.monthDayPolicy == .skip { out.append(";MONTHEND=SKIP") }
    if let zone = rule.timeZone {
      out.append(";TZID=")
      out.append(zone)
    }
  }
}

extension RecurrenceRule {
  /// The canonical packed single-column text of this rule (see `PackedRule`).
  public var packed: String { PackedRule.encode(self) }
}

/// Appends ASCII to a fixed buffer (large enough for any valid rule; excess is dropped).
struct PackedWriter {
  let buffer: UnsafeMutableBufferPointer<UInt8>
  var count = 0

  init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  @inline(__always)
  mutating func byte(_ b: UInt8) {
    guard count < buffer.count else { return }
    buffer[count] = b
    count += 1
  }

  @inline(__always)
  mutating func append(_ s: StaticString) {
    s.withUTF8Buffer { for b in $0 { byte(b) } }
  }

  @inline(__always)
  mutating func append(_ s: String) {
    var copy = s
    copy.withUTF8 { for b in $0 { byte(b) } }
  }

  mutating func append(_ n: Int) {
    if n < 0 {
      byte(UInt8(ascii: "-"))
      append(-n)
      return
    }
    if n >= 10 { append(n / 10) }
    byte(UInt8(ascii: "0") + UInt8(n % 10))
  }

  /// `n` as exactly two digits.
  @inline(__always)
  mutating func two(_ n: Int) {
    byte(UInt8(truncatingIfNeeded: 48 + n / 10 % 10))
    byte(UInt8(truncatingIfNeeded: 48 + n % 10))
  }

  /// `n` zero-padded to `width` digits (2 or 4).
  @inline(__always)
  mutating func digits(_ n: Int, _ width: Int) {
    if width == 4 { two(n / 100) }
    two(n)
  }

  /// `key` then the items separated by `/`; nothing for an empty list.
  @inline(__always)
  mutating func list<T>(_ key: StaticString, _ values: [T], _ item: (inout PackedWriter, T) -> Void) {
    guard !values.isEmpty else { return }
    append(key)
    var first = true
    for v in values {
      if !first { byte(UInt8(ascii: "/")) }
      first = false
      item(&self, v)
    }
  }

  /// `HHMM`, or `HHMMSS` when the seconds are not zero.
  mutating func time(_ secondOfDay: Int) {
    digits(secondOfDay / 3600, 2)
    digits(secondOfDay / 60 % 60, 2)
    if secondOfDay % 60 != 0 { digits(secondOfDay % 60, 2) }
  }

  /// `YYYYMMDDTHHMMSS`.
  mutating func dateTime(_ d: LocalDateTime) {
    digits(d.date.year, 4)
    digits(d.date.month, 2)
    digits(d.date.day, 2)
    byte(UInt8(ascii: "T"))
    digits(d.hour, 2)
    digits(d.minute, 2)
    digits(d.second, 2)
  }
}
