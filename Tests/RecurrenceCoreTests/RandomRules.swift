import RecurrenceCore

/// A seeded SplitMix64 generator, so generated test cases are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Rules in the subset RFC 5545, Foundation and dateutil all express alike.
enum RandomRules {
  static func rfcRule(_ g: inout SeededGenerator) -> RecurrenceRule {
    let frequency: RecurrenceRule.Frequency = [.daily, .weekly, .monthly, .yearly].randomElement(using: &g) ?? .daily
    var rule = RecurrenceRule(frequency, interval: Int.random(in: 1...3, using: &g), monthDayPolicy: .skip)
    func some<T>(_ pool: [T], _ max: Int) -> [T] {
      (0..<Int.random(in: 1...max, using: &g)).compactMap { _ in pool.randomElement(using: &g) }
    }
    let days = DayOfWeek.allCases
    switch frequency {
    case .daily:
      if Bool.random(using: &g) { rule.weekdays = some(days, 3).map { .every($0) } }
      if Int.random(in: 0..<4, using: &g) == 0 { rule.months = some(Array(1...12), 3) }
    case .weekly:
      if Bool.random(using: &g) { rule.weekdays = some(days, 3).map { .every($0) } }
    case .monthly:
      switch Int.random(in: 0..<4, using: &g) {
      case 0: rule.daysOfTheMonth = some(Array(1...31) + [-1, -2], 3)
      case 1: rule.weekdays = some(days, 2).map { .nth([1, 2, 3, 4, -1].randomElement(using: &g) ?? 1, $0) }
      case 2: rule.weekdays = some(days, 2).map { .every($0) }
      default: break
      }
    default:
      rule.months = some(Array(1...12), 2)
      switch Int.random(in: 0..<3, using: &g) {
      case 0: rule.daysOfTheMonth = some(Array(1...31), 2)
      case 1: rule.weekdays = some(days, 1).map { .nth([1, 2, -1].randomElement(using: &g) ?? 1, $0) }
      default: break
      }
    }
    if Int.random(in: 0..<3, using: &g) > 0 {
      let hours = some([0, 1, 2, 3, 7, 9, 12, 17, 23], 2)
      let minutes = some([0, 15, 30], 2)
      rule.times = hours.flatMap { h in minutes.map { TimeOfDay(hour: h, minute: $0) } }
    }
    return rule
  }
}

extension RandomRules {
  /// Any valid rule the model can hold: both anchors, every field, floating and zoned.
  static func anyRule(_ g: inout SeededGenerator) -> RecurrenceRule {
    let frequency = RecurrenceRule.Frequency.allCases.randomElement(using: &g) ?? .daily
    var rule = RecurrenceRule(frequency, interval: [1, 1, 2, 3, 12, 10_000].randomElement(using: &g) ?? 1)
    func maybe(_ p: Double = 0.4) -> Bool { Double.random(in: 0..<1, using: &g) < p }
    func some<T>(_ pool: [T], _ most: Int) -> [T] {
      (0..<Int.random(in: 1...most, using: &g)).compactMap { _ in pool.randomElement(using: &g) }
    }
    if maybe(0.3) { rule.anchor = .afterCompletion }
    if maybe() { rule.weekdays = some(DayOfWeek.allCases, 4).map { .every($0) } }
    if frequency == .monthly || frequency == .yearly, maybe(0.3) {
      rule.weekdays += some(DayOfWeek.allCases, 2).map {
        .nth([1, 2, 3, 4, 5, -1, -2].randomElement(using: &g) ?? 1, $0)
      }
    }
    if frequency == .yearly, maybe(0.15) {
      // Ordinals beyond ±5 count weeks of the year: they take the rule's overflow storage.
      rule.weekdays += some(DayOfWeek.allCases, 2).map {
        .nth([6, 20, 53, -6, -53].randomElement(using: &g) ?? 6, $0)
      }
    }
    if maybe() { rule.daysOfTheMonth = some(Array(1...31) + Array(-31 ... -1), 4) }
    if maybe(0.3) { rule.months = some(Array(1...12), 3) }
    if frequency.isSubDaily {
      if maybe(0.3) { rule.hours = some(Array(0...23), 4) }
      if maybe(0.3) { rule.minutes = some(Array(0...59), 4) }
    } else {
      if maybe(0.3) { rule.setPositions = some([1, 2, 3, 15, -1, -2, 366], 3) }
      if maybe(0.7) {
        let seconds = (0..<Int.random(in: 1...3, using: &g)).map { _ in Int.random(in: 0..<86_400, using: &g) }
        rule.times = seconds.map { TimeOfDay(secondOfDay: maybe(0.5) ? $0 / 60 * 60 : $0) }
      }
    }
    if maybe(0.2) { rule.weekStart = DayOfWeek.allCases.randomElement(using: &g) ?? .monday }
    func dateTime() -> LocalDateTime {
      LocalDateTime(
        year: Int.random(in: 1...9999, using: &g), month: Int.random(in: 1...12, using: &g),
        day: Int.random(in: 1...28, using: &g), hour: Int.random(in: 0...23, using: &g),
        minute: Int.random(in: 0...59, using: &g), second: Int.random(in: 0...59, using: &g))
    }
    if maybe() { rule.start = dateTime() }
    switch Int.random(in: 0..<4, using: &g) {
    case 0: rule.end = .afterOccurrences(Int.random(in: 1...RecurrenceRule.maxCount, using: &g))
    case 1: rule.end = .afterDate(dateTime())
    default: break
    }
    if maybe(0.3) { rule.monthDayPolicy = .skip }
    if maybe(0.15) { rule.daysOfTheYear = some(Array(1...366) + Array(-366 ... -1), 3) }
    if frequency == .yearly, !rule.weekdays.contains(where: { $0.ordinal != nil }), maybe(0.2) {
      rule.weeks = some(Array(1...53) + Array(-53 ... -1), 3)
    }
    if maybe(0.15) { rule.excludedDates = (0..<Int.random(in: 1...3, using: &g)).map { _ in dateTime() } }
    if maybe(0.15) { rule.extraDates = (0..<Int.random(in: 1...3, using: &g)).map { _ in dateTime() } }
    if maybe(0.5) {
      rule.timeZone = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "UTC", "Etc/GMT+5",
        "America/Argentina/ComodRivadavia", "Custom/A_zone_name_longer_than_thirty_two_bytes",
      ].randomElement(using: &g)
    }
    return rule
  }
}
