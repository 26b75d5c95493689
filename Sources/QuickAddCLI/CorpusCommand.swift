import Foundation
import QuickAddParser
import RecurrenceCore

/// `quickadd corpus`: run the annotated corpus like a linguist's test set.
enum CorpusCommand {
  static let info = QuickAddCommand.CommandInfo(
    name: "corpus",
    usage: "quickadd corpus [--update] [--json] [PATH…]",
    summary: "Run the Corpus/ regression suite: every phrase against its expected reading.",
    details: """
      Options:
        --update        rewrite failing lines in place with the reading the parser gives now,
                        so a reviewer sees the change as a diff
        --json          one JSON object: passed, failed, failures, unexercised productions

      PATH is a corpus file or a folder of *.txt files (default: Corpus/). Each failure prints as
      'file:line: expected …, got …'; a grammar coverage line lists productions no case
      exercised; the last line is 'N passed, N failed'. Exits 1 on any failure.

      """)

  static func run(_ arguments: ArraySlice<String>) throws -> CommandResult {
    let args = try Arguments(arguments, command: "corpus", valued: [], flags: ["--update", "--json"])
    let paths = args.positionals.isEmpty ? ["Corpus"] : args.positionals
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw Failure(message: "Error: no corpus at '\(path)'")
      }
      if isDirectory.boolValue {
        let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        files += found.filter { $0.hasSuffix(".txt") }.sorted().map { (path as NSString).appendingPathComponent($0) }
      } else {
        files.append(path)
      }
    }
    var outcomes: [CorpusRunner.Outcome] = []
    var out = ""
    for file in files {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        throw Failure(message: "Error: cannot read '\(file)'")
      }
      let cases: [CorpusCase]
      do {
        cases = try CorpusReader.cases(in: text, file: file)
      } catch {
        throw Failure(message: "\(error)")
      }
      let results = cases.map(CorpusRunner.run)
      outcomes += results
      if args.flags.contains("--update") {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var changed = false
        for r in results where r.failure != nil {
          let index = r.corpusCase.line - 1
          lines[index] = CorpusRunner.updatedLine(r)
          changed = true
        }
        if changed { try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8) }
      }
    }
    let failures = outcomes.filter { $0.failure != nil }
    let exercised = outcomes.reduce(into: Set<Production>()) { $0.formUnion($1.productions) }
    let unexercised = Production.allCases.filter { !exercised.contains($0) }.map(\.name)
    let passed = outcomes.count - failures.count
    if args.flags.contains("--json") {
      let json = JSONValue.object([
        ("passed", .number(passed)), ("failed", .number(failures.count)),
        (
          "failures",
          .array(
            failures.map {
              .object([
                ("file", .string($0.corpusCase.file)), ("line", .number($0.corpusCase.line)),
                ("phrase", .string($0.corpusCase.phrase)), ("message", .string($0.failure ?? "")),
                ("actual", .string(CorpusRunner.updatedLine($0))),
              ])
            })
        ),
        ("unexercised", .array(unexercised.map(JSONValue.string))),
      ])
      return CommandResult(stdout: json.text + "\n", exitCode: failures.isEmpty ? 0 : ExitStatus.failure)
    }
    for f in failures {
      out += "\(f.corpusCase.file):\(f.corpusCase.line): \(f.failure ?? "") [\(f.corpusCase.phrase)]\n"
    }
    out += "grammar coverage: \(Production.allCases.count - unexercised.count)/\(Production.allCases.count) productions"
    out += unexercised.isEmpty ? "\n" : "; never exercised: \(unexercised.joined(separator: ", "))\n"
    if args.flags.contains("--update"), !failures.isEmpty { out += "updated \(failures.count) lines\n" }
    out += "\(passed) passed, \(failures.count) failed\n"
    return CommandResult(stdout: out, exitCode: failures.isEmpty ? 0 : ExitStatus.failure)
  }
}
