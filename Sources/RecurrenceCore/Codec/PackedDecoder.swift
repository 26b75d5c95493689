extension PackedRule {
  /// Decodes packed text into a rule.
  ///
  /// Accepts the canonical form and any non-canonical but valid one (fields in any order, lists
  /// unsorted, defaults spelled out, keys and keywords in any case); re-encoding gives the
  /// canonical text. A legacy `keepMissed` (or `km`) segment, with any value and anywhere after
  /// the version marker, is accepted and ignored.
  ///
  /// - Throws: a `Diagnostic` (`PK1xx`) naming the problem, with its character range: a wrong
  ///   or missing version, an unknown or duplicated segment, a bad number or keyword, a missing
  ///   `FREQ`, truncation, a non-ASCII character, text over `maxLength`, or a rule the model
  ///   rejects (interval 0, day 32).
  public static func decode(_ text: String) throws(Diagnostic) -> RecurrenceRule {
    do {
      // The rule comes straight back from the closure; only a failure is boxed.
      // Native strings lend their bytes without a copy (or a reference count change).
      let count = text.utf8.count
      return try text.withCString { pointer in
        let bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        var reader = PackedReader(bytes: UnsafeBufferPointer(start: bytes, count: count))
        return try reader.read()
      }
    } catch let error as Diagnostic {
      throw error
    } catch {
      throw Diagnostic(id: "PK199", message: "internal error: \(error)", range: SourceRange(0, 0))
    }
  }
}

