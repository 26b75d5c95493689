/// The packed decoder's keys and keywords: matched as folded 64-bit words, with the
/// separators found eight bytes at a time.
extension PackedReader {
  /// The keys, as bits for duplicate detection.
  enum Key: Int, CaseIterable {
    case freq, interval, anchor, byday, bymonthday, bymonth, byyearday, byweekno, byhour, byminute, bysetpos, bytime
    case wkst, dtstart, count, until, exdate, rdate, monthend, tzid, legacy
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
    static let byyearday: UInt64 = 0x4144_5241_4559_5942  // BYYEARDA
    static let byyeardayTail: UInt64 = 0x59  // ...Y
    static let byweekno: UInt64 = 0x4F4E_4B45_4557_5942  // BYWEEKNO
    static let byhour: UInt64 = 0x5255_4F48_5942  // BYHOUR
    static let byminute: UInt64 = 0x4554_554E_494D_5942  // BYMINUTE
    static let bysetpos: UInt64 = 0x534F_5054_4553_5942  // BYSETPOS
    static let bytime: UInt64 = 0x454D_4954_5942  // BYTIME
    static let wkst: UInt64 = 0x5453_4B57  // WKST
    static let dtstart: UInt64 = 0x54_5241_5453_5444  // DTSTART
    static let count: UInt64 = 0x54_4E55_4F43  // COUNT
    static let until: UInt64 = 0x4C_4954_4E55  // UNTIL
    static let exdate: UInt64 = 0x4554_4144_5845  // EXDATE
    static let rdate: UInt64 = 0x45_5441_4452  // RDATE
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
    case (Word.byyearday, Word.byyeardayTail): return .byyearday
    case (Word.byweekno, 0): return .byweekno
    case (Word.byhour, 0): return .byhour
    case (Word.byminute, 0): return .byminute
    case (Word.bysetpos, 0): return .bysetpos
    case (Word.bytime, 0): return .bytime
    case (Word.wkst, 0): return .wkst
    case (Word.dtstart, 0): return .dtstart
    case (Word.count, 0): return .count
    case (Word.until, 0): return .until
    case (Word.exdate, 0): return .exdate
    case (Word.rdate, 0): return .rdate
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
    case .byyearday: return "BYYEARDAY"
    case .byweekno: return "BYWEEKNO"
    case .byhour: return "BYHOUR"
    case .byminute: return "BYMINUTE"
    case .bysetpos: return "BYSETPOS"
    case .bytime: return "BYTIME"
    case .wkst: return "WKST"
    case .dtstart: return "DTSTART"
    case .count: return "COUNT"
    case .until: return "UNTIL"
    case .exdate: return "EXDATE"
    case .rdate: return "RDATE"
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
}
