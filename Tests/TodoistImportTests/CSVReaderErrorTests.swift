import Testing
import TodoistImport

@Suite("CSV reader: errors cost one record")
struct CSVReaderErrorTests {
  @Test("an unterminated quoted field makes the final record an error")
  func unterminated() {
    for chunk in [1, 4, CSVLimits.chunkSize] {
      let read = records("a,b\nc,\"de\nf,g", chunkSize: chunk)
      #expect(read.count == 2)
      #expect(read.first?.value?.values == ["a", "b"])
      let problem = read.last?.problem
      #expect(problem?.kind == .unterminatedQuote)
      #expect(problem?.position == at(2, 3))
      #expect(problem?.recordLine == 2)
      #expect(
        problem?.description
          == "t.csv:2:3: error: a quoted field is not closed before the end of the file; the last record is cut short")
    }
  }

  @Test("invalid UTF-8 is an error for its record, at the first bad byte; the next records read")
  func invalidUTF8() {
    var bytes = Array("TYPE,CONTENT\ntask,ok\ntask,ab".utf8)
    bytes += [0xFF] + Array("cd\ntask,é".utf8) + [0xC3] + Array("(\n".utf8)
    bytes += Array("task,\"x\ny".utf8) + [0xE2, 0x82] + Array("\"\n".utf8)
    bytes += Array("a".utf8) + [0xC0, 0x80] + Array(",".utf8) + [0xED, 0xA0, 0x80] + Array("\n".utf8)
    bytes += [0xF4, 0x90, 0x80, 0x80] + Array("\ntask,next\n".utf8)
    for chunk in [1, 3, CSVLimits.chunkSize] {
      let read = records(bytes, chunkSize: chunk)
      #expect(read.map { $0.value?.values.last } == ["CONTENT", "ok", nil, nil, nil, nil, nil, "next"])
      let problems = read.compactMap(\.problem)
      #expect(problems.map(\.kind) == Array(repeating: .invalidUTF8, count: 5))
      #expect(problems.map(\.position) == [at(3, 8), at(4, 7), at(6, 2), at(7, 2), at(8, 1)])
      #expect(problems.map(\.recordLine) == [3, 4, 5, 7, 8])
      #expect(read.last?.value?.line == 9)
    }
  }

  @Test("a 1 MB field is an error for its row; the reader skips to the row's end and goes on")
  func oversizedField() {
    let big = String(repeating: "x", count: 1_000_000)
    var lines = String(repeating: "quoted, with a comma\n", count: 3)
    lines += String(repeating: "y", count: 300_000)
    let text =
      "TYPE,CONTENT\ntask,before\ntask,\"\(big)\"\ntask,\(big)\ntask,\"\(lines)\",z\ntask,after\n"
    let read = records(text)
    #expect(read.count == 6)
    #expect(read[1].value?.values == ["task", "before"])
    #expect(read[2].problem?.kind == .fieldTooLong)
    #expect(read[2].problem?.position == at(3, 6))
    #expect(read[3].problem?.kind == .fieldTooLong)
    #expect(read[3].problem?.position == at(4, 6))
    #expect(read[4].problem?.position == at(5, 6))
    #expect(read[5].value?.values == ["task", "after"])
    #expect(read[5].value?.line == 9)
    #expect(
      read[2].problem?.description == "t.csv:3:6: error: a field is longer than 262144 bytes; the record is skipped")
  }

  @Test("a field of exactly the cap is read")
  func fieldAtCap() {
    let cap = String(repeating: "z", count: CSVLimits.maximumFieldBytes)
    let read = records("a,\(cap)\nb")
    #expect(read.first?.value?.fields.last?.value.utf8.count == CSVLimits.maximumFieldBytes)
    #expect(read.last?.value?.values == ["b"])
  }

  @Test("too many fields is an error for the record, at the first field over the limit")
  func tooManyFields() {
    let read = records(String(repeating: ",", count: 5_000) + "\nnext")
    #expect(read.first?.problem?.kind == .tooManyFields)
    #expect(read.first?.problem?.position == at(1, CSVLimits.maximumFieldsPerRecord + 1))
    #expect(read.last?.value?.values == ["next"])
  }

  @Test("a source that fails is reported for the record being read, and the reading stops")
  func failingSource() {
    struct Failing: CSVByteSource {
      var sent = false
      mutating func nextChunk() throws(CSVSourceError) -> [UInt8]? {
        if sent { throw CSVSourceError(message: "the disk is gone") }
        sent = true
        return Array("a,b\nc,".utf8)
      }
    }
    let read = Array(CSVReader(Failing(), file: "f.csv"))
    #expect(read.count == 2)
    #expect(read.first?.value?.values == ["a", "b"])
    #expect(read.last?.problem?.kind == .unreadable)
    #expect(read.last?.problem?.description == "f.csv:2:3: error: the disk is gone")
  }

  @Test("problem IDs are stable and distinct")
  func ids() {
    #expect(CSVProblem.Kind.fieldTooLong.id == "CSV101")
    #expect(Set(CSVProblem.Kind.allCases.map(\.id)).count == CSVProblem.Kind.allCases.count)
  }
}
