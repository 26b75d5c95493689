/// A source of bytes that a `CSVReader` reads one chunk at a time.
///
/// The reader holds one chunk and the record being read, never the whole input, so a source
/// should hand out chunks of a bounded size (`CSVLimits.chunkSize` by default).
public protocol CSVByteSource {
  /// The next chunk of bytes, or `nil` at the end of the input.
  ///
  /// An empty chunk is allowed and simply skipped.
  /// - Throws: `CSVSourceError` when the bytes cannot be read; the reader reports it for the
  ///   record being read and stops.
  mutating func nextChunk() throws(CSVSourceError) -> [UInt8]?
}

/// Why a byte source could not be read (an I/O failure, for instance).
public struct CSVSourceError: Error, Sendable, Hashable {
  /// What went wrong, in lower case.
  public var message: String

  /// Creates an error with its message.
  public init(message: String) { self.message = message }
}

/// The limits that keep the reader's memory bounded whatever the input.
public enum CSVLimits {
  /// The longest field in bytes (256 KiB); a longer one is an error for its record.
  public static let maximumFieldBytes = 256 * 1024
  /// The most fields in one record; more is an error for that record.
  public static let maximumFieldsPerRecord = 4_096
  /// The size of the chunks the built-in sources hand out (64 KiB).
  public static let chunkSize = 64 * 1024
}
