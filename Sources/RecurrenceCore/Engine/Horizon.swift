/// A task as the notification horizon sees it: an id, its rule, and its current due date.
public struct HorizonTask: Sendable, Hashable {
  /// The task's id (any text without tabs or line breaks).
  public var id: String
  /// The task's rule.
  public var rule: RecurrenceRule
  /// The current due date, wall-clock in the rule's zone (or the horizon's, for a floating rule).
  public var due: LocalDateTime

  /// Creates a task.
  public init(id: String, rule: RecurrenceRule, due: LocalDateTime) {
    self.id = id
    self.rule = rule
    self.due = due
  }
}

/// One pending notification: which task, when, and a key that names it stably.
public struct HorizonEntry: Sendable, Hashable {
  /// The task's id.
  public var taskID: String
  /// When the notification fires.
  public var occurrence: Occurrence
  /// The identity key: `successorID(of: taskID, nextDue: occurrence)` in lower case, the same
  /// in every run, so a client schedules the difference between two horizons instead of
  /// cancelling everything.
  public var key: String
}

/// A line of a task file that could not be read, with its 1-based number.
public struct HorizonProblem: Sendable, Hashable, CustomStringConvertible {
  /// The line number, from 1.
  public var line: Int
  /// The problem, with the diagnostic's ID when it has one.
  public var message: String
  /// `line N: message`.
  public var description: String { "line \(line): \(message)" }
}

/// The soonest occurrences across many tasks: what to arm as local notifications.
///
/// iOS keeps at most 64 pending local notifications per app and silently drops the rest, so a
/// client arms the soonest `budget` (default 50, leaving room for one-off reminders).
public enum Horizon {
  /// The default number of occurrences.
  public static let defaultBudget = 50

  /// The soonest `budget` occurrences at or after `from` across `tasks`, in time order.
  ///
  /// Each task contributes its current due date, then, for a schedule rule, the rule's
  /// occurrences after it (an after-completion rule's later dates depend on when it is done, so
  /// only the due date counts). A floating rule is placed in `zone`. The merge is lazy: a heap
  /// holds one head per task (its due date, which costs no expansion) and a task's sequence is
  /// built only when its head is taken, so the work is about `tasks.count + budget · log n`
  /// whatever the rules. Ties (the same instant) are ordered by task id, then by position in
  /// `tasks`.
  ///
  /// - Parameters:
  ///   - tasks: the tasks; invalid rules contribute nothing.
  ///   - from: the earliest instant of interest (seconds since the epoch; for floating tasks
  ///     with a nil zone, wall-clock seconds).
  ///   - zone: the zone for floating rules, or nil to keep them floating.
  ///   - budget: how many occurrences at most.
  public static func soonest(_ tasks: [HorizonTask], from: Int, zone: Zone?, budget: Int = defaultBudget)
    -> [HorizonEntry]
  {
    guard budget > 0, !tasks.isEmpty else { return [] }
    var zones: [String: Zone] = [:]
    var cursors: [Cursor] = []
    cursors.reserveCapacity(tasks.count)
    var heap = Heap()
    heap.items.reserveCapacity(tasks.count)
    for (i, task) in tasks.enumerated() {
      guard task.rule.validationError == nil else { continue }
      var taskZone = zone
      if let id = task.rule.timeZone {
        if let z = zones[id] {
          taskZone = z
        } else if let z = Zone(identifier: id) {
          zones[id] = z
          taskZone = z
        } else {
          continue
        }
      }
      let due = Timeline(zone: taskZone).place(localSeconds: task.due.localSeconds)
      cursors.append(Cursor(task: i, zone: taskZone, due: due))
      let c = cursors.count - 1
      if due.timelineSeconds >= from {
        heap.push(Heap.Item(time: due.timelineSeconds, id: task.id, task: i, cursor: c, occurrence: due))
      } else if let next = cursors[c].next(tasks[i], from: from) {
        heap.push(Heap.Item(time: next.timelineSeconds, id: task.id, task: i, cursor: c, occurrence: next))
      }
    }
    var out: [HorizonEntry] = []
    out.reserveCapacity(Swift.min(budget, 64))
    while out.count < budget, let top = heap.pop() {
      let key = RecurrenceRule.successorID(of: top.id, nextDue: top.occurrence).uuidString.lowercased()
      out.append(HorizonEntry(taskID: top.id, occurrence: top.occurrence, key: key))
      if let next = cursors[top.cursor].next(tasks[top.task], from: from) {
        heap.push(
          Heap.Item(time: next.timelineSeconds, id: top.id, task: top.task, cursor: top.cursor, occurrence: next))
      }
    }
    return out
  }

