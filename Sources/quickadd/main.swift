import QuickAddCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Standard input is looked at first: if descriptor 0 is closed, a file opened later could take
// its place and must not be read as input.
let input = ByteSource.standardInput()

/// Writes all of `bytes` to a file descriptor; false when a write fails.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let n = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }
}

var output = OutputWriter { bytes in
  if !writeAll(1, bytes) {
    _ = writeAll(2, Array("Error: cannot write standard output\n".utf8))
    exit(74)  // EX_IOERR
  }
}
let result = QuickAddCommand.run(Array(CommandLine.arguments.dropFirst()), input: input, output: &output)
output.flush()
_ = writeAll(2, Array(result.stderr.utf8))
exit(result.exitCode)
