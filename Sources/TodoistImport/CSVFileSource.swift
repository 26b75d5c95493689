import Foundation

/// An open file read in chunks of `CSVLimits.chunkSize` bytes, so memory does not grow with it.
public struct CSVFileSource: CSVByteSource, Sendable {
  /// The open file; the source reads from its current offset and does not close it.
  public let handle: FileHandle
  /// How many bytes each read asks for (at least 1).
  public let chunkSize: Int

  /// Reads `handle` from its current offset in chunks of `chunkSize` bytes.
  public init(handle: FileHandle, chunkSize: Int = CSVLimits.chunkSize) {
    self.handle = handle
    self.chunkSize = max(1, chunkSize)
  }

  /// Opens the file at `path` for reading, or returns `nil` when it cannot be opened.
  public init?(path: String, chunkSize: Int = CSVLimits.chunkSize) {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    self.init(handle: handle, chunkSize: chunkSize)
  }

  /// The next chunk of the file, or `nil` at its end.
  public mutating func nextChunk() throws(CSVSourceError) -> [UInt8]? {
    let data: Data?
    do {
      data = try handle.read(upToCount: chunkSize)
    } catch {
      throw CSVSourceError(message: "the file cannot be read: \(error.localizedDescription)")
    }
    guard let data, !data.isEmpty else { return nil }
    return [UInt8](data)
  }
}
