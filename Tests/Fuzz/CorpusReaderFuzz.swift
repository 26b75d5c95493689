// libFuzzer target for the corpus file reader (built by Tests/Fuzz/run): any file must read
// into cases or fail with an error naming a line of the file, never crash or hang; every case
// (the first eight, to keep runs quick) runs through the corpus runner.

import RecurrenceCore

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func corpusReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let cases = try CorpusReader.cases(in: text, file: "fuzz.txt")
    for c in cases.prefix(8) {
      precondition(c.line >= 1, "case before the first line")
      _ = CorpusRunner.run(c)
    }
  } catch {
    precondition(error.line >= 0, "error before the first line")
    precondition(!error.message.isEmpty, "error without a message")
  }
  return 0
}
