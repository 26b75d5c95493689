import Foundation
import QuickAddCLI
import Testing

/// The lines a reader yields for `bytes`, or the error it throws.
func lines(_ bytes: [UInt8]) -> Result<[InputLine], InputError> {
  var reader = LineReader(.bytes(bytes))
  var out: [InputLine] = []
  do {
    while let line = try reader.next() { out.append(line) }
  } catch {
    return .failure(error)
  }
  return .success(out)
}

func texts(_ bytes: [UInt8]) -> [String]? { try? lines(bytes).get().map(\.text) }

/// The standard-input contract: bytes split on LF with an optional CR, one line each, in order.
@Suite struct LineReaderTests {
  @Test func lineEndings() {
    #expect(texts(Array("a\nb\n".utf8)) == ["a", "b"])
    #expect(texts(Array("a\r\nb\r\n".utf8)) == ["a", "b"])
    #expect(texts(Array("a\r\nb\nc\r\n\r\nd".utf8)) == ["a", "b", "c", "", "d"])
    #expect(texts(Array("no final newline".utf8)) == ["no final newline"])
    #expect(texts(Array("\n\n".utf8)) == ["", ""])
    #expect(texts(Array("a\rb\n".utf8)) == ["a\rb"])
  }

  @Test func invalidUTF8IsNamedByByteOffsetAndSpoilsNoOtherLine() throws {
    let got = try lines([0x61, 0x0A, 0x65, 0xC3, 0xA9, 0xFF, 0x78, 0x0A, 0x62]).get()
    try #require(got.count == 3)
    #expect(got.map(\.text) == ["a", "eé\u{FFFD}x", "b"])
    #expect(got.map(\.invalidByteOffset) == [nil, 3, nil])
    #expect(got[1].invalidByte == 0xFF)
    #expect(got[1].invalidScalarOffset == 2)
    #expect(got.map(\.number) == [1, 2, 3])
  }

  @Test func noInputIsAnError() {
    #expect(throws: InputError.empty) { try lines([]).get() }
    var closed = LineReader(.closed)
    #expect(throws: InputError.closed) { try closed.next() }
    let fd = open(NSTemporaryDirectory(), O_RDONLY)
    defer { close(fd) }
    var directory = LineReader(.fileDescriptor(fd))
    #expect(throws: InputError.directory) { try directory.next() }
  }

  @Test func aMillionLinesAndNoCap() throws {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4_000_000)
    for i in 0..<1_000_000 { bytes += i % 3 == 0 ? [0x78, 0x0D, 0x0A] : [0x79, 0x0A] }
    var reader = LineReader(.bytes(bytes))
    var count = 0
    var crlf = 0
    while let line = try reader.next() {
      count += 1
      if line.text == "x" { crlf += 1 }
    }
    #expect(count == 1_000_000)
    #expect(crlf == 333_334)
  }

  @Test func aTwoMegabyteLine() throws {
    let long = [UInt8](repeating: 0x61, count: 2_000_000)
    let got = try lines(Array("first\n".utf8) + long + [0x0D, 0x0A, 0x7A]).get()
    #expect(got.map(\.text.utf8.count) == [5, 2_000_000, 1])
  }
}

/// `parse -` keeps the contract: one JSON object per input line, written as it goes.
@Suite struct ParseStandardInputTests {
  let args = ["parse", "--json", "--now", "2026-11-30T10:00", "--tz", "UTC", "--count", "1", "-"]

  @Test func everyLineGetsAnObjectInOrder() throws {
    let input: [UInt8] = Array("every monday\r\n".utf8) + [0xFF, 0x0A] + Array("\nevery day".utf8)
    let r = QuickAddCommand.run(args, input: .bytes(input))
    #expect(r.exitCode == 0)
    let objects = r.stdout.split(separator: "\n").compactMap(object)
    try #require(objects.count == 4)
    #expect(objects.map { $0["input"] as? String } == ["every monday", "\u{FFFD}", "", "every day"])
    #expect(objects.map { $0["ok"] as? Bool } == [true, false, false, true])
    let invalid = try #require(objects[1]["error"] as? [String: Any])
    #expect(invalid["id"] as? String == "IN101")
    #expect(invalid["byteOffset"] as? Int == 0)
    #expect((invalid["message"] as? String)?.contains("byte offset 0") == true)
    #expect((objects[2]["error"] as? [String: Any])?["id"] as? String == "QA101")
  }

  @Test func aTwoMegabyteLineIsOneObject() throws {
    let input = Array("every day\n".utf8) + [UInt8](repeating: 0x61, count: 2_000_000) + Array("\nevery week".utf8)
    let r = QuickAddCommand.run(args, input: .bytes(input))
    let objects = r.stdout.split(separator: "\n").compactMap(object)
    try #require(objects.count == 3)
    #expect(objects.map { $0["ok"] as? Bool } == [true, false, true])
    let error = try #require(objects[1]["error"] as? [String: Any])
    #expect(error["id"] as? String == "QA100")
    #expect(error["range"] as? [Int] == [1_000, 2_000_000])
  }

  @Test func noLineCap() {
    let input = [UInt8](repeating: 0x0A, count: 150_000)
    let r = QuickAddCommand.run(args, input: .bytes(input))
    #expect(r.exitCode == 0)
    #expect(r.stdout.utf8.count { $0 == 0x0A } == 150_000)
  }

  @Test func outputIsWrittenAsItGoes() {
    var flushes = 0
    var largest = 0
    var output = OutputWriter(capacity: 4096) { chunk in
      flushes += 1
      largest = max(largest, chunk.count)
    }
    let input = [UInt8](repeating: 0x0A, count: 20_000)
    let r = QuickAddCommand.run(args, input: .bytes(input), output: &output)
    output.flush()
    #expect(r.exitCode == 0)
    #expect(flushes > 100)
    #expect(largest < 4096 + 1000)
  }

  @Test(arguments: [
    ("closed", ByteSource.closed, "closed"), ("empty", ByteSource.bytes([]), "empty"),
  ])
  func unreadableInputExits66(_ c: (String, ByteSource, String)) {
    let r = QuickAddCommand.run(args, input: c.1)
    #expect(r.exitCode == 66)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("Error: standard input is \(c.2)"))
  }
}
