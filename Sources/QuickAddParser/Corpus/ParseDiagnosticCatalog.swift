/// Every diagnostic ID the phrase parser and resolver can give, for coverage reports.
///
/// The IDs are written in `ParseDiagnostics.swift` as literals next to their wording; this list
/// repeats them because Swift cannot enumerate static functions. A test reads that file and fails,
/// naming the ID, when an ID there is missing here, so a new diagnostic cannot go unlisted. The
/// corpus coverage report also counts any ID a case produces that this list lacks.
public enum ParseDiagnosticCatalog {
  /// The error IDs: syntax (`QA1xx`) and meaning (`QA3xx`).
  public static let errors = [
    "QA100", "QA101", "QA102", "QA103", "QA104", "QA105", "QA106", "QA301", "QA302", "QA303", "QA304", "QA305", "QA306",
  ]
  /// The warning IDs (`QA2xx`): a reading was chosen where another exists.
  public static let warnings = [
    "QA201", "QA202", "QA203", "QA204", "QA205", "QA206", "QA207", "QA208", "QA209", "QA210", "QA211", "QA212", "QA213",
    "QA214", "QA215", "QA216", "QA217", "QA218",
  ]
  /// The task-line IDs (`QA4xx`): QA400 is an error, the rest are warnings.
  public static let taskLine = [
    "QA400", "QA401", "QA402", "QA403", "QA404", "QA405", "QA406", "QA407", "QA408", "QA409", "QA410", "QA411", "QA412",
  ]
  /// Every ID, sorted.
  public static var all: [String] { (errors + warnings + taskLine).sorted() }
}
