/// Time zones as people write them after a time: `9am EST`, `at 22:00 UTC`, `3pm pacific`.
extension Lexicon {
  /// A zone word: the IANA zone it names and the name the canonical text writes for it.
  struct ZoneWord: Sendable, Hashable {
    /// The IANA identifier.
    let identifier: String
    /// The name canonical text writes (`ET`).
    let canonical: String
  }

  /// Zone words, lower-cased, and the zones they name. A standard or daylight abbreviation names
  /// the place's clock, as people use them (`9am EST` in July is 09:00 in New York, not 10:00);
  /// `GMT` is UTC. `IST` is India's (QA217 names Israel's and Ireland's).
  static let zoneWords: [String: ZoneWord] = {
    var words: [String: ZoneWord] = [:]
    for row in zoneTable {
      for form in row.forms { words[form] = ZoneWord(identifier: row.identifier, canonical: row.canonical) }
    }
    return words
  }()

  /// The zone words by zone, one row a zone; places (`london`) name it only before `time`
  /// (`zonePlaces`).
  static let zoneTable: [(forms: [String], identifier: String, canonical: String)] = [
    (["utc", "gmt", "zulu"], "UTC", "UTC"),
    (["et", "est", "edt", "eastern"], "America/New_York", "ET"),
    (["ct", "cst", "cdt", "central"], "America/Chicago", "CT"),
    (["mt", "mst", "mdt", "mountain"], "America/Denver", "MT"),
    (["pt", "pst", "pdt", "pacific"], "America/Los_Angeles", "PT"),
    (["akst", "akdt", "akt", "alaska"], "America/Anchorage", "AKT"),
    (["hst", "hawaii"], "Pacific/Honolulu", "HST"),
    (["bst", "uk", "london"], "Europe/London", "UK time"),
    (["cet", "cest", "berlin"], "Europe/Berlin", "CET"),
    (["eet", "eest"], "Europe/Athens", "EET"),
    (["msk"], "Europe/Moscow", "MSK"),
    (["ist", "india"], "Asia/Kolkata", "India time"),
    (["sgt", "singapore"], "Asia/Singapore", "SGT"),
    (["hkt"], "Asia/Hong_Kong", "HKT"),
    (["jst", "tokyo"], "Asia/Tokyo", "JST"),
    (["kst"], "Asia/Seoul", "KST"),
    (["aest", "aedt", "aet", "sydney"], "Australia/Sydney", "AET"),
    (["awst"], "Australia/Perth", "AWST"),
    (["nzst", "nzdt", "nzt"], "Pacific/Auckland", "NZT"),
    (["wat"], "Africa/Lagos", "WAT"),
    (["paris"], "Europe/Paris", "Paris time"),
    (["dubai"], "Asia/Dubai", "Dubai time"),
  ]

  /// Zone words that are also ordinary words before a noun: they name a zone only with `time`
  /// after them or ending the phrase's part (`9am eastern time`, `3pm pacific`; `6am central
  /// park`).
  static let zoneWordsNeedingTime: Set<String> = [
    "eastern", "central", "mountain", "pacific", "alaska", "hawaii", "uk", "zulu",
  ]

  /// Places that name a zone only with `time` after them (`3pm London time`).
  static let zonePlaces: Set<String> = ["london", "paris", "berlin", "india", "tokyo", "sydney", "singapore", "dubai"]

  /// Two-letter zone words a task line leaves alone (`Gym 6am PT`: personal training).
  static let twoLetterZones: Set<String> = ["et", "ct", "mt", "pt"]

  /// The zone of a fixed offset from UTC (`UTC+2`, `GMT-5`): up to 14 hours east and 12 west,
  /// as the zone database has them.
  static func offsetZone(hours: Int, east: Bool) -> ZoneWord? {
    guard hours >= 0, hours <= (east ? 14 : 12) else { return nil }
    if hours == 0 { return zoneWords["utc"] }
    // IANA's Etc zones count the other way: Etc/GMT-2 is two hours east of UTC.
    return ZoneWord(identifier: "Etc/GMT\(east ? "-" : "+")\(hours)", canonical: "UTC\(east ? "+" : "-")\(hours)")
  }

  /// The name canonical text writes for zone `identifier`, or nil when no zone word names it.
  static func canonicalZoneName(_ identifier: String) -> String? {
    if identifier.hasPrefix("Etc/GMT"), let hours = Int(identifier.dropFirst(8)), identifier.count > 8 {
      let sign = identifier.dropFirst(7).first
      return sign == "-" ? "UTC+\(hours)" : sign == "+" ? "UTC-\(hours)" : nil
    }
    return canonicalZoneNames[identifier]
  }

  /// Zone identifiers and the names canonical text writes for them.
  static let canonicalZoneNames: [String: String] = Dictionary(
    uniqueKeysWithValues: zoneTable.map { ($0.identifier, $0.canonical) })
}
