import RecurrenceCore

/// `quickadd next`: the next occurrences of an RFC 5545 RRULE.
enum NextCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "next",
    usage: "quickadd next --rrule RRULE [--from ISO] [--tz IANA|floating] [--count N] [--json]",
    summary: "Print the next occurrences of an RFC 5545 RRULE.",
    details: """
      Options:
        --rrule RRULE   the rule, for example 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0'
        --from ISO      first date-time of interest, inclusive (default: now); also the rule's
                        start (DTSTART): fields the rule leaves open, such as the time of day,
                        come from it
        --tz IANA       time zone (default: the system zone), or 'floating' for wall-clock only
        --count N       how many occurrences, 0…1000 (default 5)
        --json          one JSON object: {"ok": true, "kind": …, "rrule": …, "next": […]}

      Occurrences print as ISO 8601 with offsets (floating ones without), one a line.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "next", valued: ["--rrule", "--from", "--tz", "--count"], flags: ["--json"])
    guard args.positionals.isEmpty else {
      throw UsageError(message: "unexpected argument '\(args.positionals[0])'", command: "next")
    }
    guard let text = args.values["--rrule"] else { throw UsageError(message: "missing '--rrule'", command: "next") }
    var context = try Context(args, referenceOption: "--from", command: "next")
    context.allDayIsDate = false
    let count = try args.integer("--count", default: 5, in: 0...1000, command: "next")
    let rule: RecurrenceRule
    do {
      rule = try RRule.parse(text, start: context.now, timeZone: context.zone?.identifier)
    } catch {
      throw Failure(error, input: text, json: args.flags.contains("--json"))
    }
    let report = RuleReport(rule: rule, input: text, context: context, count: count)
    if args.flags.contains("--json") { return CommandResult(stdout: report.json + "\n") }
    let none = report.next.isEmpty && count > 0
    let note = none ? "note: the rule has no occurrences from \(context.now) to the year 9999\n" : ""
    return CommandResult(stdout: report.plainOccurrences, stderr: note)
  }
}
