import RecurrenceCore

/// Word classes of the quick-add language, as `Grammar/lexicon/en.tsv` names them.
public enum WordClass: String, Sendable, Hashable, CaseIterable {
  /// `every`, `each`, `ev`, `everyday`.
  case every
  /// A weekday; the value is 1 (Monday) … 7 (Sunday).
  case weekday
  /// A month; the value is 1 … 12.
  case month
  /// `weekday`, `workday` (Mon–Fri) or `weekend`.
  case daygroup
  /// A period: `day`, `weeks`, `quarter` …; the value names the frequency.
  case unit
  /// A period adverb: `daily`, `annually`; `bi+weekly` (a prefix and an adverb),
  /// `2*yearly` (a multiple of a period: `biennial`).
  case adverb
  /// A prefix of a period adverb, joined, spaced or hyphenated: `bi`, `semi`, `tri`.
  case prefix
  /// A holiday; the value is its month and day as MMDD (`christmas` 1225), or for a holiday on
  /// a weekday of a month `MM/N/W`, the Nth weekday W of month MM (`thanksgiving` 11/4/4); either
  /// may end in `/words` that must follow it (`veterans` 1111/day, `labor` 09/1/1/day).
  case holiday
  /// An ordinal word: `first` … `twentieth`, `last` (-1).
  case ordinal
  /// A number word: `one` … `twelve`, `a`.
  case number
  /// `other`, `alternate`: every second period.
  case other
  /// A part of the day: `morning` …; the value is minutes after midnight.
  case partofday
  /// `noon`, `midnight`; the value is minutes after midnight.
  case timeword
  /// `am`, `pm`.
  case meridiem
  /// A function word; the value names its role (`at`, `start`, `until` …).
  case keyword
  /// Another spelling of a surface, as people text it (`tonite`, `2moro`, `nxt`); the value is
  /// that surface, which the parser reads in its place.
  case variant

  /// A one-bit mask for the class.
  var bit: UInt16 {
    switch self {
    case .every: return 1
    case .weekday: return 2
    case .month: return 4
    case .daygroup: return 8
    case .unit: return 16
    case .adverb: return 32
    case .ordinal: return 64
    case .number: return 128
    case .other: return 256
    case .partofday: return 512
    case .timeword: return 1024
    case .meridiem: return 2048
    case .keyword: return 4096
    case .prefix: return 8192
    case .holiday: return 16384
    case .variant: return 32768
    }
  }
}

/// The role of a function word (the value of a `keyword` entry in the lexicon).
public enum KeywordRole: String, Sendable, Hashable, CaseIterable {
  case `a`
  case `after`
  /// Words between "after" and "done" that say who finishes: `i`, `it's`, `is`, `have` …
  case `agent`
  case `all`
  case `and`
  case `at`
  case `between`
  case `but`
  /// "until cancelled": no end (with "until", a filler).
  case `cancelled`
  /// "coming friday", "this coming monday": the first such weekday after today.
  case `coming`
  case `day`
  case `done`
  case `ending`
  /// `eod`, `eow`, `eom`, `eoy`: the end of this day, week, month or year (task lines).
  case `endof`
  case `eve`
  /// A title word that says a bare hour is in the evening (`dinner at 7` is 19:00 in a task line).
  case `evening`
  case `except`
  case `for`
  case `from`
  /// "until further notice": no end (with "until" and "notice", a filler).
  case `further`
  case `half`
  case `in`
  case `including`
  case `instance`
  case `mid`
  /// A title word that says a bare hour is in the morning (`alarm 5:45` is 05:45 in a task line).
  case `morning`
  case `new`
  case `next`
  case `not`
  /// "until further notice".
  case `notice`
  case `now`
  case `oclock`
  case `of`
  case `on`
  case `once`
  /// "every hour only on weekends": says nothing the clause after it does not.
  case `only`
  case `past`
  case `per`
  case `repeat`
  /// "for the rest of the year": until the end of this period.
  case `rest`
  case `sharp`
  case `single`
  case `start`
  case `the`
  case `than`
  case `this`
  case `thrice`
  case `through`
  case `times`
  case `to`
  case `today`
  case `tomorrow`
  case `twice`
  case `until`
  case `up`
  case `when`
  case `work`
  case `year`
  case `yesterday`
}

/// One lexicon entry.
public struct LexiconEntry: Sendable, Hashable {
  /// The word class.
  public var wordClass: WordClass
  /// The value, as written in the lexicon file.
  public var value: String
  /// The value as a number, when it is one (parsed once, when the lexicon is built).
  public var number: Int?
  /// The period a `unit` names (parsed once), so the parser compares no strings.
  public var unit: PhraseTree.Unit?

