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
  /// only the due date counts). A floating rule is placed in `zone`; a rule whose zone is
  /// unknown or that is invalid contributes nothing. The merge is lazy: a heap (built in linear
  /// time) holds the heads of the `budget` tasks whose heads come first (a bounded max-heap
  /// picks them in one pass), a head being the due date, which costs no expansion, unless the
  /// task is overdue; a task's sequence is built only when its head is taken. The work is about
  /// `tasks.count + budget · log budget` whatever the rules. Ties (the same instant) are ordered by
  /// task id, then by position in `tasks`.
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
    var zones = ZoneLookup()
    // Only the tasks with the `budget` soonest heads can contribute: any other task's head
    // comes after `budget` entries already. A max-heap keeps those heads while scanning; a
    // task's sequence (only an overdue task needs one now) is kept by task index.
    var top = Heap(tasks: tasks, largestFirst: true)
    top.items.reserveCapacity(budget + 1)
    var sequences: [Int: OccurrenceSequence] = [:]
    for i in tasks.indices {
      guard let taskZone = zones.zone(for: tasks[i].rule, default: zone) else { continue }
      let due = Timeline(zone: taskZone).place(localSeconds: tasks[i].due.localSeconds)
      var head = due
      if due.timelineSeconds < from {
        guard let next = Self.next(tasks[i], i, zone: taskZone, due: due, from: from, &sequences) else { continue }
        head = next
      }
      if top.items.count == budget, let largest = top.items.first, !top.precedes(head.timelineSeconds, i, largest) {
        continue
      }
      // Validity is checked only for heads that would enter: few, after the first `budget`.
      guard tasks[i].rule.validationError == nil else { continue }
      let item = Heap.Item(time: head.timelineSeconds, task: i, zone: taskZone, due: due, occurrence: head)
      if top.items.count < budget {
        top.push(item)
      } else {
        top.items[0] = item
        top.siftDown(0)
      }
    }
    var heap = Heap(tasks: tasks, largestFirst: false)
    heap.items = top.items
    heap.heapify()
    var out: [HorizonEntry] = []
    out.reserveCapacity(Swift.min(budget, 64))
    while out.count < budget, let top = heap.pop() {
      let task = tasks[top.task]
      let key = RecurrenceRule.successorID(of: task.id, nextDue: top.occurrence).uuidString.lowercased()
      out.append(HorizonEntry(taskID: task.id, occurrence: top.occurrence, key: key))
      if let next = Self.next(task, top.task, zone: top.zone, due: top.due, from: from, &sequences) {
        heap.push(
          Heap.Item(time: next.timelineSeconds, task: top.task, zone: top.zone, due: top.due, occurrence: next))
      }
    }
    return out
  }

  /// A task's next occurrence after its due date and at or after `from`, from its sequence
  /// (built on first use and kept in `sequences` under the task's index).
  static func next(
    _ task: HorizonTask, _ index: Int, zone: Zone?, due: Occurrence, from: Int,
    _ sequences: inout [Int: OccurrenceSequence]
  ) -> Occurrence? {
    guard task.rule.anchor == .schedule else { return nil }
    if sequences[index] == nil {
      let lower = Swift.max(from, due.timelineSeconds + 1)
      sequences[index] = task.rule.occurrences(start: task.due, in: zone, fromTimeline: lower)
    }
    return sequences[index]?.next()
  }

  /// Zones by name, looked up once per distinct name: inline names compare as plain bytes
  /// against the few seen so far, longer ones go through a dictionary.
  struct ZoneLookup {
    var recent: [(ZoneName, Zone)] = []
    var inline: [ZoneName: Zone] = [:]
    var named: [String: Zone] = [:]

    /// The rule's zone (`fallback` when floating); nil when its name is unknown.
    mutating func zone(for rule: borrowing RecurrenceRule, default fallback: Zone?) -> Zone?? {
      let name = rule.zoneName
      if name.count > 0 {
        for (n, z) in recent where n == name { return z }
        if let z = inline[name] { return z }
        guard let id = rule.timeZone, let z = Zone(identifier: id) else { return nil }
        if recent.count < 8 { recent.append((name, z)) } else { inline[name] = z }
        return z
      }
      guard let id = rule.timeZone else { return .some(fallback) }
      if let z = named[id] { return z }
      guard let z = Zone(identifier: id) else { return nil }
      named[id] = z
      return z
    }
  }

  /// A binary heap of task heads ordered by (time, task id, task index), smallest or largest
  /// first.
  struct Heap {
    struct Item {
      let time: Int
      let task: Int
      let zone: Zone?
      let due: Occurrence
      let occurrence: Occurrence
    }

    /// The tasks, whose ids are consulted only to break ties.
    let tasks: [HorizonTask]
    /// Whether the root is the largest item (a max-heap) rather than the smallest.
    let largestFirst: Bool
    var items: [Item] = []

    init(tasks: [HorizonTask], largestFirst: Bool) {
      self.tasks = tasks
      self.largestFirst = largestFirst
    }

    /// Whether `a` comes before `b` in the horizon's order: time, then task id, then index.
    @inline(__always)
    func precedes(_ a: Item, _ b: Item) -> Bool { precedes(a.time, a.task, b) }

    /// Whether a head at `time` of task `task` comes before `b`.
    @inline(__always)
    func precedes(_ time: Int, _ task: Int, _ b: Item) -> Bool {
      if time != b.time { return time < b.time }
      if task == b.task { return false }
      let x = tasks[task].id
      let y = tasks[b.task].id
      return x != y ? x < y : task < b.task
    }

    /// Whether `a` belongs nearer the root than `b`.
    @inline(__always)
    func above(_ a: Item, _ b: Item) -> Bool { largestFirst ? precedes(b, a) : precedes(a, b) }

    mutating func heapify() {
      var i = items.count / 2
      while i > 0 {
        i -= 1
        siftDown(i)
      }
    }

    mutating func push(_ item: Item) {
      items.append(item)
      var i = items.count - 1
      while i > 0 {
        let parent = (i - 1) / 2
        guard above(items[i], items[parent]) else { break }
        items.swapAt(i, parent)
        i = parent
      }
    }

    mutating func pop() -> Item? {
      guard let first = items.first else { return nil }
      let last = items.removeLast()
      guard !items.isEmpty else { return first }
      items[0] = last
      siftDown(0)
      return first
    }

    mutating func siftDown(_ start: Int) {
      var i = start
      while true {
        let l = 2 * i + 1
        let r = l + 1
        var smallest = i
        if l < items.count, above(items[l], items[smallest]) { smallest = l }
        if r < items.count, above(items[r], items[smallest]) { smallest = r }
        if smallest == i { return }
        items.swapAt(i, smallest)
        i = smallest
      }
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
