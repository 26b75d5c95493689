import QuickAddParser
import RecurrenceCore
import Testing

/// Generated paraphrases: for a few hundred random rules, several surface forms (clause
/// orders, abbreviations, plurals, leading ordinals, case and punctuation) must each read as the
/// rule the generator built, not merely as each other.
@Suite struct ParaphraseTests {
  let reference = ParseContext(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))

  /// A small deterministic generator (SplitMix64), so a failure names a reproducible seed.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
      range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
  }

  static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
  static let dayShort = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
  static let plural = ["mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays"]
  static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
  ]
  static let ordinalWords = ["first", "second", "third", "fourth", "last"]

  /// Surface forms of a time of day (hour 7…11 or 13…22, so no bare-hour reading applies).
  static func times(_ h: Int, _ m: Int) -> [String] {
    let mm = m < 10 ? "0\(m)" : "\(m)"
    let twelve = h > 12 ? h - 12 : h
    let half = h >= 12 ? "pm" : "am"
    var out = ["\(h < 10 ? "0" : "")\(h):\(mm)", "\(twelve):\(mm)\(half)", "\(twelve):\(mm) \(half)"]
    if m == 0 { out += ["\(twelve)\(half)", "\(twelve) \(half == "am" ? "a.m." : "p.m.")"] }
    return out
  }

  static func list(_ items: [String], _ g: inout Generator) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: g.pick([", ", " ", ", "])) + g.pick([" and ", ", ", " & ", ", and "])
      + last
  }

  /// One rule and its paraphrases.
  static func sample(_ g: inout Generator) -> (RecurrenceRule, [String]) {
    let hour = g.pick(Array(7...11) + Array(13...22))
    let minute = g.pick([0, 0, 15, 30, 45])
    let time = TimeOfDay(secondOfDay: hour * 3600 + minute * 60)
    let t = { (g: inout Generator) in g.pick(times(hour, minute)) }
    switch g.int(0...4) {
    case 0:  // weekly on some weekdays at a time
      var days = Set<Int>()
      for _ in 0..<g.int(1...3) { days.insert(g.int(0...6)) }
      let sorted = days.sorted()
      let rule = RecurrenceRule(
        .weekly, weekdays: sorted.compactMap { DayOfWeek(rawValue: $0 + 1).map { .every($0) } }, times: [time])
      let names = sorted.map { dayNames[$0] }
      let forms = [
        "every \(list(names, &g)) at \(t(&g))",
        "\(t(&g)) every \(list(sorted.map { dayShort[$0] }, &g))",
        "\(list(sorted.map { plural[$0] }, &g)) at \(t(&g))",
        "on \(list(sorted.map { plural[$0] }, &g)) at \(t(&g))",
        "at \(t(&g)) on \(list(sorted.map { plural[$0] }, &g))",
        "every week on \(list(names, &g)) at \(t(&g)).",
        "Every \(list(names.map { $0.capitalized }, &g)), \(t(&g))",
      ]
      return (rule, forms)
    case 1:  // monthly on a day of the month
      let d = g.int(1...28)
      let o = ordinalSuffix(d)
      let rule = RecurrenceRule(.monthly, daysOfTheMonth: [d])
      let forms = [
        "every month on the \(o)", "the \(o) of every month", "\(o) of each month", "monthly on the \(o)",
        "on the \(o) of every month", "Every \(o)", "each month on the \(o)",
      ]
      return (rule, forms)
    case 2:  // monthly on an ordinal weekday
      let n = g.int(0...4)
      let day = g.int(0...6)
      let ordinal = n == 4 ? -1 : n + 1
      let rule = RecurrenceRule(
        .monthly, weekdays: [.nth(ordinal, DayOfWeek(rawValue: day + 1) ?? .monday)])
      let word = ordinalWords[n]
      let token = n == 4 ? "last" : ordinalSuffix(n + 1)
      let forms = [
        "every month on the \(word) \(dayNames[day])", "the \(word) \(dayNames[day]) of every month",
        "\(token) \(dayShort[day]) of each month", "monthly on the \(word) \(dayNames[day])",
        "The \(token) \(dayNames[day].capitalized) of the month, every month",
      ]
      return (rule, forms)
    case 3:  // every n days at a time
      let n = g.int(2...9)
      let rule = RecurrenceRule(.daily, interval: n, times: [time])
      let forms = [
        "every \(n) days at \(t(&g))", "at \(t(&g)) every \(n) days", "every \(n) days, \(t(&g))",
        "\(t(&g)), every \(n) days", "repeat every \(n) days at \(t(&g))",
        "every \(ordinalSuffix(n)) day at \(t(&g))",
      ]
      return (rule, forms)
    default:  // yearly on a date
      let m = g.int(1...12)
      let d = g.int(1...28)
      let name = monthNames[m - 1]
      let short = String(name.prefix(3))
      let rule = RecurrenceRule(.yearly, daysOfTheMonth: [d], months: [m])
      let forms = [
        "every year on \(name) \(d)", "every \(short) \(d)", "every \(d) \(name)",
        "annually on \(name.capitalized) \(d)",
        "every \(ordinalSuffix(d)) of \(name)", "yearly on the \(ordinalSuffix(d)) of \(name)",
        "\(name) \(ordinalSuffix(d)), every year",
      ]
      return (rule, forms)
    }
  }

  static func ordinalSuffix(_ n: Int) -> String {
    let suffix =
      (11...13).contains(n % 100) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
    return "\(n)\(suffix)"
  }

  @Test func everyParaphraseReadsAsTheGeneratedRule() {
    var g = Generator(state: 20_261_130)
    var checked = 0
    for _ in 0..<300 {
      let (rule, forms) = Self.sample(&g)
      for form in forms {
        let result = PhraseParser.parse(form, context: reference)
        let got = withoutAnchoredStart(result.rule, for: rule, now: reference.now)
        #expect(
          got == rule,
          "'\(form)' → \(result.rule?.packed ?? result.errors.first?.message ?? "nothing"), want \(rule.packed)")
        checked += 1
      }
    }
    #expect(checked > 1_500)
  }
}
