import RecurrenceCore

/// A token of a phrase: its shape and where it sits in the input.
public struct Token: Sendable, Hashable {
  /// The shapes the tokenizer knows; it knows no vocabulary.
  public enum Kind: Sendable, Hashable {
    /// Letters (and inner apostrophes), lower-cased: `every`, `fri`, `o'clock`.
    case word(String)
    /// Digits: `27`.
    case number(Int)
    /// Digits with an ordinal suffix: `3rd`, `27th`.
    case ordinal(Int)
    /// A clock time: `17:30`, `5pm`, `9:30am`, `7.30` (hour, minute, and `true` for pm,
    /// `false` for am, nil when no meridiem was written).
    case clock(hour: Int, minute: Int, pm: Bool?)
    /// An ISO date: `2027-03-01`.
    case isoDate(CivilDate)
    /// A numeric date, `6/15` or `15/6/2027`: the two numbers as written (which is the month
    /// depends on the date order) and the year when given (two digits are 20xx); `dayFirst`
    /// when written with dots (`25.12.`, `1.3.2027`), which put the day first whatever the order.
    case numericDate(Int, Int, year: Int?, dayFirst: Bool = false)
    /// Any other visible character: `,`, `!`, `.`, `@`, `&`, `/`.
    case punctuation(Character)
  }

  /// The shape.
  public var kind: Kind
  /// The characters it covers in the input.
  public var range: SourceRange

  /// Creates a token.
  public init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  /// Whether the token is a clock time (`5pm`, `17:30`).
  var isClock: Bool {
    if case .clock = kind { return true }
    return false
  }

  /// Whether the token is a number in digits (`27`).
  var isNumber: Bool {
    if case .number = kind { return true }
    return false
  }

  /// Whether the token is digits with an ordinal suffix (`3rd`).
  var isOrdinal: Bool {
    if case .ordinal = kind { return true }
    return false
  }

  /// Whether the token is a numeric date (`6/15`).
  var isNumericDate: Bool {
    if case .numericDate = kind { return true }
    return false
  }

  /// Whether the token is a number or an ordinal (`10`, `10th`).
  var isDayNumber: Bool {
    switch kind {
    case .number, .ordinal: true
    default: false
    }
  }

  /// The word, if the token is one.
  public var word: String? {
    if case .word(let w) = kind { return w }
    return nil
  }

  /// Whether the token is the punctuation character `c`.
  public func isPunctuation(_ c: Character) -> Bool {
    if case .punctuation(let p) = kind { return p == c }
    return false
  }
}
