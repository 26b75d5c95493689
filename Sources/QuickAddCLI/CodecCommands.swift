import QuickAddParser
import RecurrenceCore

/// `quickadd encode` and `quickadd decode`: the packed single-column form.
enum EncodeCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "encode",
    usage: "quickadd encode [--now ISO] [--tz IANA] (PHRASE | --rrule RRULE)",
    summary: "Print the packed single-column form of a phrase or an RRULE.",
    details: """
      Options:
        --now ISO       the reference date-time for relative dates (default: now)
        --tz IANA       store the rule with this time zone (TZID); without it the rule is
                        floating (wall-clock time wherever the user is)
        --rrule RRULE   encode an RFC 5545 RRULE instead of a phrase

      Prints the packed text alone on one line, for example R1;FREQ=WEEKLY;BYDAY=MO;BYTIME=0900.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(arguments, command: "encode", valued: ["--now", "--tz", "--rrule"], flags: [])
    var context = try Context(args, referenceOption: "--now", command: "encode")
    context.allDayIsDate = args.values["--rrule"] == nil
    var rule: RecurrenceRule
    if let text = args.values["--rrule"] {
      guard args.positionals.isEmpty else {
        throw UsageError(message: "give either PHRASE or --rrule, not both", command: "encode")
      }
      do {
        rule = try RRule.parse(text, start: context.now)
      } catch {
        throw Failure(message: error.rendered(input: text))
      }
    } else {
      guard args.positionals.count == 1 else {
        throw UsageError(
          message: args.positionals.isEmpty ? "missing PHRASE" : "give the phrase as one argument", command: "encode")
      }
      let phrase = args.positionals[0]
      let result = PhraseParser.parse(phrase, context: ParseContext(now: context.now))
      guard let parsed = result.rule else {
        let e = result.errors.first ?? Diagnostic(id: "QA101", message: "no recurrence found", range: SourceRange(0, 0))
        throw Failure(message: e.rendered(input: phrase))
      }
      rule = parsed
    }
    if args.values["--tz"] != nil { rule.timeZone = context.zone?.identifier }
    return CommandResult(stdout: rule.packed + "\n")
  }
}

/// `quickadd decode`: read a packed rule.
enum DecodeCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "decode",
    usage: "quickadd decode [--now ISO] [--tz IANA|floating] [--count N] [--json] PACKED",
    summary: "Read a packed rule: its canonical text, RRULE and next occurrences.",
    details: """
      Options:
        --now ISO       where occurrences start (default: now)
        --tz IANA       the zone for a floating rule (default: the system zone); a rule with a
                        TZID uses its own zone
        --count N       how many occurrences, 0…1000 (default 5)
        --json          one JSON object with the same keys as 'parse --json'

      A malformed packed rule exits 1 with the problem and a caret under its column.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "decode", valued: ["--now", "--tz", "--count"], flags: ["--json"])
    guard args.positionals.count == 1 else {
      throw UsageError(message: args.positionals.isEmpty ? "missing PACKED" : "give one packed rule", command: "decode")
    }
    let text = args.positionals[0]
    var context = try Context(args, referenceOption: "--now", command: "decode")
    let count = try args.integer("--count", default: 5, in: 0...1000, command: "decode")
    let rule: RecurrenceRule
    do {
      rule = try PackedRule.decode(text)
    } catch {
      if args.flags.contains("--json") {
        return CommandResult(stdout: RuleReport.failure(input: text, error) + "\n", exitCode: ExitStatus.failure)
      }
      throw Failure(message: error.rendered(input: text))
    }
    if let id = rule.timeZone {
      guard let zone = Zone(identifier: id) else {
        throw Failure(message: "Error: unknown time zone '\(id)' in the packed rule")
      }
      context = context.in(zone)
    }
    let report = RuleReport(rule: rule, input: text, context: context, count: count)
    return CommandResult(stdout: args.flags.contains("--json") ? report.json + "\n" : report.plain)
  }
}
