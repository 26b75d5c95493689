import Dispatch
import Foundation

/// An ordered parallel map: threads take small chunks of indices in turn until none are left.
///
/// Each result is written at its own index, so the output does not depend on the number of
/// threads or on which finishes first; a thread the system holds back leaves its share to the
/// others instead of making them wait. Each thread has its own `local` state (a
/// thread's own), returned for the caller to merge.
enum ParallelMap {
  /// The fewest items worth a thread of their own, and the smallest chunk.
  static let minimumChunk = 256

  /// `body(i, &local)` for every `i` in `0..<count`, on up to `jobs` threads.
  static func run<T, Local>(
    count: Int, jobs: Int, local: () -> Local, _ body: (Int, inout Local) -> T
  ) -> ([T], [Local]) {
    let threads = max(1, min(jobs, count / minimumChunk))
    if threads == 1 {
      var state = local()
      let out = (0..<count).map { body($0, &state) }
      return (out, [state])
    }
    let chunk = max(minimumChunk, min(4_096, count / (threads * 32)))
    let chunks = (count + chunk - 1) / chunk
    // One state per thread, each made apart (so no two threads share what a state holds).
    var locals = (0..<threads).map { _ in local() }
    let next = ChunkCounter()
    // Results are built in place: every index is initialized exactly once, by one thread.
    let out = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      withoutActuallyEscaping(body) { body in
        locals.withUnsafeMutableBufferPointer { states in
          let shared = Shared((body, base, states))
          DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let (body, base, states) = shared.value
            var state = states[thread]
            while let c = next.take(below: chunks) {
              for i in (c * chunk)..<min(count, (c + 1) * chunk) { (base + i).initialize(to: body(i, &state)) }
            }
            states[thread] = state
          }
        }
      }
      initialized = count
    }
    return (out, locals)
  }

  /// The next chunk to take, shared by the threads.
  final class ChunkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    /// The next chunk index below `limit`, or nil when all are taken.
    func take(below limit: Int) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard next < limit else { return nil }
      next += 1
      return next - 1
    }
  }

  /// A value the threads share; each thread writes only its own chunks' slots and its own state.
  struct Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }
}
