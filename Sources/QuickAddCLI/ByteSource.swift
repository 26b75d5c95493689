#if canImport(Glibc)
  import Glibc

  /// `read(2)`.
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin

  /// `read(2)`.
  private let systemRead = Darwin.read
#endif

/// Where a command reads the bytes of `-` from: a file descriptor (standard input), bytes in
/// memory (tests), or nothing at all (standard input closed).
public struct ByteSource: Sendable {
  enum Kind: Sendable {
    case fileDescriptor(Int32)
    case bytes([UInt8])
    case closed
  }

  var kind: Kind
  /// How far `bytes` has been read.
  var position = 0
  /// Whether a read has returned any bytes yet.
  public private(set) var sawBytes = false

  /// Reads from an open file descriptor, such as 0 for standard input.
  public static func fileDescriptor(_ fd: Int32) -> ByteSource { ByteSource(kind: .fileDescriptor(fd)) }

  /// Reads the given bytes.
  public static func bytes(_ bytes: [UInt8]) -> ByteSource { ByteSource(kind: .bytes(bytes)) }

  /// A source that was closed before the program started (`quickadd parse - <&-`).
  public static let closed = ByteSource(kind: .closed)

  /// Standard input of this process: closed when descriptor 0 is not open.
  ///
  /// Call it before anything else opens a file: a program started with descriptor 0 closed gets
  /// its first opened file there, which must not be read as input.
  public static func standardInput() -> ByteSource {
    fcntl(0, F_GETFD) == -1 ? .closed : .fileDescriptor(0)
  }

  /// Reads up to `buffer.count` bytes into `buffer`.
  ///
  /// - Returns: how many bytes were read; 0 at the end of the input.
  /// - Throws: `InputError` when the input is closed, a directory or cannot be read.
  public mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(InputError) -> Int {
    let n: Int
    switch kind {
    case .closed:
      throw InputError.closed
    case .bytes(let all):
      n = min(buffer.count, all.count - position)
      if n > 0 {
        all.withUnsafeBufferPointer { source in
          for i in 0..<n { buffer[i] = source[position + i] }
        }
      }
      position += n
    case .fileDescriptor(let fd):
      var got: Int
      repeat {
        got = systemRead(fd, buffer.baseAddress, buffer.count)
      } while got < 0 && errno == EINTR
      if got < 0 { throw InputError(errno: errno) }
      n = got
    }
    if n > 0 { sawBytes = true }
    return n
  }
}

/// Why standard input could not be read: it is closed, empty, a directory, or a read failed.
///
/// Each exits with `ExitStatus.noInput` (66) and a message on standard error.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Descriptor 0 is not open.
  case closed
  /// The input holds no bytes at all.
  case empty
  /// The input is a directory.
  case directory
  /// A read failed; the system's reason.
  case unreadable(String)

  init(errno code: Int32) {
    switch code {
    case EBADF: self = .closed
    case EISDIR: self = .directory
    default: self = .unreadable(String(cString: strerror(code)))
    }
  }

  /// The message for standard error.
  public var description: String {
    switch self {
    case .closed: return "standard input is closed; give phrases one a line on standard input"
    case .empty: return "standard input is empty; give phrases one a line on standard input"
    case .directory: return "standard input is a directory, not a file of phrases"
    case .unreadable(let reason): return "cannot read standard input: \(reason)"
    }
  }
}