  init(wordClass: WordClass, value: String) {
    self.wordClass = wordClass
    self.value = value
    self.number = Int(value)
    self.unit = wordClass == .unit ? PhraseTree.Unit(lexiconValue: value) : nil
  }
}

/// The lexicon: every surface form the parser knows, with its classes.
///
/// Lookups go through an open-addressing table keyed by an FNV-1a hash of the word's bytes,
/// which costs a fraction of `Dictionary`'s seeded hashing on the parser's hot path.
public struct Lexicon: Sendable {
  /// The tables, shared by every copy (a parser holds one reference, not five arrays).
  let tables: LexiconTables

  /// Surface forms, with their entries and class masks, at matching indices.
  var surfaces: [String] { tables.surfaces }
  var entryLists: [[LexiconEntry]] { tables.entryLists }
  var masks: [UInt16] { tables.masks }
  /// Slots of the hash table: an index into `surfaces`, or -1.
  var slots: [Int32] { tables.slots }
  /// Each surface's keyword role, if it is a keyword.
  var roles: [KeywordRole?] { tables.roles }

  /// The English lexicon, compiled in from `Grammar/lexicon/en.tsv`.
  public static let english = Lexicon(Lexicon.englishEntries)

  init(_ rows: [(surface: String, word: WordClass, value: String)]) {
    tables = LexiconTables(rows)
  }

  /// FNV-1a over the UTF-8 bytes.
  @inline(__always)
  static func hash(_ s: String) -> UInt64 {
    var copy = s
    return copy.withUTF8 { bytes in
      var h: UInt64 = 0xcbf2_9ce4_8422_2325
      for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
      return h
    }
  }

  /// The index of a surface form, or nil.
  @inline(__always)
  func index(of surface: String) -> Int? {
    let mask = slots.count - 1
    var slot = Int(Lexicon.hash(surface) & UInt64(mask))
    while true {
      let i = Int(slots[slot])
      if i < 0 { return nil }
      if surfaces[i] == surface { return i }
      slot = (slot + 1) & mask
    }
  }

  /// The lexicon's rows, in file order, for the sync test.
  public static var englishRows: [(surface: String, word: WordClass, value: String)] { englishEntries }

  /// The entries of a surface form (lower case).
  public func lookup(_ surface: String) -> [LexiconEntry] { index(of: surface).map { entryLists[$0] } ?? [] }

  /// The word classes of a punctuation character, as `WordClass.bit`s.
  func classMask(_ c: Character) -> (mask: UInt16, index: Int) {
    guard let a = c.asciiValue else { return classMask(String(c)) }
    let i = Int(tables.asciiSurfaces[Int(a)])
    return i < 0 ? (0, -1) : (masks[i], i)
  }

  /// The word classes of a surface form, as `WordClass.bit`s.
  func classMask(_ surface: String) -> (mask: UInt16, index: Int) {
    guard let i = index(of: surface) else { return (0, -1) }
    return (masks[i], i)
  }

  /// The value of `surface` in class `c`, if it has one.
  public func value(_ surface: String, _ c: WordClass) -> String? {
    lookup(surface).first { $0.wordClass == c }?.value
  }

  /// The nearest surface form of one of `classes` within the suggestion threshold that starts
  /// with the same letter, if any (adjacent letters swapped count as one edit; ties go to the
  /// alphabetically first).
  public func suggestion(for word: String, in classes: Set<WordClass>) -> String? {
    let typed = Array(word.utf8)
    guard typed.count >= 3, typed.count <= 40, let first = typed.first else { return nil }
    let wanted = classes.reduce(UInt16(0)) { $0 | $1.bit }
    let limit = Self.suggestionThreshold
    var best: (index: Int, distance: Int)?
    for i in tables.byFirstByte[Int(first)] {
      let s = tables.bytes[i]
      guard abs(s.count - typed.count) <= limit, masks[i] & wanted != 0 else { continue }
      let d = optimalAlignmentDistance(typed, s, limit: limit)
      guard d <= limit else { continue }
      if let b = best, d > b.distance || (d == b.distance && surfaces[i] >= surfaces[b.index]) { continue }
      best = (i, d)
    }
    return best.map { surfaces[$0.index] }
  }

  /// The most edits a misspelling may be from a lexicon word to be suggested.
  public static let suggestionThreshold = 2
}

