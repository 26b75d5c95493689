import Foundation
import Testing

@testable import RecurrenceCore

/// Successor ids: the SHA-256 they rest on, the committed vectors (computed independently with
/// Python's hashlib and uuid from the documented recipe), and the UUID version 7 layout.
@Suite struct SuccessorIDTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func sha256MatchesTheStandardVectors(_ pair: (String, String)) {
    let hex = SHA256.digest(Array(pair.0.utf8)).map { String(format: "%02x", $0) }.joined()
    #expect(hex == pair.1)
  }

  /// (parent id, next due instant in seconds, expected id).
  static let vectors: [(String, Int, String)] = [
    ("0190b2a4-3c4d-7e8f-9a0b-1c2d3e4f5a6b", 1_796_115_600, "01a230d5-1280-7c27-849f-68b4f7211f09"),
    ("0190B2A4-3C4D-7E8F-9A0B-1C2D3E4F5A6B", 1_796_115_600, "01a230d5-1280-7c27-849f-68b4f7211f09"),
    ("task-42", 1_796_133_600, "01a231e7-bb00-7c10-b91b-f801d3fe31c7"),
    ("task-42", 1_796_220_000, "01a2370e-1700-78e1-a196-4882d5043bb9"),
    ("", -1, "ffffffff-fc18-70a1-971e-1ca651ac5653"),
  ]

  @Test func matchesTheCommittedVectors() {
    for (parent, seconds, expected) in Self.vectors {
      let due = Occurrence(localSeconds: seconds, utcOffset: 0)
      #expect(RecurrenceRule.successorID(of: parent, nextDue: due).uuidString.lowercased() == expected)
    }
  }

  @Test func layoutIsVersion7WithTheDueInstantAsTimestamp() {
    // 2026-12-01T09:00-05:00 is 14:00Z: the offset does not change the instant.
    let due = Occurrence(localSeconds: 1_796_133_600 - 5 * 3600, utcOffset: -5 * 3600)
    let id = RecurrenceRule.successorID(of: "task-42", nextDue: due)
    let b = id.uuid
    #expect(id.uuidString.lowercased() == "01a231e7-bb00-7c10-b91b-f801d3fe31c7")
    let ms = [b.0, b.1, b.2, b.3, b.4, b.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    #expect(ms == 1_796_133_600_000)
    #expect(b.6 >> 4 == 7)
    #expect(b.8 >> 6 == 0b10)
    #expect(id != RecurrenceRule.successorID(of: "task-43", nextDue: due))
  }
}
