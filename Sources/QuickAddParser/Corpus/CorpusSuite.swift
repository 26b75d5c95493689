import RecurrenceCore

/// Which cases a run takes: by file, by `##` section, by phrase text.
public struct CorpusFilter: Sendable, Hashable {
  /// Keep files whose path contains one of these; all files when empty.
  public var files: [String]
  /// Keep sections whose title contains one of these (ignoring case); all sections when empty.
  public var sections: [String]
  /// Keep phrases that contain this (ignoring case); all phrases when nil.
  public var grep: String?

  /// Creates a filter; with no arguments it keeps everything.
  public init(files: [String] = [], sections: [String] = [], grep: String? = nil) {
    self.files = files
    self.sections = sections.map { $0.lowercased() }
    self.grep = grep?.lowercased()
  }

  /// Whether the filter may leave cases out.
  public var isActive: Bool { !files.isEmpty || !sections.isEmpty || grep != nil }

  /// Whether a file is kept.
  public func admits(file: String) -> Bool { files.isEmpty || files.contains { file.contains($0) } }

  /// Whether a case is kept.
  public func admits(_ c: CorpusCase) -> Bool {
    guard admits(file: c.file) else { return false }
    if !sections.isEmpty {
      let title = c.section.lowercased()
      guard sections.contains(where: { title.contains($0) }) else { return false }
    }
    if let grep, !c.phrase.lowercased().contains(grep) { return false }
    return true
  }
}

/// A whole corpus run: read the files, keep what the filter admits, run it on every core.
public enum CorpusSuite {
  /// One corpus file as the caller found it: its text, or why it could not be read.
  public struct Source: Sendable, Hashable {
    /// The path, as reports name it.
    public var name: String
    /// The text; nil when the file could not be read.
    public var text: String?
    /// Why the file could not be read.
    public var error: String

    /// A file that was read.
    public init(name: String, text: String) {
      self.name = name
      self.text = text
      self.error = ""
    }

    /// A file that could not be read, and why.
    public init(name: String, unreadable error: String) {
      self.name = name
      self.text = nil
      self.error = error
    }
  }

  /// Reads, filters and runs `sources`.
  ///
  /// - Parameters:
  ///   - raw: read each file as a phrase list (one phrase a line, no annotations).
  ///   - jobs: threads to run on; the report is the same for any number.
  /// - Returns: the report; coverage is left out when the filter is active.
  public static func run(_ sources: [Source], raw: Bool = false, filter: CorpusFilter = CorpusFilter(), jobs: Int)
    -> CorpusReport
  {
    var cases: [CorpusCase] = []
    var problems: [CorpusFormatError] = []
    var files: [String] = []
    for source in sources where filter.admits(file: source.name) {
      files.append(source.name)
      guard let text = source.text else {
        problems.append(
          CorpusFormatError(
            file: source.name, line: 0, column: 0, id: CorpusFormatError.ID.unreadable,
            message: "cannot read the file: \(source.error)"))
        continue
      }
      let read =
        raw
        ? CorpusFile(cases: CorpusReader.raw(text, file: source.name), problems: [])
        : CorpusReader.read(text, file: source.name, jobs: jobs)
      // The first file's cases are taken as they are: appending would copy (and retain) each.
      if cases.isEmpty { cases = read.cases } else { cases += read.cases }
      problems += read.problems
    }
    if filter.isActive { cases = cases.filter(filter.admits) }
    let (outcomes, coverage) = CorpusRunner.run(cases, jobs: jobs)
    return CorpusReport(
      outcomes: outcomes, problems: problems, coverage: filter.isActive ? nil : coverage, files: files)
  }
}
