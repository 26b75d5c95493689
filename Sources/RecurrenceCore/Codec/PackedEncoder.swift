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
  ///
  /// The longest valid rule (every list at its limit with the longest items, and the longest
  /// zone name) packs to about 2,300 characters; the limit leaves room for spelled-out
  /// defaults and legacy segments.
  public static let maxLength = 4_096

  /// The canonical packed text of a rule.
  ///
  /// `decode(encode(rule)) == rule` for every rule whose `validationError` is nil. An invalid
  /// rule still encodes (nothing is dropped), but `decode` refuses its text, naming the problem.
  public static func encode(_ rule: RecurrenceRule) -> String {
    // Typical rules take well under 1 KiB: a buffer that size lives on the stack (larger
    // temporary buffers come from the heap). A longer rule (long lists of times or positions)
    // is measured by the first pass and written again into a buffer of its exact size.
    let first = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1_024) { buffer -> (String?, Int) in
      var out = PackedWriter(buffer: buffer)
      write(rule, to: &out)
      guard out.count <= buffer.count else { return (nil, out.count) }
      return (String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<out.count]), as: UTF8.self), out.count)
    }
    if let text = first.0 { return text }
    return String(unsafeUninitializedCapacity: first.1) { buffer in
      var out = PackedWriter(buffer: buffer)
      write(rule, to: &out)
      return min(out.count, buffer.count)
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
    let lists = rule.lists
    let overflow = lists.overflow?.lists
    if let list = overflow?.weekdays {
      out.list(";BYDAY=", list) { $0.weekday($1.ordinal, $1.day) }
    } else if lists.every != 0 || lists.nthFirst | lists.nthLast != 0 {
      out.weekdays(lists)
    }
    if let list = overflow?.days {
      out.list(";BYMONTHDAY=", list) { $0.append($1) }
    } else if lists.days != 0 {
      out.signedMask(";BYMONTHDAY=", lists.days)
    }
    if let list = overflow?.months {
      out.list(";BYMONTH=", list) { $0.append($1) }
    } else if lists.months != 0 {
      out.signedMask(";BYMONTH=", UInt64(lists.months))
    }
    if let list = overflow?.yearDays { out.list(";BYYEARDAY=", list) { $0.append($1) } }
    if let list = overflow?.weeks { out.list(";BYWEEKNO=", list) { $0.append($1) } }
    if let list = overflow?.hours { out.list(";BYHOUR=", list) { $0.append($1) } }
    if let list = overflow?.minutes { out.list(";BYMINUTE=", list) { $0.append($1) } }
    if let list = overflow?.positions {
      out.list(";BYSETPOS=", list) { $0.append($1) }
    } else if lists.positions != 0 {
      out.signedMask(";BYSETPOS=", lists.positions)
    }
    if let list = overflow?.times {
      out.list(";BYTIME=", list) { $0.time($1.secondOfDay) }
    } else if lists.timeCount > 0 {
      out.append(";BYTIME=")
      out.time(Int(lists.time0))
      if lists.timeCount > 1 {
        out.byte(UInt8(ascii: "/"))
        out.time(Int(lists.time1))
      }
    }
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
    if let list = overflow?.excluded { out.list(";EXDATE=", list) { $0.dateTime($1) } }
    if let list = overflow?.extra { out.list(";RDATE=", list) { $0.dateTime($1) } }
    if rule.monthDayPolicy == .skip { out.append(";MONTHEND=SKIP") }
    if rule.zoneName.count > 0 {
      out.append(";TZID=")
      for i in 0..<Int(rule.zoneName.count) { out.byte(rule.zoneName.byte(i)) }
    } else if let zone = overflow?.zone {
      out.append(";TZID=")
      out.append(zone)
    }
  }
}

extension RecurrenceRule {
  /// The canonical packed single-column text of this rule (see `PackedRule`).
  public var packed: String { PackedRule.encode(self) }
}
