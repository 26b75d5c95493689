import Foundation
import QuickAddParser
import Testing

@Suite struct GrammarCoverageTests {
  /// The nonterminals defined in `Grammar/quickadd.ebnf` (left-hand sides of `=`).
  static let nonterminals: [String: String] = {
    var out: [String: String] = [:]
    var text = Repository.text("Grammar/quickadd.ebnf")
    // Drop comments.
    while let open = text.range(of: "(*"), let close = text.range(of: "*)", range: open.upperBound..<text.endIndex) {
      text.removeSubrange(open.lowerBound..<close.upperBound)
    }
    var current: String?
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let name = String(trimmed.prefix { !$0.isWhitespace })
      let rest = trimmed.dropFirst(name.count).drop { $0.isWhitespace }
      if trimmed.first?.isUppercase == true, rest.hasPrefix("= ") {
        out[name] = name + " " + rest
        current = name
      } else if let c = current, !trimmed.isEmpty {
        out[c, default: ""] += " " + trimmed
      }
    }
    return out
  }()

  @Test func grammarAndParserHaveTheSameProductions() {
    #expect(!Self.nonterminals.isEmpty)
    #expect(Set(Self.nonterminals.keys) == Set(Production.allCases.map(\.name)))
  }

  /// Each parse function's doc comment quotes its production word for word.
  @Test func docCommentsQuoteTheGrammar() throws {
    let folder = Repository.root.appendingPathComponent("Sources/QuickAddParser")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Parser") }
    let source = files.map { Repository.text("Sources/QuickAddParser/" + $0) }.joined(separator: "\n")
    // Doc comment blocks: consecutive '///' lines joined, whitespace folded.
    let docs = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .map { $0.hasPrefix("///") ? String($0.dropFirst(3)) : "\u{0}" }.joined(separator: " ")
    let folded = docs.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for (name, production) in Self.nonterminals {
      let want = production.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(folded.contains(want), "parse\(name)() does not quote: \(want)")
      #expect(source.contains("func parse\(name)("), "no parse\(name)()")
    }
  }
}

@Suite struct LexiconSyncTests {
  @Test func compiledLexiconEqualsTheFile() {
    let rows = Repository.text("Grammar/lexicon/en.tsv").split(separator: "\n")
      .filter { !$0.hasPrefix("#") && !$0.isEmpty }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let compiled = Lexicon.englishRows.map { [$0.surface, $0.word.rawValue, $0.value] }
    #expect(rows.count > 200)
    #expect(rows == compiled)
  }

  @Test func everyClassIsUsed() {
    let used = Set(Lexicon.englishRows.map(\.word))
    #expect(used == Set(WordClass.allCases))
  }
}
