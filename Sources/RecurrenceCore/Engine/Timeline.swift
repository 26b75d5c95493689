/// Where occurrences are placed: a zone (instants) or the floating wall clock.
///
/// Every comparison in the engine happens on one integer timeline: UTC seconds for a zoned
/// rule, local seconds for a floating one.
@usableFromInline
struct Timeline: Sendable {
  let zone: Zone?
  /// The zone's table without reference counting on the hot path; `zone` keeps it alive.
  let table: Unmanaged<ZoneTable>?

  init(zone: Zone?) {
    self.zone = zone
    self.table = zone.map { Unmanaged.passUnretained($0.table) }
  }

  /// Places a wall-clock time on the timeline with the DST policy of `Zone.resolve`.
  @inline(__always)
  func place(localSeconds: Int) -> Occurrence {
    guard let table else {
      return Occurrence(localSeconds: localSeconds, utcOffset: nil)
    }
    let (instant, offset) = table._withUnsafeGuaranteedRef { $0.resolve(localSeconds: localSeconds) }
    return Occurrence(localSeconds: instant + offset, utcOffset: offset)
  }

  /// The timeline position of a wall-clock time.
  @inline(__always)
  func seconds(localSeconds: Int) -> Int {
    guard let table else { return localSeconds }
    return table._withUnsafeGuaranteedRef { $0.resolve(localSeconds: localSeconds).instant }
  }

  /// The occurrence at a timeline position.
  @inline(__always)
  func occurrence(atTimeline t: Int) -> Occurrence {
    guard let table else { return Occurrence(localSeconds: t, utcOffset: nil) }
    let offset = table._withUnsafeGuaranteedRef { $0.offset(atInstant: t) }
    return Occurrence(localSeconds: t + offset, utcOffset: offset)
  }
}
