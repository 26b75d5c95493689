import QuickAddParser
import RecurrenceCore
import TodoistImport

/// An imported task as one JSON object (the keys importers rely on, in this order): id,
/// parent_id, section, title, description, priority, labels, due, duration, deadline, assignee,
/// author, notes, source, warnings, extra.
enum ImportReport {
  static func appendJSON(
    _ t: ImportedTask, context: Context, dues: inout [String: [UInt8]], to out: inout [UInt8]
  ) {
    func key(_ name: String, first: Bool = false) {
      out.append(contentsOf: (first ? "{\"" : ", \"").utf8)
      out.append(contentsOf: name.utf8)
      out.append(contentsOf: "\": ".utf8)
    }
    key("id", first: true)
    JSONBytes.appendString(t.id, to: &out)
    key("parent_id")
    RuleReport.appendOptional(t.parentID, to: &out)
    key("section")
    RuleReport.appendOptional(t.section, to: &out)
    key("title")
    JSONBytes.appendString(t.title, to: &out)
    key("description")
    RuleReport.appendOptional(t.description, to: &out)
    key("priority")
    JSONBytes.appendInt(t.priority, to: &out)
    key("labels")
    TaskLineReport.appendStrings(t.labels, to: &out)
    key("due")
    if let due = t.due {
      // The same DATE in the same zone renders the same: once per distinct pair.
      let cacheKey = (due.zone?.identifier ?? "") + "\u{0}" + due.string
      if let known = dues[cacheKey] {
        out.append(contentsOf: known)
      } else {
        var bytes: [UInt8] = []
        appendDue(due, context: context, to: &bytes)
        if dues.count > 10_000 { dues.removeAll(keepingCapacity: true) }
        dues[cacheKey] = bytes
        out.append(contentsOf: bytes)
      }
    } else {
      out.append(contentsOf: "null".utf8)
    }
    key("duration")
    RuleReport.appendOptional(t.duration, to: &out)
    key("deadline")
    RuleReport.appendOptional(t.deadline, to: &out)
    key("assignee")
    RuleReport.appendOptional(t.assignee, to: &out)
    key("author")
    RuleReport.appendOptional(t.author, to: &out)
    key("notes")
    TaskLineReport.appendStrings(t.notes, to: &out)
    key("source")
    out.append(contentsOf: #"{"file": "#.utf8)
    JSONBytes.appendString(t.file, to: &out)
    out.append(contentsOf: #", "line": "#.utf8)
    JSONBytes.appendInt(t.line, to: &out)
    out.append(125)
    key("warnings")
    JSONBytes.appendArray(t.warnings, to: &out) { d, out in
      out.append(contentsOf: #"{"id": "#.utf8)
      JSONBytes.appendString(d.id, to: &out)
      out.append(contentsOf: #", "message": "#.utf8)
      JSONBytes.appendString(d.message, to: &out)
      out.append(125)
    }
    key("extra")
    out.append(123)
    for (i, e) in t.extra.enumerated() {
      if i > 0 { out.append(contentsOf: ", ".utf8) }
      JSONBytes.appendString(e.name, to: &out)
      out.append(contentsOf: ": ".utf8)
      JSONBytes.appendString(e.value, to: &out)
    }
    out.append(125)
    out.append(125)
  }

  /// `null`, or the `add` command's due object in the task's zone plus `string` (the DATE text
  /// verbatim); a date that did not read has null fields, an empty `next` and its string.
  static func appendDue(_ due: ImportedDue?, context: Context, to out: inout [UInt8]) {
    guard let due else {
      out.append(contentsOf: "null".utf8)
      return
    }
    if let reading = due.reading {
      var line = TaskLine(input: due.string, title: "")
      line.due = reading
      var zoned = context
      if let zone = due.zone, zone != context.zone { zoned = context.in(zone) }
      TaskLineReport(line, context: zoned, count: 1).appendDue(to: &out)
      out.removeLast()  // the closing brace: `string` comes last
    } else {
      out.append(
        contentsOf: #"{"kind": null, "text": null, "range": null, "rrule": null, "packed": null, "next": []"#.utf8)
    }
    out.append(contentsOf: #", "string": "#.utf8)
    JSONBytes.appendString(due.string, to: &out)
    out.append(125)
  }
}
