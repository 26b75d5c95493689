import RecurrenceCore

/// What a corpus run exercised: grammar productions, lexicon surface forms, diagnostic IDs.
///
/// A lexicon surface form counts as exercised when its tokens occur, in order, in some case's
/// input (`Tokenizer.tokenize`): a one-word form such as `fri` as a word token, `&` as a
/// punctuation token, `sept.` as the word `sept` then a `.`. The parser is not consulted, so a
/// form the parser reads inside another token (`pm` in `5pm`) counts only when written apart.
public struct CorpusCoverage: Sendable, Hashable {
  /// The productions entered, one bit per `Production.rawValue`.
  var productionBits: UInt64 = 0
  /// Which lexicon surface forms occurred, by index into `CorpusCoverage.surfaces`.
  var surfacesSeen: [Bool] = []
  /// The diagnostic IDs produced.
  var ids: Set<String> = []

  /// Creates an empty tally.
  public init() {}

  /// Adds what one phrase exercised.
  mutating func add(_ phrase: String, _ result: PhraseResult, probe: LexiconProbe) {
    productionBits |= result.productionBits
    for d in result.diagnostics { ids.insert(d.id) }
    if surfacesSeen.isEmpty { surfacesSeen = Array(repeating: false, count: probe.surfaces.count) }
    probe.mark(result.scanned ?? Tokenizer.tokenize(phrase), in: &surfacesSeen)
  }

  /// Adds what one task line exercised.
  mutating func add(taskLine text: String, _ line: TaskLine, probe: LexiconProbe) {
    productionBits |= line.productionBits
    for d in line.diagnostics { ids.insert(d.id) }
    if surfacesSeen.isEmpty { surfacesSeen = Array(repeating: false, count: probe.surfaces.count) }
    probe.mark(Tokenizer.tokenize(text), in: &surfacesSeen)
  }

  /// Adds another tally.
  mutating func merge(_ other: CorpusCoverage) {
    productionBits |= other.productionBits
    ids.formUnion(other.ids)
    if surfacesSeen.isEmpty {
      surfacesSeen = other.surfacesSeen
    } else if !other.surfacesSeen.isEmpty {
      for i in surfacesSeen.indices where other.surfacesSeen[i] { surfacesSeen[i] = true }
    }
  }

  /// Every production, and those no case entered.
  public var productions: (all: [Production], unexercised: [Production]) {
    (Production.allCases, Production.allCases.filter { productionBits & (1 << UInt64($0.rawValue)) == 0 })
  }

  /// Every lexicon surface form (in lexicon order), and those no case's input holds.
  public var surfaces: (all: [String], unexercised: [String]) {
    let all = LexiconProbe.english.surfaces
    return (all, all.indices.filter { !(surfacesSeen.indices.contains($0) && surfacesSeen[$0]) }.map { all[$0] })
  }

  /// Every diagnostic ID (the catalogue's and any other produced), and those no case produced.
  public var diagnosticIDs: (all: [String], unproduced: [String]) {
    let all = Set(ParseDiagnosticCatalog.all).union(ids).sorted()
    return (all, all.filter { !ids.contains($0) })
  }
}

/// The lexicon's surface forms found in a phrase's tokens, in one pass.
///
/// A word or punctuation token is looked up in the lexicon's own hash table (its index is the
/// surface's); the few surfaces of several tokens (`sept.`, `a.m.`) are matched after their
/// first token, found by that token's own index or, when it is no surface itself, by its text.
struct LexiconProbe: Sendable {
  /// The lexicon, whose surface indices the marks use (a surface equal to a token is that token).
  let lexicon: Lexicon
  /// The surface forms, in lexicon order.
  var surfaces: [String] { lexicon.surfaces }
  /// A surface of several tokens: its index and its tokens after the first.
  typealias Longer = (index: Int, rest: [Token.Kind])
  /// Per surface index: the longer surfaces that start with that surface's token.
  let longerAfter: [[Longer]]
  /// The longer surfaces whose first token is no surface itself, by that token's text.
  let longerAfterOther: [String: [Longer]]

  static let english = LexiconProbe(Lexicon.english)

  init(_ lexicon: Lexicon) {
    self.lexicon = lexicon
    var after = [[Longer]](repeating: [], count: lexicon.surfaces.count)
    var other: [String: [Longer]] = [:]
    for (i, s) in lexicon.surfaces.enumerated() {
      let tokens = Tokenizer.tokenize(s)
      guard tokens.count > 1, let first = tokens.first.flatMap(Self.text) else { continue }
      let longer = (i, Array(tokens.dropFirst().map(\.kind)))
      if let start = lexicon.index(of: first) {
        after[start].append(longer)
      } else {
        other[first, default: []].append(longer)
      }
    }
    longerAfter = after
    longerAfterOther = other
  }

  /// The text a word or punctuation token matches a surface by.
  static func text(_ token: Token) -> String? {
    switch token.kind {
    case .word(let w): return w
    case .punctuation(let c): return String(c)
    default: return nil
    }
  }

  /// Marks the surfaces whose tokens occur in `tokens`.
  func mark(_ tokens: [Token], in seen: inout [Bool]) {
    for (i, token) in tokens.enumerated() {
      guard let text = Self.text(token) else { continue }
      let candidates: [Longer]
      if let single = lexicon.index(of: text) {
        seen[single] = true
        candidates = longerAfter[single]
      } else {
        candidates = longerAfterOther[text] ?? []
      }
      for c in candidates where !seen[c.index] {
        if i + c.rest.count < tokens.count,
          c.rest.indices.allSatisfy({ tokens[i + 1 + $0].kind == c.rest[$0] })
        {
          seen[c.index] = true
        }
      }
    }
  }
}
