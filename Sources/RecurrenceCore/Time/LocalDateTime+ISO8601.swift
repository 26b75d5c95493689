extension LocalDateTime {
  /// Reads an ISO 8601 date or date-time: `2026-11-30`, `2026-11-30T10:00`, `2026-11-30T10:00:30`,
  /// with an optional `Z` or `±HH:MM` offset (returned apart: the date-time is the wall clock as
  /// written).
  ///
  /// - Returns: the wall-clock date-time and the offset in seconds, or nil when the text is not
  ///   such a date-time or names no real date.
  public static func parseISO8601(_ text: String) -> (local: LocalDateTime, offset: Int?)? {
    let c = Array(text.utf8)
    func num(_ a: Int, _ n: Int) -> Int? {
      guard a + n <= c.count else { return nil }
      var v = 0
      for b in c[a..<(a + n)] {
        guard b >= 48, b <= 57 else { return nil }
        v = v * 10 + Int(b - 48)
      }
      return v
    }
    guard c.count >= 10, c.count <= 32, let y = num(0, 4), c[4] == 45, let mo = num(5, 2), c[7] == 45, let d = num(8, 2)
    else { return nil }
    let date = CivilDate(year: y, month: mo, day: d)
    guard date.isValid else { return nil }
    if c.count == 10 { return (LocalDateTime(date: date), nil) }
    guard c[10] == 84 || c[10] == 116 || c[10] == 32, let h = num(11, 2), c.count >= 16, c[13] == 58,
      let mi = num(14, 2),
      h < 24, mi < 60
    else { return nil }
    var i = 16
    var s = 0
    if i < c.count, c[i] == 58 {
      guard let sec = num(17, 2), sec < 60 else { return nil }
      s = sec
      i = 19
    }
    let local = LocalDateTime(date: date, hour: h, minute: mi, second: s)
    if i == c.count { return (local, nil) }
    if c[i] == 90 || c[i] == 122, i + 1 == c.count { return (local, 0) }
    guard c[i] == 43 || c[i] == 45, let oh = num(i + 1, 2), i + 6 == c.count, c[i + 3] == 58, let om = num(i + 4, 2)
    else { return nil }
    let offset = (oh * 3600 + om * 60) * (c[i] == 45 ? -1 : 1)
    return (local, offset)
  }
}
