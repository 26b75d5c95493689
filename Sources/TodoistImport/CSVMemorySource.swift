/// Bytes in memory, handed out in chunks: for tests and small inputs.
public struct CSVMemorySource: CSVByteSource, Sendable, Hashable {
  /// All the bytes.
  public let bytes: [UInt8]
  /// How many bytes each chunk holds (at least 1).
  public let chunkSize: Int
  /// How far the bytes have been handed out.
  public private(set) var position = 0

  /// Reads `bytes` in chunks of `chunkSize` bytes.
  public init(_ bytes: [UInt8], chunkSize: Int = CSVLimits.chunkSize) {
    self.bytes = bytes
    self.chunkSize = max(1, chunkSize)
  }

  /// Reads the UTF-8 bytes of `text` in chunks of `chunkSize` bytes.
  public init(_ text: String, chunkSize: Int = CSVLimits.chunkSize) {
    self.init(Array(text.utf8), chunkSize: chunkSize)
  }

  /// The next `chunkSize` bytes, or `nil` when all were handed out.
  public mutating func nextChunk() throws(CSVSourceError) -> [UInt8]? {
    guard position < bytes.count else { return nil }
    let end = min(bytes.count, position + chunkSize)
    defer { position = end }
    return Array(bytes[position..<end])
  }
}
