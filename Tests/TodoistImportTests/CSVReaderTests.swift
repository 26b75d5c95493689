import Testing
import TodoistImport

/// One RFC 4180 case: input, and each record's starting line and values.
struct CSVCase: CustomTestStringConvertible, Sendable {
  var input: String
  var expected: [(line: Int, values: [String])]
  var testDescription: String { input.debugDescription }

  init(_ input: String, _ expected: [(Int, [String])]) {
    self.input = input
    self.expected = expected.map { (line: $0.0, values: $0.1) }
  }
}

@Suite("CSV reader: RFC 4180")
struct CSVReaderTests {
  static let cases: [CSVCase] = [
    CSVCase("a,b,c", [(1, ["a", "b", "c"])]),
    CSVCase("a,b\n", [(1, ["a", "b"])]),
    CSVCase("a,b\r\nc,d\r\n", [(1, ["a", "b"]), (2, ["c", "d"])]),
    CSVCase("\"a,b\",\"c\"\"d\"\n", [(1, ["a,b", "c\"d"])]),
    CSVCase("\"x\ny\",z\nw", [(1, ["x\ny", "z"]), (3, ["w"])]),
    CSVCase("\"x\r\ny\",z\r\nw\r\n", [(1, ["x\r\ny", "z"]), (3, ["w"])]),
    CSVCase("\n\n", [(1, [""]), (2, [""])]),
    CSVCase(",,\nq", [(1, ["", "", ""]), (2, ["q"])]),
    CSVCase("", []),
    CSVCase("\u{FEFF}a,b", [(1, ["a", "b"])]),
    CSVCase("\u{FEFF}", []),
    CSVCase("\u{FE}", [(1, ["\u{FE}"])]),
    CSVCase("a\rb", [(1, ["a\rb"])]),
    CSVCase("\"\"", [(1, [""])]),
    CSVCase("a,\"\"\"\"", [(1, ["a", "\""])]),
    CSVCase("a,", [(1, ["a", ""])]),
    CSVCase("😀,\"é,ü\"\n", [(1, ["😀", "é,ü"])]),
  ]

  @Test("records and lines, whatever the chunk size", arguments: cases)
  func reads(_ c: CSVCase) {
    for chunk in [1, 2, 3, 5, CSVLimits.chunkSize] {
      let read = records(c.input, chunkSize: chunk)
      let got = read.compactMap(\.value).map { (line: $0.line, values: $0.values) }
      #expect(read.allSatisfy { $0.problem == nil }, "chunk \(chunk)")
      #expect(got.map(\.line) == c.expected.map(\.line), "chunk \(chunk)")
      #expect(got.map(\.values) == c.expected.map(\.values), "chunk \(chunk)")
    }
  }

  @Test("each field starts at a 1-based line and column in Unicode scalars")
  func positions() {
    let read = records("ab,\"c\",\n日本,x").compactMap(\.value)
    #expect(read.count == 2)
    #expect(read.first?.fields.map(\.position) == [at(1, 1), at(1, 4), at(1, 8)])
    #expect(read.first?.fields.map(\.isQuoted) == [false, true, false])
    #expect(read.last?.fields.map(\.position) == [at(2, 1), at(2, 4)])
    #expect(read.last?.values == ["日本", "x"])
    // A byte order mark at the start takes no column; anywhere else it is text, one column wide.
    let bom = records("\u{FEFF}a,b\n\u{FEFF}c,d").compactMap(\.value)
    #expect(bom.map { $0.fields.map(\.position) } == [[at(1, 1), at(1, 3)], [at(2, 1), at(2, 4)]])
    #expect(bom.last?.values == ["\u{FEFF}c", "d"])
  }

  @Test("a field after a quoted multi-line field starts on the line it is on")
  func multiLinePositions() {
    let read = records("t,\"one\r\ntwo \"\"x\"\"\",after\nnext").compactMap(\.value)
    #expect(read.map(\.line) == [1, 3])
    #expect(read.first?.values == ["t", "one\r\ntwo \"x\"", "after"])
    #expect(read.first?.fields.map(\.position) == [at(1, 1), at(1, 3), at(2, 12)])
    #expect(read.last?.fields.first?.position == at(3, 1))
  }

  @Test("blank records and ragged records are flagged against the header")
  func blankAndRagged() {
    let read = records(",,\na,b,c\n,,,,\nd,e\nf,g,h\ni,j,k,l\n").compactMap(\.value)
    #expect(read.map(\.isBlank) == [true, false, true, false, false, false])
    #expect(read.map(\.isRagged) == [false, false, false, true, false, true])
  }

  @Test("a quote inside an unquoted field, or text after a closing quote, is kept with a warning")
  func strayQuotes() {
    let read = records("a\"b,c\n\"ab\"cd,e\n").compactMap(\.value)
    #expect(read.map(\.values) == [["a\"b", "c"], ["abcd", "e"]])
    #expect(read.map { $0.warnings.map(\.position) } == [[at(1, 2)], [at(2, 5)]])
    #expect(read.first?.warnings.first?.kind == .strayQuote)
    #expect(read.first?.warnings.first?.isWarning == true)
    #expect(
      read.first?.warnings.first?.description
        == "t.csv:1:2: warning: a quote in the middle of a field is kept as written")
  }
}
