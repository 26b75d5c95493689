import Foundation
import RecurrenceCore

/// The occurrence engine against Foundation's `Calendar.RecurrenceRule` on the same rules.
enum EngineBenchmark {
  struct Case {
    let name: String
    let ours: RecurrenceRule
    let theirs: Calendar.RecurrenceRule
    /// The rule's anchor (DTSTART).
    let anchor: LocalDateTime
    /// Where the query starts (the anchor, or "now" two years later).
    let from: LocalDateTime
    /// Why the results may legitimately differ, if they do.
    let knownDifference: String?
  }

  static func run() {
    let zoneID = "America/New_York"
    guard let zone = Zone(identifier: zoneID), let tz = TimeZone(identifier: zoneID) else {
      print("zone \(zoneID) is not available")
      return
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = tz
    calendar.firstWeekday = 2
    func foundation(
      _ f: Calendar.RecurrenceRule.Frequency, interval: Int = 1,
      _ edit: (inout Calendar.RecurrenceRule) -> Void = { _ in }
    ) -> Calendar.RecurrenceRule {
      var r = Calendar.RecurrenceRule(calendar: calendar, frequency: f, interval: interval)
      edit(&r)
      return r
    }
    let nine = [TimeOfDay(hour: 9)]
    let workdays = DayOfWeek.allCases.prefix(5).map { RecurrenceRule.Weekday.every($0) }
    let now = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
    let twoYearsEarlier = LocalDateTime(year: 2024, month: 11, day: 29, hour: 9)
    let cases: [Case] = [
      Case(
        name: "daily at 09:00", ours: RecurrenceRule(.daily, times: nine),
        theirs: foundation(.daily) {
          $0.hours = [9]; $0.minutes = [0]
        }, anchor: now, from: now, knownDifference: nil),
      Case(
        name: "weekly Mon/Wed/Fri at 09:00",
        ours: RecurrenceRule(.weekly, weekdays: [.every(.monday), .every(.wednesday), .every(.friday)], times: nine),
        theirs: foundation(.weekly) {
          $0.weekdays = [.every(.monday), .every(.wednesday), .every(.friday)]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: now, from: now, knownDifference: nil),
      Case(
        name: "monthly on the 31st (clamped)", ours: RecurrenceRule(.monthly, daysOfTheMonth: [31], times: nine),
        theirs: foundation(.monthly) {
          $0.daysOfTheMonth = [28, 29, 30, 31]; $0.setPositions = [-1]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: now, from: now, knownDifference: nil),
      Case(
        name: "last weekday of the month",
        ours: RecurrenceRule(.monthly, weekdays: workdays, setPositions: [-1], times: nine),
        theirs: foundation(.monthly) {
          $0.weekdays = [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)];
          $0.setPositions = [-1]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: now, from: now, knownDifference: "Foundation's setPositions bug: it returns the 7th of each month"),
      Case(
        name: "every 3 days", ours: RecurrenceRule(.daily, interval: 3, times: nine),
        theirs: foundation(.daily, interval: 3) {
          $0.hours = [9]; $0.minutes = [0]
        }, anchor: now, from: now, knownDifference: nil),
      Case(
        name: "yearly on Feb 29 (clamped)",
        ours: RecurrenceRule(.yearly, daysOfTheMonth: [29], months: [2], times: nine),
        theirs: foundation(.yearly) {
          $0.months = [2]; $0.daysOfTheMonth = [28, 29]; $0.setPositions = [-1]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: now, from: now, knownDifference: "Foundation rolls Feb 29 into Mar 1 in common years"),
      Case(
        name: "daily 09:00, anchored 2 years earlier", ours: RecurrenceRule(.daily, times: nine),
        theirs: foundation(.daily) {
          $0.hours = [9]; $0.minutes = [0]
        }, anchor: twoYearsEarlier, from: now, knownDifference: nil),
      Case(
        name: "weekly Mon/Wed/Fri, anchored 2 years earlier",
        ours: RecurrenceRule(.weekly, weekdays: [.every(.monday), .every(.wednesday), .every(.friday)], times: nine),
        theirs: foundation(.weekly) {
          $0.weekdays = [.every(.monday), .every(.wednesday), .every(.friday)]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: twoYearsEarlier, from: now, knownDifference: nil),
      Case(
        name: "monthly 31st, anchored 2 years earlier",
        ours: RecurrenceRule(.monthly, daysOfTheMonth: [31], times: nine),
        theirs: foundation(.monthly) {
          $0.daysOfTheMonth = [28, 29, 30, 31]; $0.setPositions = [-1]; $0.hours = [9]; $0.minutes = [0]
        },
        anchor: twoYearsEarlier, from: now, knownDifference: nil),
      Case(
        name: "yearly ISO week 20 on Monday (BYWEEKNO)",
        ours: RecurrenceRule(.yearly, weekdays: [.every(.monday)], weeks: [20], times: nine),
        theirs: foundation(.yearly) {
          $0.weeks = [20]; $0.weekdays = [.every(.monday)]; $0.hours = [9]; $0.minutes = [0]
        }, anchor: now, from: now, knownDifference: "Foundation's weeks; ours match dateutil"),
      Case(
        name: "yearly on the 100th and last day (BYYEARDAY)",
        ours: RecurrenceRule(.yearly, daysOfTheYear: [100, -1], times: nine),
        theirs: foundation(.yearly) {
          $0.daysOfTheYear = [100, -1]; $0.hours = [9]; $0.minutes = [0]
        }, anchor: now, from: now, knownDifference: nil),
      Case(
        name: "hourly at :30, 9 to 17 (BYHOUR, BYMINUTE)",
        ours: RecurrenceRule(.hourly, hours: Array(9...17), minutes: [30]),
        theirs: foundation(.hourly) {
          $0.hours = Array(9...17); $0.minutes = [30]
        }, anchor: now, from: now, knownDifference: nil),
      Case(
        name: "daily at 09:00 except two dates (EXDATE)",
        ours: RecurrenceRule(
          .daily, times: nine,
          excludedDates: [
            LocalDateTime(year: 2026, month: 12, day: 1, hour: 9),
            LocalDateTime(year: 2026, month: 12, day: 3, hour: 9),
          ]),
        theirs: foundation(.daily) {
          $0.hours = [9]; $0.minutes = [0]
        }, anchor: now, from: now, knownDifference: "Foundation's rule has no exception dates"),
    ]
    print("## Occurrence engine: next 5 occurrences in \(zoneID) (median per call, release build)\n")
    print("Measured in 15 alternating rounds; the speed-up is the median of the per-round ratios.\n")
    print(Measure.row(["rule", "ours", "Foundation", "speed-up", "results"]))
    print(Measure.row(["---", "---:", "---:", "---:", "---"]))
    var worst = Double.infinity
    for c in cases {
      let anchorDate = Date(timeIntervalSince1970: Double(zone.resolve(c.anchor).instant))
      let fromDate = Date(timeIntervalSince1970: Double(zone.resolve(c.from).instant))
      let range = fromDate..<Date.distantFuture
      let ourRule = c.ours
      var oursResult: [Int] = []
      var s = ourRule.occurrences(start: c.anchor, in: zone, from: c.from)
      while oursResult.count < 5, let o = s.next() { oursResult.append(o.timelineSeconds) }
      let theirsResult = Array(c.theirs.recurrences(of: anchorDate, in: range).prefix(5)).map {
        Int($0.timeIntervalSince1970)
      }
      let (ours, theirs, ratio) = Measure.compare(
        rounds: 15, oursPerRound: 20_000, theirsPerRound: c.from == c.anchor ? 40 : 4,
        ours: {
          var s = ourRule.occurrences(start: c.anchor, in: zone, from: c.from)
          var n = 0
          var acc = 0
          while n < 5, let o = s.next() {
            acc &+= o.timelineSeconds
            n += 1
          }
          return acc
        },
        theirs: {
          var acc = 0
          for d in c.theirs.recurrences(of: anchorDate, in: range).prefix(5) { acc &+= Int(d.timeIntervalSince1970) }
          return acc
        })
      worst = min(worst, ratio)
      let verdict = oursResult == theirsResult ? "equal" : (c.knownDifference.map { "differ: \($0)" } ?? "DIFFER")
      print(
        Measure.row([c.name, Measure.format(ours), Measure.format(theirs), String(format: "%.0f×", ratio), verdict]))
    }
    print("\nSmallest speed-up: \(String(format: "%.0f×", worst)) (target: at least 1000×)\n")
  }
}

extension EngineBenchmark {
  /// Runs only our engine on one rule, for a profiler.
  /// Next 5 of one rule, 100,000 times, for instruction counts: daily at 09:00, or with
  /// `general` the last weekday of the month (a rule the general engine runs).
  static func profile(general: Bool = false, weeks: Bool = false) {
    guard let zone = Zone(identifier: "America/New_York") else { return }
    let workdays = DayOfWeek.allCases.prefix(5).map { RecurrenceRule.Weekday.every($0) }
    let nine = [TimeOfDay(hour: 9)]
    let rule =
      weeks
      ? RecurrenceRule(.yearly, weekdays: [.every(.monday)], weeks: [20], times: nine)
      : general
        ? RecurrenceRule(.monthly, weekdays: workdays, setPositions: [-1], times: nine)
        : RecurrenceRule(.daily, times: nine)
    let now = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
    var acc = 0
    for _ in 0..<100_000 {
      var s = rule.occurrences(start: now, in: zone, from: now)
      var n = 0
      while n < 5, let o = s.next() {
        acc &+= o.timelineSeconds
        n += 1
      }
    }
    print(acc)
  }
}
