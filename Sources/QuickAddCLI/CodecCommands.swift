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
        --tz IANA       store the rule with this time zone (TZID): an IANA name or UTC;
                        without it, or with 'floating', the rule is floating (wall-clock
                        time wherever the user is)
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
        throw Failure(error, input: text, json: false)
      }
    } else {
      guard args.positionals.count == 1 else {
        throw UsageError(
          message: args.positionals.isEmpty ? "missing PHRASE" : "give the phrase as one argument", command: "encode")
      }
      let phrase = args.positionals[0]
      let result = PhraseParser.parse(phrase, context: ParseContext(now: context.now))
      guard let parsed = result.rule else {
        throw Failure(result.errors.first ?? ParseCommand.noRecurrence, input: phrase, json: false)
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

      A malformed packed rule, or one whose TZID is not an IANA name or UTC, exits 1 with the
      problem and a caret under its column (a JSON object under --json).

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
    let json = args.flags.contains("--json")
    let rule: RecurrenceRule
    do {
      rule = try PackedRule.decode(text)
    } catch {
      throw Failure(error, input: text, json: json)
    }
    if let id = rule.timeZone {
      guard let zone = ZoneNames.zone(named: id) else {
        let error = Diagnostic(id: "PK118", message: ZoneNames.refusal(id), range: Self.zoneRange(in: text))
        throw Failure(error, input: text, json: json)
      }
      context = context.in(zone)
    }
    let report = RuleReport(rule: rule, input: text, context: context, count: count)
    return CommandResult(stdout: json ? report.json + "\n" : report.plain)
  }

  /// The range of the `TZID` segment's value in a packed text (ASCII, so bytes are scalars),
  /// or the whole text when there is none.
  static func zoneRange(in text: String) -> SourceRange {
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
      let key = String(decoding: bytes[start..<end].prefix(5), as: UTF8.self).uppercased()
      if key == "TZID=" { return SourceRange(start + 5, end) }
      start = end + 1
    }
    return SourceRange(0, text.unicodeScalars.count)
  }
}
