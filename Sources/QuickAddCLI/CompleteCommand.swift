import Foundation
import RecurrenceCore

/// `quickadd complete`: the next due date after completing an occurrence.
enum CompleteCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "complete",
    usage: "quickadd complete (--packed TEXT | --rrule RRULE) --due ISO --at ISO [--tz IANA] [--id ID] [--json]",
    summary: "Print the next due date after completing a repeating task.",
    details: """
      Options:
        --packed TEXT   the rule in packed form (R1;…)
        --rrule RRULE   the rule as an RFC 5545 RRULE (or iCalendar lines)
        --due ISO       the due date of the occurrence being completed
        --at ISO        when it was completed
        --tz IANA       time zone for a rule without one (default: the system zone), or 'floating'
        --id ID         the task's id: also print the successor's id (UUID version 7, the same on
                        every device)
        --json          one JSON object: {"ok": true, "next": …, "ended": …, "id": …, "packed": …}

      On time or early, the next due date is the first occurrence after the due date; late (on a
      later day), the first occurrence on or after the completion day; an after-completion rule
      counts from the completion. Prints the next due date, or that the series has ended. A
      counted after-completion rule (every! 3 days 4 times) counts the occurrences left: the
      rule to store next, one fewer, is printed after 'keep:' ("packed" in JSON, null when the
      rule stays as it was); completing with one left ends the series.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "complete", valued: ["--packed", "--rrule", "--due", "--at", "--tz", "--id"],
      flags: ["--json"])
    guard args.positionals.isEmpty else {
      throw UsageError(message: "unexpected argument '\(args.positionals[0])'", command: "complete")
    }
    guard args.values["--due"] != nil else { throw UsageError(message: "missing '--due'", command: "complete") }
    guard args.values["--at"] != nil else { throw UsageError(message: "missing '--at'", command: "complete") }
    var context = try Context(args, referenceOption: "--at", command: "complete")
    let rule: RecurrenceRule
    switch (args.values["--packed"], args.values["--rrule"]) {
    case (let packed?, nil):
      do { rule = try PackedRule.decode(packed) } catch { throw Failure(message: error.rendered(input: packed)) }
    case (nil, let text?):
      do {
        rule = try ICalendarFragment.parse(text, timeZone: context.zone?.identifier)
      } catch {
        throw Failure(message: error.rendered(input: text))
      }
    default:
      throw UsageError(message: "give exactly one of '--packed' and '--rrule'", command: "complete")
    }
    if let id = rule.timeZone, id != context.zone?.identifier {
      guard let z = Zone(identifier: id) else { throw Failure(message: "error: unknown time zone '\(id)'") }
      context = context.in(z)
    }
    var dueContext = try Context(args, referenceOption: "--due", command: "complete")
    if let z = context.zone { dueContext = dueContext.in(z) }
    let step = rule.successor(afterCompleting: dueContext.now, at: context.now, in: context.zone)
    let next = step?.next
    // A counted after-completion rule keeps one occurrence fewer: the rule to store changes.
    let kept = step.flatMap { $0.rule == rule ? nil : $0.rule.packed }
    let successor = args.values["--id"].flatMap { id in next.map { RecurrenceRule.successorID(of: id, nextDue: $0) } }
    let idText = successor?.uuidString.lowercased()
    if args.flags.contains("--json") {
      let object = JSONValue.object([
        ("ok", .bool(true)), ("next", next.map { .string($0.iso8601) } ?? .null), ("ended", .bool(next == nil)),
        ("id", idText.map { .string($0) } ?? .null), ("packed", kept.map { .string($0) } ?? .null),
      ])
      return CommandResult(stdout: object.text + "\n")
    }
    guard let next else { return CommandResult(stdout: "the series has ended\n") }
    return CommandResult(
      stdout: next.iso8601 + "\n" + (idText.map { "id: \($0)\n" } ?? "") + (kept.map { "keep: \($0)\n" } ?? ""))
  }
}