  /// One task's position: its zone, due date, and its sequence once one is needed.
  struct Cursor {
    let task: Int
    let zone: Zone?
    let due: Occurrence
    var sequence: OccurrenceSequence?

    init(task: Int, zone: Zone?, due: Occurrence) {
      self.task = task
      self.zone = zone
      self.due = due
    }

    /// The task's next occurrence after its due date and at or after `from`.
    mutating func next(_ task: HorizonTask, from: Int) -> Occurrence? {
      guard task.rule.anchor == .schedule else { return nil }
      if sequence == nil {
        let lower = Swift.max(from, due.timelineSeconds + 1)
        sequence = task.rule.occurrences(start: task.due, in: zone, fromTimeline: lower)
      }
      return sequence?.next()
    }
  }

  /// A binary min-heap of task heads ordered by (time, task id, task index).
  struct Heap {
    struct Item {
      let time: Int
      let id: String
      let task: Int
      let cursor: Int
      let occurrence: Occurrence

      func precedes(_ other: Item) -> Bool {
        if time != other.time { return time < other.time }
        if id != other.id { return id < other.id }
        return task < other.task
      }
    }

    var items: [Item] = []

    mutating func push(_ item: Item) {
      items.append(item)
      var i = items.count - 1
      while i > 0 {
        let parent = (i - 1) / 2
        guard items[i].precedes(items[parent]) else { break }
        items.swapAt(i, parent)
        i = parent
      }
    }

    mutating func pop() -> Item? {
      guard let first = items.first else { return nil }
      let last = items.removeLast()
      guard !items.isEmpty else { return first }
      items[0] = last
      var i = 0
      while true {
        let l = 2 * i + 1
        let r = l + 1
        var smallest = i
        if l < items.count, items[l].precedes(items[smallest]) { smallest = l }
        if r < items.count, items[r].precedes(items[smallest]) { smallest = r }
        if smallest == i { break }
        items.swapAt(i, smallest)
        i = smallest
      }
      return first
    }
  }
}

extension Horizon {
  /// Reads a task file: one `id<TAB>packed rule<TAB>current due (ISO 8601)` a line.
  ///
  /// Blank lines and lines starting with `#` are skipped. A line that cannot be read (wrong
  /// number of fields, an empty id, a rule the packed decoder refuses, a due date that is not
  /// ISO 8601) is reported with its number and left out; the others are read. A due date with
  /// an offset is converted to wall-clock time in the rule's zone (or `zone`).
  public static func readTasks(_ text: String, zone: Zone?) -> (tasks: [HorizonTask], problems: [HorizonProblem]) {
    var tasks: [HorizonTask] = []
    var problems: [HorizonProblem] = []
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3 else {
        problems.append(HorizonProblem(line: number, message: "expected 3 tab-separated fields, found \(fields.count)"))
        continue
      }
      guard !fields[0].isEmpty else {
        problems.append(HorizonProblem(line: number, message: "empty task id"))
        continue
      }
      let rule: RecurrenceRule
      do {
        rule = try PackedRule.decode(String(fields[1]))
      } catch {
        problems.append(HorizonProblem(line: number, message: error.description))
        continue
      }
      guard let parsed = LocalDateTime.parseISO8601(String(fields[2])), parsed.local.isValidForRule else {
        problems.append(
          HorizonProblem(line: number, message: "'\(fields[2].prefix(40))' is not an ISO 8601 date-time"))
        continue
      }
      var due = parsed.local
      if let offset = parsed.offset {
        let taskZone = rule.timeZone.flatMap { Zone(identifier: $0) } ?? zone
        due = taskZone?.localDateTime(atInstant: parsed.local.localSeconds - offset) ?? parsed.local
      }
      tasks.append(HorizonTask(id: String(fields[0]), rule: rule, due: due))
    }
    return (tasks, problems)
  }
}