/// The decoder: one pass over the bytes, no intermediate strings except the zone name.
struct PackedReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  @inline(never)
  func fail(_ id: String, _ message: String, _ lower: Int, _ upper: Int) -> Diagnostic {
    Diagnostic(id: id, message: message, range: SourceRange(lower, upper))
  }

  @inline(never)
  func text(_ lower: Int, _ upper: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
  }

  /// The error for an unknown key, suggesting the nearest known one.
  @inline(never)
  func unknownKey(_ start: Int, _ eq: Int) -> Diagnostic {
    let name = text(start, eq).uppercased()
    var message = "unknown segment '\(text(start, eq))'"
    let names = Key.allCases.map { String(describing: Self.spelling($0)) } + ["KM"]
    // Keys have at most ten letters: a name over twelve is never within two edits, and is not
    // compared (the work stays bounded whatever the text).
    if eq - start <= 12, let s = names.min(by: { editDistance($0, name) < editDistance($1, name) }),
      editDistance(s, name) <= 2
    {
      message += "; did you mean '\(s)'?"
    }
    return fail("PK105", message, start, eq)
  }

  /// The error for a byte that is not printable ASCII.
  @inline(never)
  func unprintable(at i: Int) -> Diagnostic {
    // Every earlier byte is ASCII, so the byte offset is the character offset.
    let shown = bytes[i] >= 0x80 ? "a non-ASCII character" : "a space or control character"
    return fail("PK101", "unexpected \(shown); packed rules are printable ASCII without spaces", i, i + 1)
  }

  /// The canonical spelling of a key, for messages.
  static func name(of key: Key) -> String { String(describing: spelling(key)) }

  mutating func read() throws(Diagnostic) -> RecurrenceRule {
    let n = bytes.count
    if n > PackedRule.maxLength {
      // Ranges count Unicode scalars: every byte that is not a continuation byte starts one.
      let scalars = bytes.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
      if scalars > PackedRule.maxLength {
        throw fail(
          "PK100", "packed rule is \(scalars) characters long; at most \(PackedRule.maxLength) are allowed",
          PackedRule.maxLength, scalars)
      }
    }
    if n > 0, bytes[0] < 0x21 || bytes[0] > 0x7E { throw unprintable(at: 0) }
    guard n >= 2, bytes[0] == UInt8(ascii: "R") || bytes[0] == UInt8(ascii: "r") else {
      throw fail("PK102", "missing version marker; packed rules start with 'R1;'", 0, min(n, 1))
    }
    var v = 1
    while v < n, bytes[v] != UInt8(ascii: ";") {
      if bytes[v] < 0x21 || bytes[v] > 0x7E { throw unprintable(at: v) }
      v += 1
    }
    if !(v == 2 && bytes[1] == UInt8(ascii: "1")) {
      throw fail("PK102", "unsupported version '\(text(0, v))'; this decoder reads 'R1'", 0, v)
    }
    position = v
    // Whether every byte is printable ASCII (one branch-free pass); if not, the segment loop
    // checks byte by byte so that the first problem in the text is the one reported.
    var unprintableBytes: UInt8 = 0
    for b in bytes { unprintableBytes |= (b &- 0x21) > 0x5D ? 1 : 0 }
    let printable = unprintableBytes == 0
    var seen = 0
    var frequency: RecurrenceRule.Frequency?
    var anchor = RecurrenceRule.Anchor.schedule
    var lists = RuleLists()
    var weekStart = DayOfWeek.monday
    var startDate: LocalDateTime?
    var policy = RecurrenceRule.MonthDayPolicy.clamp
    var zone = ZoneName()
    var interval = 1
    var count: Int?
    var until: LocalDateTime?
    var countRange = (0, 0)
    while position < n {
      position += 1  // the ';'
      let start = position
      var eq = -1
      var head: UInt64 = 0
      var tail: UInt64 = 0
      if printable, let found = wordScan(start, n) {
        // Eight bytes at a time: the key's words and its '=' (or the segment's ';').
        eq = found.eq
        head = found.head
        tail = found.tail
        position = eq >= 0 ? segmentEnd(eq + 1, n) : start + found.stop
      } else if printable {
        // Near the end of the text: byte by byte, folding the key into words as `word(_:_:)` does.
        var shift: UInt64 = 0
        while position < n {
          let b = bytes[position]
          if b == UInt8(ascii: ";") { break }
          position += 1
          if b == UInt8(ascii: "=") {
            eq = position - 1
            break
          }
          if shift < 64 {
            head |= UInt64(b & 0xDF) << shift
          } else if shift < 128 {
            tail |= UInt64(b & 0xDF) << (shift - 64)
          }
          shift += 8
        }
        while position < n, bytes[position] != UInt8(ascii: ";") { position += 1 }
      } else {
        // One pass finds the segment's end and '=' and reports the first unprintable byte.
        while position < n {
          let b = bytes[position]
          if b == UInt8(ascii: ";") { break }
          if b < 0x21 || b > 0x7E { throw unprintable(at: position) }
          if eq < 0, b == UInt8(ascii: "=") { eq = position }
          position += 1
        }
      }
      let end = position
      if start == end {
        throw fail("PK103", "empty segment; the text is truncated or has a stray ';'", max(0, start - 1), start)
      }
      guard eq >= 0 else { throw fail("PK104", "expected 'KEY=VALUE', found '\(text(start, end))'", start, end) }
      let found = printable ? Self.key(head: head, tail: tail, length: eq - start) : key(start, eq)
      guard let key = found else { throw unknownKey(start, eq) }
      if key == .legacy { continue }  // keepMissed: accepted and ignored
      let bit = 1 << key.rawValue
      if seen & bit != 0 { throw fail("PK106", "'\(Self.name(of: key))' appears twice", start, end) }
      seen |= bit
      let vs = eq + 1
      if vs == end {
        throw fail("PK107", "'\(Self.name(of: key))' has no value; the text may be truncated", start, end)
      }
      switch key {
      case .freq:
        guard let f = frequencyValue(vs, end) else {
          throw fail(
            "PK108",
            "unknown frequency '\(text(vs, end))'; expected MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY",
            vs, end)
        }
        frequency = f
      case .interval: interval = try number(vs, end, signed: false, "interval")
      case .anchor:
        if keyword(vs, end, "COMPLETION") {
          anchor = .afterCompletion
        } else if !keyword(vs, end, "SCHEDULE") {
          throw fail("PK108", "unknown anchor '\(text(vs, end))'; expected SCHEDULE or COMPLETION", vs, end)
        }
      case .byday: try weekdayList(vs, end, into: &lists)
      case .bymonthday:
        if let mask = smallNumbers(vs, end, signed: true) {
          lists.days = mask
        } else {
          lists.daysOfTheMonth = try numbers(vs, end, signed: true, "day of the month")
        }
      case .bymonth:
        if let mask = smallNumbers(vs, end, signed: false), mask & ~0x1FFE == 0 {
          lists.months = UInt16(truncatingIfNeeded: mask)
        } else {
          lists.monthList = try numbers(vs, end, signed: false, "month")
        }
      case .byyearday: lists.daysOfTheYear = try numbers(vs, end, signed: true, "day of the year")
      case .byweekno: lists.weeks = try numbers(vs, end, signed: true, "week")
      case .byhour: lists.hours = try numbers(vs, end, signed: false, "hour")
      case .byminute: lists.minutes = try numbers(vs, end, signed: false, "minute")
      case .bysetpos:
        if let mask = smallNumbers(vs, end, signed: true) {
          lists.positions = mask
        } else {
          lists.setPositions = try numbers(vs, end, signed: true, "set position")
        }
      case .bytime: try timeList(vs, end, into: &lists)
      case .wkst:
        guard end - vs == 2, let day = DayOfWeek(asciiCode: bytes[vs], bytes[vs + 1]) else {
          throw fail("PK108", "unknown weekday '\(text(vs, end))'; expected MO, TU, WE, TH, FR, SA or SU", vs, end)
        }
        weekStart = day
      case .dtstart: startDate = try dateTime(vs, end)
      case .count:
        count = try number(vs, end, signed: false, "count")
        countRange = (start, end)
      case .until:
        until = try dateTime(vs, end)
        countRange = countRange == (0, 0) ? (start, end) : countRange
      case .exdate:
        let dates = try list(vs, end) { s, e throws(Diagnostic) in try dateTime(s, e) }
        lists.setOverflowList(dates) { $0.excluded = $1 }
      case .rdate:
        let dates = try list(vs, end) { s, e throws(Diagnostic) in try dateTime(s, e) }
        lists.setOverflowList(dates) { $0.extra = $1 }
      case .monthend:
        if keyword(vs, end, "SKIP") {
          policy = .skip
        } else if !keyword(vs, end, "CLAMP") {
          throw fail("PK108", "unknown month-end policy '\(text(vs, end))'; expected CLAMP or SKIP", vs, end)
        }
      case .tzid:
        for i in vs..<end where !RecurrenceRule.isZoneCharacter(bytes[i]) {
          throw fail("PK109", "unexpected character in time zone name", i, i + 1)
        }
        if end - vs > RecurrenceRule.maxZoneNameLength {
          throw fail(
            "PK109", "time zone name is longer than \(RecurrenceRule.maxZoneNameLength) characters", vs, end)
        }
        if let inline = ZoneName(bytes: UnsafeBufferPointer(rebasing: bytes[vs..<end])) {
          zone = inline
        } else {
          let name = text(vs, end)
          lists.setOverflow(name) { $0.zone = $1 }
        }
      case .legacy: break
      }
    }
    guard let frequency else { throw fail("PK110", "missing 'FREQ'", 0, n) }
    if count != nil, until != nil {
      throw fail("PK111", "'COUNT' and 'UNTIL' cannot both be given", countRange.0, countRange.1)
    }
    let end: RecurrenceRule.End = count.map { .afterOccurrences($0) } ?? until.map { .afterDate($0) } ?? .never
    // Checked before the rule is built, so the rule is built once and moved out.
    if let error = RecurrenceRule.validationError(
      frequency: frequency, interval: interval, lists: lists, start: startDate, end: end)
    {
      throw fail("PK112", error.description, 0, n)
    }
    // The lists were written in their stored form: no arrays for typical rules.
    return RecurrenceRule(
      frequency, interval: interval, anchor: anchor, lists: consume lists, weekStart: weekStart, start: startDate,
      end: end,
      monthDayPolicy: policy, zoneName: zone)
  }
}
