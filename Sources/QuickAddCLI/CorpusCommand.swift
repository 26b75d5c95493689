import Foundation
import QuickAddParser
import RecurrenceCore

/// `quickadd corpus`: run the annotated corpus like a linguist's test set.
enum CorpusCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "corpus",
    usage: "quickadd corpus [options] [PATH…]",
    summary: "Run the Corpus/ regression suite: every phrase against its expected reading.",
    details: """
      Options:
        --format F       text (default), json, junit (JUnit XML) or tap (TAP 13)
        --json           the same as --format json
        --only-failures  list only failing cases, files and sections
        --file TEXT      only files whose path contains TEXT (several: a,b)
        --section TEXT   only '##' sections whose title contains TEXT (any case)
        --grep TEXT      only phrases that contain TEXT (any case)
        --update         rewrite failing lines in place with the reading the parser gives now,
                         so a reviewer sees the change as a diff
        --dry-run        with --update: print that diff instead of writing it
        --save PATH      write every case's reading to PATH (JSON lines), a baseline
        --compare PATH   print the cases whose reading changed since the baseline PATH, new and
                         removed cases, by file; exits 1 when anything changed
        --raw            read the files as phrase lists, one phrase a line, no annotations
                         (with --save and --compare, to regress on text nobody annotated)
        --jobs N         threads to run on (default: every core); the output is the same

      PATH is a corpus file or a folder of *.txt files (default: Corpus/). Each failure prints as
      'file:line: expected …, got …' and each malformed line as 'file:line:col: error[CPnnn]: …';
      then passed and failed counts per file and '##' section, the grammar productions, lexicon
      surface forms and diagnostic IDs no case exercised, and last 'N passed, N failed' (malformed
      lines and unreadable files count as failed). Exits 1 on any failure, 66 when no PATH exists.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(
      arguments, command: "corpus",
      valued: ["--format", "--file", "--section", "--grep", "--save", "--compare", "--jobs"],
      flags: ["--update", "--json", "--dry-run", "--only-failures", "--raw"])
    let options = try Options(args)
    let paths = args.positionals.isEmpty ? ["Corpus"] : args.positionals
    let (sources, missing) = CorpusInput.sources(paths)
    var stderr = missing.map { "Error: no corpus at '\($0)'\n" }.joined()
    if sources.isEmpty {
      return CommandResult(stderr: stderr, exitCode: CorpusInput.cannotOpenInput)
    }
    var report = CorpusSuite.run(sources, raw: options.raw, filter: options.filter, jobs: options.jobs)
    report.problems += missing.map {
      CorpusFormatError(file: $0, line: 0, column: 0, id: CorpusFormatError.ID.unreadable, message: "no such file")
    }
    var notes = ""
    var exitCode = report.failed == 0 ? ExitStatus.success : ExitStatus.failure
    if let path = options.compare {
      let saved = CorpusInput.read(path)
      guard let text = saved.text else {
        return CommandResult(
          stderr: stderr + "Error: cannot read the baseline '\(path)': \(saved.error)\n",
          exitCode: CorpusInput.cannotOpenInput)
      }
      let (old, bad) = CorpusBaseline.read(text, file: path)
      let kept = old.filter {
        options.filter.admits(
          CorpusCase(file: $0.file, line: $0.line, phrase: $0.input, expected: .unannotated, section: $0.section))
      }
      let diff = CorpusBaseline.diff(old: kept, new: report.outcomes.map(CorpusBaseline.Entry.init))
      if let path = options.save { try write(CorpusBaseline.text(report.outcomes), to: path) }
      let problems = (report.problems + bad).map { $0.rendered + "\n" }.joined()
      return CommandResult(
        stdout: problems + diff.text(files: report.files), stderr: stderr,
        exitCode: diff.isEmpty && problems.isEmpty ? ExitStatus.success : ExitStatus.failure)
    }
    if let path = options.save {
      try write(CorpusBaseline.text(report.outcomes), to: path)
      notes += "saved \(report.outcomes.count) readings to \(path)\n"
    }
    if options.update {
      let (updated, diff) = try update(report, sources: sources, dryRun: options.dryRun)
      if options.dryRun { notes = diff + notes } else if updated > 0 { notes += "updated \(updated) lines\n" }
    }
    if options.raw, options.format == "text" {
      // Phrase lists expect nothing: only unreadable files fail.
      exitCode = report.problems.isEmpty ? ExitStatus.success : ExitStatus.failure
      if options.save != nil {
        let problems = report.problems.map { $0.rendered + "\n" }.joined()
        return CommandResult(stdout: problems + notes, stderr: stderr, exitCode: exitCode)
      }
      return CommandResult(stdout: rawListing(report) + notes, stderr: stderr, exitCode: exitCode)
    }
    let body: String
    switch options.format {
    case "json": body = CorpusJSONReport.text(report, onlyFailures: options.onlyFailures)
    case "junit": body = report.junit(onlyFailures: options.onlyFailures)
    case "tap": body = report.tap(onlyFailures: options.onlyFailures)
    default:
      var text = report.text(onlyFailures: options.onlyFailures)
      if let last = text.dropLast().lastIndex(of: "\n") {
        text.insert(contentsOf: notes, at: text.index(after: last))
      } else {
        text = notes + text
      }
      body = text
    }
    if options.format != "text" { stderr += notes }
    return CommandResult(stdout: body, stderr: stderr, exitCode: exitCode)
  }

  /// Each phrase of a raw list with its reading, and counts.
  static func rawListing(_ report: CorpusReport) -> String {
    var out = report.problems.map { $0.rendered + "\n" }.joined()
    var counts: [CorpusReading.Kind: Int] = [:]
    for o in report.outcomes {
      let c = o.corpusCase
      counts[o.reading.kind, default: 0] += 1
      out += "\(c.file):\(c.line): \(o.failure ?? o.reading.summary) [\(c.phrase)]\n"
    }
    return out
      + "\(report.outcomes.count) phrases: \(counts[.rule] ?? 0) rules, \(counts[.error] ?? 0) errors, "
      + "\(counts[.none] ?? 0) no recurrence\n"
  }

  /// Rewrites (or, for a dry run, diffs) the failing lines of every file; returns the count and the diff.
  static func update(_ report: CorpusReport, sources: [CorpusSuite.Source], dryRun: Bool) throws -> (Int, String) {
    var byFile: [String: [CorpusRunner.Outcome]] = [:]
    for o in report.outcomes where !o.passed { byFile[o.corpusCase.file, default: []].append(o) }
    var count = 0
    var diff = ""
    for source in sources {
      guard let text = source.text, let failing = byFile[source.name] else { continue }
      let (updated, changes) = CorpusUpdate.apply(failing, to: text)
      guard !changes.isEmpty else { continue }
      count += changes.count
      if dryRun {
        diff += CorpusUpdate.diff(file: source.name, changes)
      } else {
        try write(updated, to: source.name)
      }
    }
    return (count, diff)
  }

  static func write(_ text: String, to path: String) throws {
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw Failure(message: "Error: cannot write '\(path)': \(error.localizedDescription)")
    }
  }

  /// The command's options, checked together.
  struct Options {
    var format = "text"
    var filter: CorpusFilter
    var onlyFailures: Bool
    var update: Bool
    var dryRun: Bool
    var raw: Bool
    var save: String?
    var compare: String?
    var jobs: Int

    init(_ args: Arguments) throws(UsageError) {
      let command = "corpus"
      if let f = args.values["--format"] {
        guard ["text", "json", "junit", "tap"].contains(f) else {
          throw UsageError(message: "'--format' takes text, json, junit or tap, not '\(f)'", command: command)
        }
        if args.flags.contains("--json"), f != "json" {
          throw UsageError(message: "'--json' and '--format \(f)' disagree", command: command)
        }
        format = f
      } else if args.flags.contains("--json") {
        format = "json"
      }
      filter = CorpusFilter(
        files: args.values["--file"].map { $0.split(separator: ",").map(String.init) } ?? [],
        sections: args.values["--section"].map { [$0] } ?? [], grep: args.values["--grep"])
      onlyFailures = args.flags.contains("--only-failures")
      update = args.flags.contains("--update")
      dryRun = args.flags.contains("--dry-run")
      raw = args.flags.contains("--raw")
      save = args.values["--save"]
      compare = args.values["--compare"]
      let cores = ProcessInfo.processInfo.activeProcessorCount
      jobs = try args.integer("--jobs", default: cores, in: 1...1024, command: command)
      if dryRun, !update { throw UsageError(message: "'--dry-run' goes with '--update'", command: command) }
      if update, raw {
        throw UsageError(message: "'--update' needs annotated lines, not '--raw' lists", command: command)
      }
      if update, compare != nil {
        throw UsageError(message: "'--update' and '--compare' do not go together", command: command)
      }
    }
  }
}
