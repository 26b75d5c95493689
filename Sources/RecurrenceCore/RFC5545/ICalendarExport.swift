extension RecurrenceRule {
  /// The iCalendar lines of this rule: `DTSTART`, `RRULE`, then `EXDATE` and `RDATE` when the
  /// rule has excluded or extra dates.
  ///
  /// Date-times are wall-clock, with `TZID=` when the rule has a zone and floating otherwise.
  /// `DTSTART` is written when the rule or `start` gives one. Example:
  ///
  /// ```
  /// DTSTART;TZID=Europe/London:20261201T090000
  /// RRULE:FREQ=DAILY
  /// EXDATE;TZID=Europe/London:20261225T090000,20270101T090000
  /// ```
  ///
  /// - Parameter start: the DTSTART to write when the rule has none.
  /// - Returns: the lines, without line endings (RFC 5545 joins them with CRLF).
  /// - Throws: `RRuleExportError` when the rule has no RRULE form (see `rrule(start:)`).
  public func iCalendarLines(start defaultStart: LocalDateTime? = nil) throws(RRuleExportError) -> [String] {
    let rule = try rrule(start: defaultStart)
    let zone = timeZone.map { ";TZID=\($0)" } ?? ""
    var lines: [String] = []
    if let s = start ?? defaultStart { lines.append("DTSTART\(zone):\(Self.basicFormat(s))") }
    lines.append("RRULE:" + rule)
    if !excludedDates.isEmpty {
      lines.append("EXDATE\(zone):" + excludedDates.map(Self.basicFormat).joined(separator: ","))
    }
    if !extraDates.isEmpty { lines.append("RDATE\(zone):" + extraDates.map(Self.basicFormat).joined(separator: ",")) }
    return lines
  }

  /// `YYYYMMDDTHHMMSS`, RFC 5545's DATE-TIME without a zone designator.
  static func basicFormat(_ d: LocalDateTime) -> String {
    "\(pad(d.date.year, 4))\(pad(d.date.month, 2))\(pad(d.date.day, 2))T\(pad(d.hour, 2))\(pad(d.minute, 2))\(pad(d.second, 2))"
  }
}