/// The immutable tables behind a `Lexicon`.
final class LexiconTables: Sendable {
  let surfaces: [String]
  /// Each surface's UTF-8 bytes, for edit distances without string indexing.
  let bytes: [[UInt8]]
  /// Whether a surface is a short form of a longer surface with the same entries.
  let abbreviated: [Bool]
  /// The surfaces (indices) of at least three letters by their first byte, for near matches.
  let byFirstByte: [[Int]]
  /// The day and date words (weekdays, months, parts of the day, `today`, `tomorrow`,
  /// `yesterday`; no abbreviations) by their first byte: the few words a task line's slips can be.
  let dateWordsByFirstByte: [[Int]]
  /// Each surface's letters as a set (bit k = the letter `a` + k), for a cheap bound on edits:
  /// one edit changes at most two letters of the set.
  let letterSets: [UInt32]
  /// Indices of the few words the grammar names outside any class ("quarter" past, "x" for
  /// times, "one" time), or -2 when the lexicon lacks one.
  let quarterIndex: Int
  let xIndex: Int
  let oneIndex: Int
  /// Index of the day group that is the weekend.
  let weekendIndex: Int
  let entryLists: [[LexiconEntry]]
  let masks: [UInt16]
  let slots: [Int32]
  /// Each ASCII character's surface index (-1 for none), so punctuation is looked up without
  /// building a string.
  let asciiSurfaces: [Int32]
  let roles: [KeywordRole?]

  init(_ rows: [(surface: String, word: WordClass, value: String)]) {
    var order: [String] = []
    var lists: [String: [LexiconEntry]] = [:]
    for r in rows {
      if lists[r.surface] == nil { order.append(r.surface) }
      lists[r.surface, default: []].append(LexiconEntry(wordClass: r.word, value: r.value))
    }
    surfaces = order
    bytes = order.map { Array($0.utf8) }
    var buckets = [[Int]](repeating: [], count: 256)
    for (i, s) in order.enumerated() where s.utf8.count >= 3 {
      if let f = s.utf8.first { buckets[Int(f)].append(i) }
    }
    byFirstByte = buckets
    quarterIndex = order.firstIndex(of: "quarter") ?? -2
    xIndex = order.firstIndex(of: "x") ?? -2
    oneIndex = order.firstIndex(of: "one") ?? -2
    weekendIndex = order.firstIndex(of: "weekend") ?? -2
    // A surface is an abbreviation when a longer surface has the same entries ("tues").
    // A surface is an abbreviation when a surface at least two letters longer with the same
    // entries holds its letters in order: "tues", "mins", "sept"; not "friday" ("fridays" is
    // its plural) nor "until" (beside the misspelling "untill").
    let listed = order.map { lists[$0] ?? [] }
    var byEntries: [[LexiconEntry]: [String]] = [:]
    for (i, list) in listed.enumerated() { byEntries[list, default: []].append(order[i]) }
    abbreviated = order.indices.map { i in
      let a = Array(order[i].utf8)
      return (byEntries[listed[i]] ?? []).contains { long in
        let l = Array(long.utf8)
        guard l.count >= a.count + 2, l.first == a.first else { return false }
        var k = 0
        for b in l where k < a.count && b == a[k] { k += 1 }
        return k == a.count
      }
    }
    entryLists = order.map { lists[$0] ?? [] }
    masks = entryLists.map { list in list.reduce(0) { $0 | $1.wordClass.bit } }
    var dateBuckets = [[Int]](repeating: [], count: 256)
    let dayClasses = WordClass.weekday.bit | WordClass.month.bit | WordClass.partofday.bit
    for (i, s) in order.enumerated() where s.utf8.count >= 4 && !abbreviated[i] {
      let dated = entryLists[i].contains {
        $0.wordClass == .keyword && ["today", "tomorrow", "yesterday"].contains($0.value)
      }
      if masks[i] & dayClasses != 0 || dated, let f = s.utf8.first { dateBuckets[Int(f)].append(i) }
    }
    dateWordsByFirstByte = dateBuckets
    letterSets = order.map { Lexicon.letterSet($0.utf8) }
    roles = entryLists.map { list in list.first { $0.wordClass == .keyword }.flatMap { KeywordRole(rawValue: $0.value) }
    }
    var size = 16
    while size < order.count * 4 { size *= 2 }
    var table = [Int32](repeating: -1, count: size)
    for (i, surface) in order.enumerated() {
      var slot = Int(Lexicon.hash(surface) & UInt64(size - 1))
      while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
      table[slot] = Int32(i)
    }
    slots = table
    var ascii = [Int32](repeating: -1, count: 128)
    for (i, surface) in order.enumerated() where surface.utf8.count == 1 {
      if let b = surface.utf8.first, b < 128 { ascii[Int(b)] = Int32(i) }
    }
    asciiSurfaces = ascii
  }
}
