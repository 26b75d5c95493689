import Foundation
import RecurrenceCore

// Benchmarks: `swift run -c release quickadd-bench [engine] [codec] [parser] [parser-files] [line] [corpus [N]] [csv [N]]`.
// Every figure is a median over batches, reported with the ratio to a reference measured in
// the same run (Foundation's `Calendar.RecurrenceRule` for the engine).

let selected = Set(CommandLine.arguments.dropFirst())
func wants(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

if wants("engine") { EngineBenchmark.run() }
if wants("codec") { CodecBenchmark.run() }
if wants("parser") { ParserBenchmark.run() }
if selected.contains("parser-files") { ParserBenchmark.perFile() }  // per corpus file, and the slowest phrases
if wants("line") { TaskLineBenchmark.run() }
if wants("horizon") { HorizonBenchmark.run() }
if selected.contains("corpus"), !selected.contains("profile-parser") {
  // `corpus [N] [accepted]`: N generated annotated phrases (a million by default); `accepted`
  // leaves out the errors and task titles.
  let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 1_000_000
  CorpusBenchmark.run(count: count, errors: !selected.contains("accepted"))
}
if selected.contains("import") {
  // `import [N]`: a generated Todoist export of N rows (100,000 by default) imported end to end.
  let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 100_000
  ImportBenchmark.run(count: count)
}
if selected.contains("csv") {
  // `csv [N]`: a generated Todoist export of N rows (100,000 by default) through the CSV reader.
  let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 100_000
  CSVBenchmark.run(count: count)
}
if selected.contains("corpus-write"), let path = CommandLine.arguments.dropFirst(2).first {
  let count = CommandLine.arguments.dropFirst(3).compactMap { Int($0) }.first ?? 1_000_000
  CorpusBenchmark.write(to: path, count: count, errors: !selected.contains("accepted"))
}
// [general|weeks]: the last weekday of the month, or yearly ISO week 20 on Monday, instead of daily.
if selected.contains("profile-engine") {
  EngineBenchmark.profile(general: selected.contains("general"), weeks: selected.contains("weeks"))
}
if selected.contains("profile-codec") { CodecBenchmark.profile() }  // [encode-only|decode-only|corpus|text T]
// [corpus|PHRASE]: the corpus, or one phrase repeated, instead of four typical phrases.
if selected.contains("profile-parser") {
  let phrase = CommandLine.arguments.dropFirst(2).first.flatMap { $0 == "corpus" ? nil : $0 }
  ParserBenchmark.profile(corpus: selected.contains("corpus"), phrase: phrase)
}
if selected.contains("profile-horizon") { HorizonBenchmark.profile() }
// [LINE]: one line repeated instead of the corpus.
if selected.contains("profile-line") { TaskLineBenchmark.profile(line: CommandLine.arguments.dropFirst(2).first) }
