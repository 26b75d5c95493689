import Foundation
import RecurrenceCore

/// `quickadd horizon`: the soonest occurrences across many tasks, for local notifications.
enum HorizonCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "horizon",
    usage: "quickadd horizon [--from ISO] [--tz IANA] [--budget N] [--json] FILE|-",
    summary: "List the soonest occurrences across many tasks (what to arm as notifications).",
    details: """
      Options:
        --from ISO      the earliest date-time of interest (default: now)
        --tz IANA       time zone for floating rules (default: the system zone), or 'floating'
        --budget N      how many occurrences, 0…10000 (default 50: iOS keeps at most 64
                        pending local notifications per app)
        --json          one JSON object: {"ok": …, "horizon": [{"task", "at", "key"}], "problems": […]}

      FILE (or - for standard input) has one task a line: id<TAB>packed rule<TAB>current due.
      Each output line is: date-time<TAB>task id<TAB>key. The key names the notification the
      same way in every run. Lines that cannot be read are reported with their number on
      standard error and skipped (exit status 1); the others are still listed.

      """)

  static func run(_ arguments: ArraySlice<String>, stdin: () -> String?) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "horizon", valued: ["--from", "--tz", "--budget"], flags: ["--json"])
    guard args.positionals.count == 1 else {
      throw UsageError(
        message: args.positionals.isEmpty ? "missing FILE (or '-' for standard input)" : "give one FILE",
        command: "horizon")
    }
    let context = try Context(args, referenceOption: "--from", command: "horizon")
    let budget = try args.integer("--budget", default: Horizon.defaultBudget, in: 0...10_000, command: "horizon")
    let path = args.positionals[0]
    let text: String
    if path == "-" {
      text = stdin() ?? ""
    } else {
      guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw Failure(message: "error: cannot read '\(path)'")
      }
      text = contents
    }
    let (tasks, problems) = Horizon.readTasks(text, zone: context.zone)
    let from = context.zone.map { $0.resolve(context.now).instant } ?? context.now.localSeconds
    let entries = Horizon.soonest(tasks, from: from, zone: context.zone, budget: budget)
    let status = problems.isEmpty ? ExitStatus.success : ExitStatus.failure
    let name = path == "-" ? "<stdin>" : path
    let report = problems.map { "\(name):\($0.line): error: \($0.message)\n" }.joined()
    if args.flags.contains("--json") {
      let object = JSONValue.object([
        ("ok", .bool(problems.isEmpty)),
        (
          "horizon",
          .array(
            entries.map {
              .object([("task", .string($0.taskID)), ("at", .string($0.occurrence.iso8601)), ("key", .string($0.key))])
            })
        ),
        ("problems", .array(problems.map { .object([("line", .number($0.line)), ("message", .string($0.message))]) })),
      ])
      return CommandResult(stdout: object.text + "\n", stderr: report, exitCode: status)
    }
    let lines = entries.map { "\($0.occurrence.iso8601)\t\($0.taskID)\t\($0.key)\n" }.joined()
    return CommandResult(stdout: lines, stderr: report, exitCode: status)
  }
}
