import Testing

@testable import RecurrenceCore

/// The simple stream (daily and weekly rules at one time, no limits) against the general
/// engine: the same occurrences, instants and offsets for random rules in zones with DST gaps,
/// overlaps, half-hour shifts and none, at times inside the gaps and overlaps, from random
/// starts, windows, ends and counts.
@Suite struct SimpleStreamTests {
  static let zones = [
    "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata", "Pacific/Apia",
  ]

  /// The general engine's occurrences of `rule`, for comparison.
  static func general(
    _ rule: RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?, count: Int
  ) -> [Occurrence] {
    var g = GeneralSequence(rule: rule, start: start, zone: zone, lower: lower, through: through)
    var out: [Occurrence] = []
    while out.count < count, let o = g.next() { out.append(o) }
    return out
  }

  @Test func simpleRulesStreamAsTheGeneralEngineDoes() throws {
    var g = SeededGenerator(seed: 20_261_201)
    var compared = 0
    for i in 0..<1_200 {
      let weekly = Bool.random(using: &g)
      let days =
        weekly ? DayOfWeek.allCases.filter { _ in Bool.random(using: &g) }.map { RecurrenceRule.Weekday.every($0) } : []
      // Times inside the usual gap (02:30) and overlap (01:30) hours, and ordinary ones.
      let time = [
        TimeOfDay(hour: 2, minute: 30), TimeOfDay(hour: 1, minute: 30), TimeOfDay(hour: 0), TimeOfDay(hour: 9),
      ]
      .randomElement(using: &g)
      let startDay = CivilDate(year: 2026, month: 1, day: 1).dayNumber + Int.random(in: 0...730, using: &g)
      let start = LocalDateTime(
        date: CivilDate(dayNumber: startDay), secondOfDay: Int.random(in: 0..<86_400, using: &g))
      var end = RecurrenceRule.End.never
      switch Int.random(in: 0...3, using: &g) {
      case 0: end = .afterOccurrences(Int.random(in: 1...40, using: &g))
      case 1:
        end = .afterDate(LocalDateTime(localSeconds: start.localSeconds + Int.random(in: 0...800, using: &g) * 86_400))
      default: break
      }
      let rule = RecurrenceRule(
        weekly ? .weekly : .daily, interval: Int.random(in: 1...4, using: &g), weekdays: days,
        times: Bool.random(using: &g) ? [] : [time].compactMap { $0 },
        weekStart: DayOfWeek.allCases.randomElement(using: &g) ?? .monday, end: end)
      let zone = i % 7 == 6 ? nil : Zone(identifier: Self.zones[i % Self.zones.count])
      let timeline = Timeline(zone: zone)
      let lower =
        Bool.random(using: &g)
        ? timeline.seconds(localSeconds: start.localSeconds + Int.random(in: -5...600, using: &g) * 86_400) : nil
      let through =
        Bool.random(using: &g)
        ? timeline.seconds(localSeconds: start.localSeconds + Int.random(in: 0...900, using: &g) * 86_400) : nil
      #expect(SimpleStream.handles(rule))
      var s = SimpleStream(rule: rule, start: start, zone: zone, lower: lower, through: through)
      var ours: [Occurrence] = []
      while ours.count < 60, let o = s.next() { ours.append(o) }
      let theirs = Self.general(rule, start: start, zone: zone, lower: lower, through: through, count: 60)
      #expect(ours == theirs, "\(rule) from \(start) in \(zone?.identifier ?? "floating")")
      compared += ours.count
    }
    #expect(compared > 20_000)
  }

  @Test func onlySimpleRulesTakeTheSimpleStream() {
    let start = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
    func simple(_ r: RecurrenceRule) -> Bool { SimpleStream.handles(r) }
    #expect(!simple(RecurrenceRule(.daily, start: start, end: .afterOccurrences(3), extraDates: [start])))
    #expect(simple(RecurrenceRule(.daily, times: [TimeOfDay(hour: 9)])))
    #expect(simple(RecurrenceRule(.weekly, weekdays: [.every(.monday), .every(.friday)])))
    #expect(!simple(RecurrenceRule(.daily, weekdays: [.every(.monday)])))
    #expect(!simple(RecurrenceRule(.daily, months: [3])))
    #expect(!simple(RecurrenceRule(.weekly, setPositions: [1])))
    #expect(!simple(RecurrenceRule(.daily, times: [TimeOfDay(hour: 9), TimeOfDay(hour: 17)])))
    #expect(!simple(RecurrenceRule(.daily, excludedDates: [start])))
    #expect(!simple(RecurrenceRule(.monthly)))
    #expect(!simple(RecurrenceRule(.hourly)))
  }

  /// A sequence is a value: a copy advances on its own, on both paths (the general engine's
  /// state is shared until one copy advances).
  @Test func copiesAdvanceIndependently() throws {
    let zone = try #require(Zone(identifier: "America/New_York"))
    let start = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
    let rules = [
      RecurrenceRule(.daily, times: [TimeOfDay(hour: 9)]),
      RecurrenceRule(.monthly, weekdays: [.every(.monday), .every(.friday)], setPositions: [-1]),
    ]
    for rule in rules {
      var a = rule.occurrences(start: start, in: zone)
      _ = a.next()
      var b = a
      let fromB = [b.next(), b.next(), b.next()].compactMap { $0 }
      let fromA = [a.next(), a.next(), a.next()].compactMap { $0 }
      #expect(fromA.count == 3 && fromA == fromB, "\(rule)")
      var c = a
      #expect(c.next() == a.next())
    }
  }

  /// Within a window the zone's table resolves every local time with the window's offset.
  @Test func zoneWindowsAgreeWithResolve() throws {
    let zone = try #require(Zone(identifier: "America/New_York"))
    var l = LocalDateTime(year: 2026, month: 3, day: 7).localSeconds
    let stop = LocalDateTime(year: 2026, month: 11, day: 3).localSeconds
    var checked = 0
    while l < stop {
      if let w = zone.table.window(localSeconds: l) {
        for probe in [w.from, l, w.until - 1] {
          let r = zone.resolve(localSeconds: probe)
          #expect(r.instant == probe - w.offset && r.offset == w.offset, "\(probe)")
          checked += 1
        }
      }
      l += 1_800
    }
    #expect(checked > 30_000)
  }
}
