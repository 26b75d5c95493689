/// Standard output, written as it goes: bytes gather in a buffer that is handed to a sink each
/// time it fills, so a command streaming a million lines holds one buffer, not its whole output.
public struct OutputWriter {
  /// The bytes not yet handed to the sink.
  var buffer: [UInt8] = []
  /// How many bytes gather before a flush.
  let capacity: Int
  /// Receives each full buffer, in order.
  let sink: ([UInt8]) -> Void

  /// Creates a writer that hands `sink` about `capacity` bytes at a time.
  public init(capacity: Int = 1 << 16, sink: @escaping ([UInt8]) -> Void) {
    self.capacity = capacity
    self.sink = sink
    buffer.reserveCapacity(capacity + 4096)
  }

  /// Appends text.
  public mutating func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= capacity { flush() }
  }

  /// Appends bytes a command built itself (the JSON lines of `parse -`).
  mutating func write(bytes: inout [UInt8]) {
    buffer.append(contentsOf: bytes)
    bytes.removeAll(keepingCapacity: true)
    if buffer.count >= capacity { flush() }
  }

  /// Hands whatever is buffered to the sink.
  public mutating func flush() {
    guard !buffer.isEmpty else { return }
    sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
