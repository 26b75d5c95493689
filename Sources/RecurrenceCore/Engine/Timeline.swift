/// Where occurrences are placed: a zone (instants) or the floating wall clock.
///
/// Every comparison in the engine happens on one integer timeline: UTC seconds for a zoned
/// rule, local seconds for a floating one.
@usableFromInline
struct Timeline: Sendable {
  let zone: Zone?

  /// Places a wall-clock time on the timeline with the DST policy of `Zone.resolve`.
  @inline(__always)
  func place(localSeconds: Int) -> Occurrence {
    guard let zone else {
      return Occurrence(local: LocalDateTime(localSeconds: localSeconds), utcOffset: nil)
    }
    let (instant, offset) = zone.resolve(localSeconds: localSeconds)
    return Occurrence(local: LocalDateTime(localSeconds: instant + offset), utcOffset: offset)
  }

  /// The timeline position of a wall-clock time.
  @inline(__always)
  func seconds(localSeconds: Int) -> Int {
    guard let zone else { return localSeconds }
    return zone.resolve(localSeconds: localSeconds).instant
  }

  /// The occurrence at a timeline position.
  @inline(__always)
  func occurrence(atTimeline t: Int) -> Occurrence {
    guard let zone else { return Occurrence(local: LocalDateTime(localSeconds: t), utcOffset: nil) }
    let offset = zone.offset(atInstant: t)
    return Occurrence(local: LocalDateTime(localSeconds: t + offset), utcOffset: offset)
  }
}
