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

  /// The keys, as bits for duplicate detection.
  enum Key: Int {
    case freq, interval, anchor, byday, bymonthday, bymonth, bysetpos, bytime, wkst, dtstart, count, until, monthend
    case tzid, legacy
  }

  /// Keys and keywords as `word(_:_:)` reads them (bytes little-endian); a test checks each
  /// against its spelling. Ten-letter words continue in a second integer (`…Tail`).
  enum Word {
    static let freq: UInt64 = 0x5145_5246  // FREQ
    static let interval: UInt64 = 0x4C41_5652_4554_4E49  // INTERVAL
    static let anchor: UInt64 = 0x524F_4843_4E41  // ANCHOR
    static let byday: UInt64 = 0x59_4144_5942  // BYDAY
    static let bymonthday: UInt64 = 0x4448_544E_4F4D_5942  // BYMONTHDAY
    static let bymonthdayTail: UInt64 = 0x5941  // ...AY
    static let bymonth: UInt64 = 0x48_544E_4F4D_5942  // BYMONTH
    static let bysetpos: UInt64 = 0x534F_5054_4553_5942  // BYSETPOS
    static let bytime: UInt64 = 0x454D_4954_5942  // BYTIME
    static let wkst: UInt64 = 0x5453_4B57  // WKST
    static let dtstart: UInt64 = 0x54_5241_5453_5444  // DTSTART
    static let count: UInt64 = 0x54_4E55_4F43  // COUNT
    static let until: UInt64 = 0x4C_4954_4E55  // UNTIL
    static let monthend: UInt64 = 0x444E_4548_544E_4F4D  // MONTHEND
    static let tzid: UInt64 = 0x4449_5A54  // TZID
    static let keepmissed: UInt64 = 0x5353_494D_5045_454B  // KEEPMISSED
    static let keepmissedTail: UInt64 = 0x4445  // ...ED
    static let km: UInt64 = 0x4D4B  // KM
    static let minutely: UInt64 = 0x594C_4554_554E_494D  // MINUTELY
    static let hourly: UInt64 = 0x594C_5255_4F48  // HOURLY
    static let daily: UInt64 = 0x59_4C49_4144  // DAILY
    static let weekly: UInt64 = 0x594C_4B45_4557  // WEEKLY
    static let monthly: UInt64 = 0x59_4C48_544E_4F4D  // MONTHLY
    static let yearly: UInt64 = 0x594C_5241_4559  // YEARLY
  }

  static let keyNames: [(StaticString, Key)] = [
    ("FREQ", .freq), ("INTERVAL", .interval), ("ANCHOR", .anchor), ("BYDAY", .byday), ("BYMONTHDAY", .bymonthday),
    ("BYMONTH", .bymonth), ("BYSETPOS", .bysetpos), ("BYTIME", .bytime), ("WKST", .wkst), ("DTSTART", .dtstart),
    ("COUNT", .count), ("UNTIL", .until), ("MONTHEND", .monthend), ("TZID", .tzid), ("KEEPMISSED", .legacy),
    ("KM", .legacy),
  ]

  /// The error for an unknown key, suggesting the nearest known one.
  @inline(never)
  func unknownKey(_ start: Int, _ eq: Int) -> Diagnostic {
    let name = text(start, eq).uppercased()
    var message = "unknown segment '\(text(start, eq))'"
    let names = Self.keyNames.map { String(describing: $0.0) }
    if let s = names.min(by: { editDistance($0, name) < editDistance($1, name) }), editDistance(s, name) <= 2 {
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
      throw fail(
        "PK100", "packed rule is \(n) characters long; at most \(PackedRule.maxLength) are allowed",
        PackedRule.maxLength, n)
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
          lists.setOverflow { $0.zone = name }
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

  /// The key spelled by `bytes[s..<e]` (any case), or nil.
  func key(_ s: Int, _ e: Int) -> Key? {
    guard e - s <= 10 else { return nil }
    return Self.key(head: word(s, min(e, s + 8)), tail: e - s > 8 ? word(s + 8, e) : 0, length: e - s)
  }

  /// The key whose first eight letters fold to `head` and the rest to `tail`, or nil.
  @inline(__always)
  static func key(head: UInt64, tail: UInt64, length: Int) -> Key? {
    guard length <= 10 else { return nil }
    switch (head, tail) {
    case (Word.freq, 0): return .freq
    case (Word.interval, 0): return .interval
    case (Word.anchor, 0): return .anchor
    case (Word.byday, 0): return .byday
    case (Word.bymonthday, Word.bymonthdayTail): return .bymonthday
    case (Word.bymonth, 0): return .bymonth
    case (Word.bysetpos, 0): return .bysetpos
    case (Word.bytime, 0): return .bytime
    case (Word.wkst, 0): return .wkst
    case (Word.dtstart, 0): return .dtstart
    case (Word.count, 0): return .count
    case (Word.until, 0): return .until
    case (Word.monthend, 0): return .monthend
    case (Word.tzid, 0): return .tzid
    case (Word.keepmissed, Word.keepmissedTail), (Word.km, 0): return .legacy
    default: return nil
    }
  }

  /// Clears bit 5 of every byte: folds ASCII letters to upper case.
  static let fold: UInt64 = 0xDFDF_DFDF_DFDF_DFDF

  /// The key of the segment at `start`, read eight bytes at a time: the '=' (or -1 when a ';'
  /// comes first, at offset `stop`), and the key as `key(head:tail:length:)` takes it. Nil when
  /// fewer than 16 bytes remain or neither '=' nor ';' is in them (the caller then scans).
  @inline(__always)
  func wordScan(_ start: Int, _ n: Int) -> (eq: Int, head: UInt64, tail: UInt64, stop: Int)? {
    guard start &+ 16 <= n, let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base + start)
    let x = raw.loadUnaligned(as: UInt64.self)
    let first = Self.separators(x)
    if first < 8 {
      let head = x & ((1 &<< UInt64(8 * first)) &- 1) & Self.fold
      return (bytes[start + first] == UInt8(ascii: "=") ? start + first : -1, head, 0, first)
    }
    let y = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
    let second = Self.separators(y)
    guard second < 8 else { return nil }
    let tail = y & ((1 &<< UInt64(8 * second)) &- 1) & Self.fold
    let at = start + 8 + second
    return (bytes[at] == UInt8(ascii: "=") ? at : -1, x & Self.fold, tail, 8 + second)
  }

  /// The index of the first ';' at or after `i`, or `n`: eight bytes at a time while they last.
  @inline(__always)
  func segmentEnd(_ i: Int, _ n: Int) -> Int {
    var i = i
    if let base = bytes.baseAddress {
      while i &+ 8 <= n {
        let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x3B3B_3B3B_3B3B_3B3B
        let zeros = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        if zeros != 0 { return i + zeros.trailingZeroBitCount >> 3 }
        i += 8
      }
    }
    while i < n, bytes[i] != UInt8(ascii: ";") { i += 1 }
    return i
  }

  /// The offset (0…7) of the first '=' or ';' among a word's eight bytes, or 8 when none.
  @inline(__always)
  static func separators(_ x: UInt64) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let equals = x ^ 0x3D3D_3D3D_3D3D_3D3D
    let semicolons = x ^ 0x3B3B_3B3B_3B3B_3B3B
    // A zero byte sets its high bit here; bits above the first zero byte may be wrong, but
    // the lowest set bit is exact in each term, hence in their union.
    let zeros = (((equals &- ones) & ~equals) | ((semicolons &- ones) & ~semicolons)) & highs
    return zeros.trailingZeroBitCount >> 3
  }

  /// Up to eight bytes as one little-endian integer, letters folded to upper case.
  ///
  /// Every keyword is upper-case letters, and `& 0xDF` maps a byte onto an upper-case letter
  /// only when it is that letter in either case, so one integer compare matches a keyword in
  /// any case. Bytes past `e` are zero, so lengths differ too.
  @inline(__always)
  func word(_ s: Int, _ e: Int) -> UInt64 {
    var w: UInt64 = 0
    var i = e
    while i > s {
      i -= 1
      w = w << 8 | UInt64(bytes[i] & 0xDF)
    }
    return w
  }

  /// The canonical spelling of a key.
  static func spelling(_ key: Key) -> StaticString {
    switch key {
    case .freq: return "FREQ"
    case .interval: return "INTERVAL"
    case .anchor: return "ANCHOR"
    case .byday: return "BYDAY"
    case .bymonthday: return "BYMONTHDAY"
    case .bymonth: return "BYMONTH"
    case .bysetpos: return "BYSETPOS"
    case .bytime: return "BYTIME"
    case .wkst: return "WKST"
    case .dtstart: return "DTSTART"
    case .count: return "COUNT"
    case .until: return "UNTIL"
    case .monthend: return "MONTHEND"
    case .tzid: return "TZID"
    case .legacy: return "KEEPMISSED"
    }
  }

  /// The frequency spelled by `bytes[s..<e]` (any case), or nil.
  @inline(__always)
  func frequencyValue(_ s: Int, _ e: Int) -> RecurrenceRule.Frequency? {
    guard e - s <= 8 else { return nil }
    switch word(s, e) {
    case Word.minutely: return .minutely
    case Word.hourly: return .hourly
    case Word.daily: return .daily
    case Word.weekly: return .weekly
    case Word.monthly: return .monthly
    case Word.yearly: return .yearly
    default: return nil
    }
  }

  /// Whether `bytes[s..<e]` is `word`, ignoring the case of letters.
  func keyword(_ s: Int, _ e: Int, _ word: StaticString) -> Bool {
    let n = e - s
    guard word.utf8CodeUnitCount == n else { return false }
    let w = word.utf8Start
    var i = 0
    while i < n {
      if bytes[s + i] & 0xDF != w[i] { return false }
      i += 1
    }
    return true
  }

  func number(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> Int {
    var i = s
    var negative = false
    if signed, i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    guard i < e, e - i <= 6 else { throw fail("PK113", "expected a number for \(what), found '\(text(s, e))'", s, e) }
    var value = 0
    while i < e {
      let d = Int(bytes[i]) - 48
      guard d >= 0, d <= 9 else { throw fail("PK113", "expected a number for \(what), found '\(text(s, e))'", s, e) }
      value = value * 10 + d
      i += 1
    }
    return negative ? -value : value
  }

  func weekday(_ s: Int, _ e: Int) throws(Diagnostic) -> RecurrenceRule.Weekday {
    guard e - s >= 2, let day = DayOfWeek(asciiCode: bytes[e - 2], bytes[e - 1]) else {
      throw fail("PK108", "unknown weekday '\(text(s, e))'; expected MO, TU, WE, TH, FR, SA or SU", s, e)
    }
    if e - s == 2 { return .every(day) }
    return .nth(try number(s, e - 2, signed: true, "weekday ordinal"), day)
  }

  /// A BYDAY list into the rule's lists: plain weekdays and ordinals ±1…5 straight into masks,
  /// anything else (or anything wrong, for its error) through the general list reader.
  func weekdayList(_ s: Int, _ e: Int, into lists: inout RuleLists) throws(Diagnostic) {
    var every: UInt8 = 0
    var first: UInt64 = 0
    var last: UInt64 = 0
    var i = s
    var items = 0
    while true {
      var j = i
      var sign = 0
      if j < e, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
        sign = bytes[j] == UInt8(ascii: "-") ? -1 : 1
        j += 1
      }
      var n = 0
      if j < e, bytes[j] >= UInt8(ascii: "1"), bytes[j] <= UInt8(ascii: "5") {
        n = Int(bytes[j]) - 48
        j += 1
      }
      items += 1
      guard j + 2 <= e, let day = DayOfWeek(asciiCode: bytes[j], bytes[j + 1]),
        j + 2 == e || bytes[j + 2] == UInt8(ascii: "/"), sign == 0 || n != 0, items <= RecurrenceRule.maxListLength
      else {
        lists.weekdays = try list(s, e) { s, e throws(Diagnostic) in try weekday(s, e) }
        return
      }
      let bit = n == 0 ? 0 : UInt64(1) << UInt64((n - 1) * 7 + day.rawValue - 1)
      if n == 0 { every |= UInt8(truncatingIfNeeded: day.bit) } else if sign < 0 { last |= bit } else { first |= bit }
      if j + 2 == e { break }
      i = j + 3
    }
    lists.every = every
    lists.nthFirst = first
    lists.nthLast = last
  }

  /// A list of numbers ±1…31 (or 1…31 unsigned) as a `SignedMask`, or nil when some item is
  /// anything else (the general reader then keeps it, or reports it).
  func smallNumbers(_ s: Int, _ e: Int, signed: Bool) -> UInt64? {
    var mask: UInt64 = 0
    var i = s
    var items = 0
    while true {
      var negative = false
      if signed, i < e, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        negative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var n = 0
      var digits = 0
      while i < e, bytes[i] != UInt8(ascii: "/") {
        let d = Int(bytes[i]) &- 48
        guard d >= 0, d <= 9, digits < 2 else { return nil }
        n = n * 10 + d
        digits += 1
        i += 1
      }
      items += 1
      guard digits > 0, items <= RecurrenceRule.maxListLength, let bit = SignedMask.bit(negative ? -n : n) else {
        return nil
      }
      mask |= bit
      if i == e { return mask }
      i += 1
    }
  }

  /// A list of numbers, for the lists that do not fit the inline form.
  func numbers(_ s: Int, _ e: Int, signed: Bool, _ what: String) throws(Diagnostic) -> [Int] {
    try list(s, e) { s, e throws(Diagnostic) in try number(s, e, signed: signed, what) }
  }

  /// A BYTIME list into the rule's lists: one or two times inline, more through the general
  /// list reader.
  func timeList(_ s: Int, _ e: Int, into lists: inout RuleLists) throws(Diagnostic) {
    var slash = -1
    for i in s..<e where bytes[i] == UInt8(ascii: "/") {
      guard slash < 0 else {
        lists.times = try list(s, e) { s, e throws(Diagnostic) in try time(s, e) }
        return
      }
      slash = i
    }
    if slash < 0 {
      lists.setTimes(try time(s, e).secondOfDay, nil)
      return
    }
    guard slash > s, slash + 1 < e else {
      lists.times = try list(s, e) { s, e throws(Diagnostic) in try time(s, e) }
      return
    }
    let a = try time(s, slash).secondOfDay
    let b = try time(slash + 1, e).secondOfDay
    lists.setTimes(min(a, b), a == b ? nil : max(a, b))
  }

  /// The two digits at `i` as a number, or -1 when either is not a digit.
  @inline(__always)
  func twoDigits(_ i: Int) -> Int {
    let a = Int(bytes[i]) &- 48
    let b = Int(bytes[i + 1]) &- 48
    return UInt(bitPattern: a) <= 9 && UInt(bitPattern: b) <= 9 ? a * 10 + b : -1
  }

  func time(_ s: Int, _ e: Int) throws(Diagnostic) -> TimeOfDay {
    guard e - s == 4 || e - s == 6 else {
      throw fail("PK114", "expected a time as HHMM or HHMMSS, found '\(text(s, e))'", s, e)
    }
    let h = twoDigits(s)
    let m = twoDigits(s + 2)
    let sec = e - s == 6 ? twoDigits(s + 4) : 0
    guard h >= 0, m >= 0, sec >= 0 else {
      throw fail("PK113", "expected a number for the time, found '\(text(s, e))'", s, e)
    }
    guard h < 24, m < 60, sec < 60 else { throw fail("PK114", "'\(text(s, e))' is not a time of day", s, e) }
    return TimeOfDay(secondOfDay: h * 3600 + m * 60 + sec)
  }

  func dateTime(_ s: Int, _ e: Int) throws(Diagnostic) -> LocalDateTime {
    guard e - s == 15, bytes[s + 8] == UInt8(ascii: "T") else {
      throw fail("PK115", "expected a date-time as YYYYMMDDTHHMMSS, found '\(text(s, e))'", s, e)
    }
    let century = twoDigits(s)
    let y = twoDigits(s + 2)
    let mo = twoDigits(s + 4)
    let d = twoDigits(s + 6)
    guard century >= 0, y >= 0, mo >= 0, d >= 0 else {
      throw fail("PK113", "expected a number for the date, found '\(text(s, e))'", s, e)
    }
    let date = CivilDate(year: century * 100 + y, month: mo, day: d)
    guard date.isValid, date.year >= 1 else { throw fail("PK115", "'\(text(s, e))' is not a real date", s, e) }
    let t = try time(s + 9, e)
    return LocalDateTime(date: date, secondOfDay: t.secondOfDay)
  }

  func list<T>(_ s: Int, _ e: Int, _ item: (Int, Int) throws(Diagnostic) -> T) throws(Diagnostic) -> [T] {
    var out: [T] = []
    var items = 1
    for j in s..<e where bytes[j] == UInt8(ascii: "/") { items += 1 }
    out.reserveCapacity(min(items, RecurrenceRule.maxListLength + 1))
    var i = s
    while true {
      var j = i
      while j < e, bytes[j] != UInt8(ascii: "/") { j += 1 }
      if j == i { throw fail("PK116", "empty item in a list", i, i + 1) }
      if out.count >= RecurrenceRule.maxListLength {
        throw fail("PK117", "list has more than \(RecurrenceRule.maxListLength) items", s, e)
      }
      out.append(try item(i, j))
      if j == e { return out }
      i = j + 1
    }
  }
}
