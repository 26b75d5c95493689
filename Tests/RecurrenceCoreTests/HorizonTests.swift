import RecurrenceCore
import Testing

/// The notification horizon: ordering, ties, budget, empty input, 10,000 rules, bad lines.
@Suite struct HorizonTests {
  static let utc = Zone(identifier: "UTC")
  static let from = ldt("2026-12-01T00:00").localSeconds

  static func task(_ id: String, _ packed: String, _ due: String) throws -> HorizonTask {
    HorizonTask(id: id, rule: try PackedRule.decode(packed), due: ldt(due))
  }

  @Test func mergesInTimeOrderWithTiesByTaskID() throws {
    let tasks = [
      try Self.task("b", "R1;FREQ=DAILY;BYTIME=0900", "2026-12-01T09:00"),
      try Self.task("a", "R1;FREQ=DAILY;BYTIME=0900", "2026-12-01T09:00"),
      try Self.task("c", "R1;FREQ=WEEKLY;BYDAY=TU;BYTIME=0800;TZID=Europe/London", "2026-12-01T08:00"),
    ]
    let got = Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 6)
    #expect(
      got.map { "\($0.taskID) \($0.occurrence.iso8601)" } == [
        "c 2026-12-01T08:00:00+00:00", "a 2026-12-01T09:00:00+00:00", "b 2026-12-01T09:00:00+00:00",
        "a 2026-12-02T09:00:00+00:00", "b 2026-12-02T09:00:00+00:00", "a 2026-12-03T09:00:00+00:00",
      ])
    // The same input gives the same keys; keys differ between tasks and instants.
    #expect(Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 6) == got)
    #expect(Set(got.map(\.key)).count == got.count)
  }

  @Test func invalidRulesAndUnknownZonesContributeNothing() throws {
    var invalid = try PackedRule.decode("R1;FREQ=DAILY;BYTIME=0800")
    invalid.interval = 0
    var unknown = try PackedRule.decode("R1;FREQ=DAILY;BYTIME=0800")
    unknown.timeZone = "Mars/Base"
    let tasks = [
      HorizonTask(id: "x", rule: invalid, due: ldt("2026-12-01T08:00")),
      HorizonTask(id: "y", rule: unknown, due: ldt("2026-12-01T08:00")),
      try Self.task("z", "R1;FREQ=DAILY;BYTIME=0900", "2026-12-01T09:00"),
    ]
    let got = Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 2)
    #expect(got.map(\.taskID) == ["z", "z"])
  }

  @Test func budgetAndEmptyInput() throws {
    let tasks = [try Self.task("a", "R1;FREQ=HOURLY", "2026-12-01T09:00")]
    #expect(Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 0).isEmpty)
    #expect(Horizon.soonest([], from: Self.from, zone: Self.utc).isEmpty)
    #expect(Horizon.soonest(tasks, from: Self.from, zone: Self.utc).count == Horizon.defaultBudget)
  }

  @Test func overdueAndAfterCompletionTasks() throws {
    let tasks = [
      // Overdue: its due date is behind `from`; the rule's later occurrences count.
      try Self.task("late", "R1;FREQ=DAILY;BYTIME=0700", "2026-11-28T07:00"),
      // After completion: only the current due date is known.
      try Self.task("again", "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;BYTIME=1000", "2026-12-01T10:00"),
    ]
    let got = Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 4)
    #expect(
      got.map { "\($0.taskID) \($0.occurrence.iso8601)" } == [
        "late 2026-12-01T07:00:00+00:00", "again 2026-12-01T10:00:00+00:00", "late 2026-12-02T07:00:00+00:00",
        "late 2026-12-03T07:00:00+00:00",
      ])
  }

  @Test func tenThousandRulesGiveTheGlobalSoonest() throws {
    // Task i is due every (i % 5 + 1) hours from minute (37 i mod 1000): ten tasks share each
    // minute, so ties are ordered by id.
    var tasks: [HorizonTask] = []
    for i in 0..<10_000 {
      let due = LocalDateTime(localSeconds: Self.from + (i * 37 % 1_000) * 60)
      var rule = RecurrenceRule(.hourly, interval: i % 5 + 1, start: due)
      rule.timeZone = "UTC"
      tasks.append(HorizonTask(id: "t\(i)", rule: rule, due: due))
    }
    let got = Horizon.soonest(tasks, from: Self.from, zone: Self.utc, budget: 50)
    // Brute force: the first 3 occurrences of every task, sorted the same way.
    var all: [(Int, String)] = []
    for t in tasks {
      for o in t.rule.next(3, from: t.due, in: Self.utc) { all.append((o.timelineSeconds, t.id)) }
    }
    all.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    #expect(got.count == 50)
    #expect(got.map { "\($0.occurrence.timelineSeconds) \($0.taskID)" } == all.prefix(50).map { "\($0.0) \($0.1)" })
  }

  @Test func badLinesAreReportedWithTheirNumbers() {
    let text = """
      # id, rule, due
      a\tR1;FREQ=DAILY;BYTIME=0900\t2026-12-01T09:00

      only two\tfields
      b\tR1;FREQ=NEVER\t2026-12-01T09:00
      c\tR1;FREQ=DAILY\tyesterday
      \tR1;FREQ=DAILY\t2026-12-01T09:00
      d\tR1;FREQ=DAILY;TZID=Europe/London\t2026-12-01T09:00+01:00
      """
    let (tasks, problems) = Horizon.readTasks(text, zone: Self.utc)
    #expect(tasks.map(\.id) == ["a", "d"])
    #expect(tasks.last?.due == ldt("2026-12-01T08:00"))
    #expect(problems.map(\.line) == [4, 5, 6, 7])
    #expect(problems[1].message.contains("PK108"))
  }
}
