import Foundation
import QuickAddParser
import RecurrenceCore
import Testing

@Test func scratchTaskLines() {
  guard let path = ProcessInfo.processInfo.environment["SCRATCH_LINES"],
    let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
  let options = TaskLineOptions(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
  var out = ""
  for line in text.split(separator: "\n") {
    let r = TaskLineParser.parse(String(line), options: options)
    var due = "-"
    if let d = r.due {
      switch d.value {
      case .date(let x): due = x.description
      case .dateTime(let t): due = "\(t)"
      case .rule(let rule, _): due = PackedRule.encode(rule)
      }
      due += " @\(d.range)"
    }
    out += "\(line)\n    title=\"\(r.title)\" due=\(due)"
    if let p = r.project { out += " #\(p)" }
    if let s = r.section { out += " /\(s)" }
    for l in r.labels { out += " @\(l)" }
    if r.priority != 4 { out += " p\(r.priority)" }
    if let a = r.assignee { out += " +\(a)" }
    if let d = r.deadline { out += " {\(d)}" }
    if let d = r.description { out += " //\(d)" }
    if let d = r.durationISO8601 { out += " dur=\(d)" }
    for m in r.reminders { out += " !\(m.text)" }
    if r.uncompletable { out += " *" }
    for d in r.diagnostics { out += " [\(d.id) \(d.range) \(d.message)]" }
    out += "\n"
  }
  try? out.write(toFile: path + ".out", atomically: true, encoding: .utf8)
}
