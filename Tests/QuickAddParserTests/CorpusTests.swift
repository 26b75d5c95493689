import Foundation
import QuickAddParser
import RecurrenceCore
import Testing

/// Where the repository's `Grammar/` and `Corpus/` are, found from this file's path.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func text(_ relative: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)) ?? ""
  }

  /// Every corpus case (phrases and, under `quickadd/`, task lines), each named `file:line`.
  static let corpus: [CorpusCase] = {
    let folder = root.appendingPathComponent("Corpus/en")
    let files = ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).filter {
      $0.hasSuffix(".txt")
    }
    return files.sorted().flatMap { name in
      (try? CorpusReader.cases(in: text("Corpus/en/" + name), file: "Corpus/en/" + name)) ?? []
    }
  }()
}

extension CorpusCase: CustomTestStringConvertible {
  /// `file:line phrase`, so a failing case points at its corpus line.
  public var testDescription: String { "\(file):\(line) \(phrase)" }
}

@Suite struct CorpusTests {
  @Test func corpusIsLargeAndDistinct() {
    #expect(Repository.corpus.count >= 500)
    #expect(Set(Repository.corpus.map(\.phrase)).count >= 500)
  }

  @Test(arguments: Repository.corpus)
  func reading(_ c: CorpusCase) {
    let outcome = CorpusRunner.run(c)
    #expect(outcome.failure == nil, "\(c.file):\(c.line): \(outcome.failure ?? "")")
  }

  @Test func everyProductionIsExercised() {
    var seen = Set<Production>()
    for c in Repository.corpus { seen.formUnion(CorpusRunner.run(c).productions) }
    #expect(Set(Production.allCases).subtracting(seen).isEmpty)
  }
}
