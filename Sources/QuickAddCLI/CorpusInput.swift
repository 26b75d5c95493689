import Foundation
import QuickAddParser

/// The files a `corpus` command line names: folders are searched for `*.txt`, in sorted order.
enum CorpusInput {
  /// `sysexits.h` EX_NOINPUT: an input file did not exist or was not readable.
  static let cannotOpenInput: Int32 = 66

  /// The sources of `paths`, and the paths that do not exist.
  static func sources(_ paths: [String], folderFiles: Bool = true) -> (sources: [CorpusSuite.Source], missing: [String])
  {
    var sources: [CorpusSuite.Source] = []
    var missing: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        missing.append(path)
        continue
      }
      if isDirectory.boolValue, folderFiles {
        let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
        for name in found.filter({ $0.hasSuffix(".txt") }).sorted() {
          sources.append(read((path as NSString).appendingPathComponent(name)))
        }
      } else {
        sources.append(read(path))
      }
    }
    return (sources, missing)
  }

  /// One file's text, or why it cannot be read (permissions, a folder, bytes that are not UTF-8).
  static func read(_ path: String) -> CorpusSuite.Source {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      return CorpusSuite.Source(name: path, unreadable: "it is a folder")
    }
    guard FileManager.default.isReadableFile(atPath: path), let data = FileManager.default.contents(atPath: path)
    else {
      return CorpusSuite.Source(name: path, unreadable: "permission denied or not a regular file")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      return CorpusSuite.Source(name: path, unreadable: "it is not UTF-8 text")
    }
    return CorpusSuite.Source(name: path, text: text)
  }
}
