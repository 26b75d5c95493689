// libFuzzer target for the command line (built by Tests/Fuzz/run): the input is split at NUL
// bytes into arguments; after the last NUL come the bytes of standard input. Any command line
// must end with exit status 0, 1, 64 or 66, with its output, never crash or hang. The corpus
// and import commands are left out: they read files and write them (`--update`, `--out`).

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func commandLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  var parts = bytes.split(separator: 0, maxSplits: 12, omittingEmptySubsequences: false)
  let stdin = parts.count > 1 ? Array(parts.removeLast()) : []
  var arguments = parts.map { String(decoding: $0, as: UTF8.self) }
  if arguments.first == "corpus" || arguments.first == "import" { arguments[0] = "parse" }
  // A fixed reference and zone keep runs reproducible, unless the input gives its own.
  if !arguments.contains(where: { $0.hasPrefix("--now") || $0.hasPrefix("--from") }) {
    arguments += [arguments.first == "next" ? "--from" : "--now", "2026-11-30T10:00"]
  }
  let result = QuickAddCommand.run(arguments, input: .bytes(stdin))
  precondition([0, 1, 64, 66].contains(result.exitCode), "exit \(result.exitCode) for \(arguments)")
  precondition(!result.stderr.unicodeScalars.contains { $0 == "\u{1B}" }, "escape character on stderr")
  precondition(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" }, "escape character on stdout")
  if result.exitCode == 64 { precondition(result.stderr.hasPrefix("Error: "), "usage error without 'Error: '") }
  return 0
}
