import Foundation
import QuickAddParser
import RecurrenceCore
import TodoistImport

/// `quickadd import todoist`: convert Todoist exports, accounting for every row.
enum ImportCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "import",
    usage:
      "quickadd import todoist [--now ISO] [--tz IANA|floating] [--format jsonl|csv] [--out PATH] FILE.csv|FILE.json|DIR",
    summary: "Convert Todoist exports (project CSVs, a backup folder, API JSON) into tasks with packed rules.",
    details: """
      Options:
        --now ISO       the reference date-time: relative dates and a rule's first due date count
                        from it (default: now)
        --tz IANA       the zone of tasks whose TIMEZONE is empty (default: the system zone)
        --format F      jsonl (one JSON object per task, the default) or csv (the rule in one
                        packed column; cells that a spreadsheet would run as a formula are
                        neutralised with a leading ')
        --out PATH      write there instead of standard output

      FILE.csv is a project export (every header generation, mapped by header name); FILE.json is
      an API tasks array; DIR is an unzipped backup (every .csv and .json in it, in name order).
      A backup ZIP is not read (Foundation has no unzip): unzip it first and give the folder.
      Diagnostics go to standard error as file:line:col: warning: … [ID] (the first 1000; the
      rest are counted by ID, and every task's own are in its output), then a summary line
      whose check read = imported + skipped + errors always holds. Exit status: 0 when every row
      was imported or reported, 1 on a fatal error (an unreadable file, not a Todoist export),
      64 on a usage error.

      """)

  static func run(_ arguments: ArraySlice<String>, output: inout OutputWriter) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "import", valued: ["--now", "--tz", "--format", "--out"], flags: [])
    guard args.positionals.first == "todoist" else {
      throw UsageError(message: "say what to import: 'import todoist FILE'", command: "import")
    }
    guard args.positionals.count == 2 else {
      throw UsageError(message: "give one FILE.csv, FILE.json or folder after 'todoist'", command: "import")
    }
    let context = try Context(args, referenceOption: "--now", command: "import")
    let format = args.values["--format"]?.lowercased() ?? "jsonl"
    guard format == "jsonl" || format == "csv" else {
      throw UsageError(message: "--format is jsonl or csv, not '\(args.values["--format"] ?? "")'", command: "import")
    }
    let path = args.positionals[1]
    let files = try inputFiles(path)
    var file: FileHandle?
    if let out = args.values["--out"] {
      guard FileManager.default.createFile(atPath: out, contents: nil), let handle = FileHandle(forWritingAtPath: out)
      else { return CommandResult(stderr: "error: cannot write '\(out)'\n", exitCode: ExitStatus.failure) }
      file = handle
    }
    var writer = file.map { handle in OutputWriter { handle.write(Data($0)) } }
    defer {
      writer?.flush()
      try? file?.close()
    }
    let instant = context.zone.map { $0.resolve(context.now).instant } ?? context.now.localSeconds
    var importer = TodoistImporter(options: TodoistImporter.Options(instant: instant, zone: context.zone))
    var run = ImportRun(context: context, format: format)
    if format == "csv" { run.emit(ImportCSV.header + "\n", &writer, &output) }
    for f in files {
      do {
        try run.importFile(f, into: &importer, &writer, &output)
      } catch {
        run.errors += "\(error.description)\n"
        run.fatal = true
      }
    }
    run.progressDone()
    let summary = importer.summary
    let status = run.fatal ? ExitStatus.failure : ExitStatus.success
    return CommandResult(stderr: run.errors + run.unlistedLine + "summary: \(summary)\n", exitCode: status)
  }

  /// The files of `path`: itself, or the folder's `.csv` and `.json` files in name order.
  static func inputFiles(_ path: String) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Failure(message: "error: '\(path)' does not exist")
    }
    if path.lowercased().hasSuffix(".zip") {
      throw Failure(message: "error: '\(path)' is a ZIP; unzip the backup and give its folder")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
      $0.lowercased().hasSuffix(".csv") || $0.lowercased().hasSuffix(".json")
    }
    guard !names.isEmpty else { throw Failure(message: "error: '\(path)' holds no .csv or .json file") }
    return names.sorted().map { (path as NSString).appendingPathComponent($0) }
  }
}
