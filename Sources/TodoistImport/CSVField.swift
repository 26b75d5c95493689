/// One field of a CSV record: its text and where it starts.
public struct CSVField: Sendable, Hashable {
  /// The text, with the quotes of a quoted field removed and doubled quotes made single.
  ///
  /// Line ends inside a quoted field are kept as written (LF or CRLF).
  public var value: String
  /// Where the field starts: its opening quote when it is quoted, else its first character
  /// (or, for an empty field, the separator or line end after it).
  public var position: CSVPosition
  /// Whether the field was written in quotes; its text then starts one column after `position`.
  public var isQuoted: Bool

  /// Creates a field.
  public init(value: String, position: CSVPosition, isQuoted: Bool = false) {
    self.value = value
    self.position = position
    self.isQuoted = isQuoted
  }
}
