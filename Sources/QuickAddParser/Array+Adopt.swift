extension Array {
  /// Appends `other`, taking its buffer when this array is empty (the usual first clause), so a
  /// clause's list is not copied into a new one.
  @inline(__always) mutating func adopt(_ other: [Element]) {
    if isEmpty { self = other } else if !other.isEmpty { self += other }
  }
}
