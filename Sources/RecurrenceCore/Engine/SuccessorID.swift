import Foundation

extension RecurrenceRule {
  /// The id of the task that follows `id` once it is completed and next due at `nextDue`: the
  /// same on every device, platform and release, so two devices completing the same occurrence
  /// offline insert the same row.
  ///
  /// The id is a UUID in version 7 layout (RFC 9562): its 48-bit timestamp is the next due
  /// instant in milliseconds since 1970-01-01T00:00Z (for a floating occurrence, its wall-clock
  /// time read as UTC), taken modulo 2^48; its other 74 bits come from a hash. The hash is
  /// SHA-256 of the UTF-8 bytes of
  ///
  /// ```
  /// quickadd-successor-v1\n<parent id>\n<next due, seconds since the epoch, decimal>
  /// ```
  ///
  /// where the parent id is lower-cased when it is a UUID and used as given otherwise. Digest
  /// bytes 0…9 fill the UUID: byte 6 is `0x70 | (d[0] & 0x0F)`, byte 7 is `d[1]`, byte 8 is
  /// `0x80 | (d[2] & 0x3F)` and bytes 9…15 are `d[3]…d[9]`. Example: parent
  /// `0190b2a4-3c4d-7e8f-9a0b-1c2d3e4f5a6b`, next due 2026-12-01T09:00:00Z, gives
  /// `01a230d5-1280-7c27-849f-68b4f7211f09` (more vectors in the tests).
  ///
  /// - Parameters:
  ///   - id: the completed task's id.
  ///   - nextDue: its next due occurrence.
  public static func successorID(of id: String, nextDue: Occurrence) -> UUID {
    let parent = UUID(uuidString: id).map { $0.uuidString.lowercased() } ?? id
    let seconds = nextDue.timelineSeconds
    let d = SHA256.digest(Array("quickadd-successor-v1\n\(parent)\n\(seconds)".utf8))
    let ms = UInt64(bitPattern: Int64(seconds) &* 1000) & 0xFFFF_FFFF_FFFF
    func t(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: ms >> UInt64(40 - 8 * i)) }
    return UUID(
      uuid: (
        t(0), t(1), t(2), t(3), t(4), t(5), 0x70 | (d[0] & 0x0F), d[1], 0x80 | (d[2] & 0x3F), d[3], d[4], d[5], d[6],
        d[7], d[8], d[9]
      ))
  }
}
