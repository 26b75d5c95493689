import Foundation
import RecurrenceCore

/// The notification horizon over 10,000 tasks with a budget of 50.
enum HorizonBenchmark {
  /// 10,000 tasks cycling through eight packed rules (zoned and floating, schedule and
  /// after-completion), due over 1,000 minutes from noon (local to each task) on the first day.
  static func tasks() -> [HorizonTask] {
    let rules = [
      "R1;FREQ=DAILY;BYTIME=0900;TZID=America/New_York", "R1;FREQ=WEEKLY;BYDAY=MO/WE/FR;BYTIME=0730",
      "R1;FREQ=MONTHLY;BYMONTHDAY=31;BYTIME=1800;TZID=Europe/London", "R1;FREQ=HOURLY;INTERVAL=4",
      "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;BYTIME=0900", "R1;FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
      "R1;FREQ=MONTHLY;BYDAY=-1FR;BYTIME=1700;TZID=America/New_York", "R1;FREQ=MINUTELY;INTERVAL=90;BYHOUR=8/9/10",
    ].compactMap { try? PackedRule.decode($0) }
    let base = LocalDateTime(year: 2026, month: 12, day: 1, hour: 12).localSeconds
    return (0..<10_000).map { i in
      HorizonTask(
        id: "task-\(i)", rule: rules[i % rules.count], due: LocalDateTime(localSeconds: base + (i * 37 % 1_000) * 60))
    }
  }

  static func run() {
    guard let zone = Zone(identifier: "America/New_York") else { return }
    let tasks = tasks()
    let from = zone.resolve(LocalDateTime(year: 2026, month: 12, day: 1, hour: 0)).instant
    let ns = Measure.median(batches: 15, perBatch: 20) {
      Horizon.soonest(tasks, from: from, zone: zone, budget: 50).count
    }
    print("## Notification horizon: 10,000 tasks, budget 50 (median per call, release build)\n")
    print(Measure.row(["work", "time", "rules per second"]))
    print(Measure.row(["---", "---:", "---:"]))
    print(
      Measure.row(["soonest 50 of 10,000 tasks", Measure.format(ns), String(format: "%.1f million", 1e4 / ns * 1e3)]))
    print("\nTarget: under 2 ms.\n")
  }

  /// Runs only the horizon, for a profiler.
  static func profile() {
    guard let zone = Zone(identifier: "America/New_York") else { return }
    let tasks = tasks()
    let from = zone.resolve(LocalDateTime(year: 2026, month: 12, day: 1, hour: 0)).instant
    var n = 0
    for _ in 0..<20 { n &+= Horizon.soonest(tasks, from: from, zone: zone, budget: 50).count }
    print(n)
  }
}
