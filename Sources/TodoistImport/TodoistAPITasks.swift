import Foundation

/// Todoist's API tasks (REST `GET /tasks`) as importer items: the same mapping as the CSV of
/// the same tasks, with the API's inverted priority (4 = p1) turned to CSV numbering.
public enum TodoistAPITasks {
  /// The items of a JSON tasks array (or `{"results": […]}`), in order; line = place in the array.
  public static func items(_ data: Data, file: String) throws(TodoistExport.Fatal) -> [TodoistItem] {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw TodoistExport.Fatal(description: "\(file):1:1: error: not JSON: \(error.localizedDescription)")
    }
    let array: [Any]
    if let a = parsed as? [Any] {
      array = a
    } else if let o = parsed as? [String: Any], let a = (o["results"] ?? o["items"]) as? [Any] {
      array = a
    } else {
      throw TodoistExport.Fatal(
        description: "\(file):1:1: error: not a Todoist tasks array (expected [{\"content\": …}, …])")
    }
    return array.enumerated().map { item(($0.element as? [String: Any]) ?? [:], file: file, line: $0.offset + 1) }
  }

  static func text(_ value: Any?) -> String {
    switch value {
    case let s as String: return s
    case let n as NSNumber: return n.stringValue
    default: return ""
    }
  }

  /// One task object.
  static func item(_ o: [String: Any], file: String, line: Int) -> TodoistItem {
    var item = TodoistItem(file: file, line: line, type: o["content"] == nil ? "" : "task")
    item.content = text(o["content"])
    item.description = text(o["description"])
    if let p = (o["priority"] as? NSNumber)?.intValue, (1...4).contains(p) {
      item.priority = String(5 - p)  // the API's 4 is p1
    } else if o["priority"] != nil {
      item.priority = "api:" + text(o["priority"])
    } else {
      item.priority = "4"
    }
    item.labels = (o["labels"] as? [Any])?.map { text($0) }.filter { !$0.isEmpty } ?? []
    if let due = o["due"] as? [String: Any] {
      item.date = text(due["string"])
      if item.date.isEmpty { item.date = text(due["datetime"]).isEmpty ? text(due["date"]) : text(due["datetime"]) }
      item.dateLang = text(due["lang"])
      item.timezone = text(due["timezone"])
    }
    if let duration = o["duration"] as? [String: Any] {
      item.duration = text(duration["amount"])
      item.durationUnit = text(duration["unit"])
    }
    if let deadline = o["deadline"] as? [String: Any] { item.deadline = text(deadline["date"]) }
    item.sourceID = o["id"].map { text($0) }
    item.parentSourceID = o["parent_id"].flatMap { $0 is NSNull ? nil : text($0) }
    item.sectionID = o["section_id"].flatMap { $0 is NSNull ? nil : text($0) }
    item.responsible = text(o["assignee_id"] ?? o["responsible_uid"])
    item.author = text(o["creator_id"] ?? o["added_by_uid"])
    let known: Set<String> = [
      "content", "description", "priority", "labels", "due", "duration", "deadline", "id", "parent_id", "section_id",
      "assignee_id", "responsible_uid", "creator_id", "added_by_uid",
    ]
    for key in o.keys.sorted() where !known.contains(key) {
      let value = o[key].map { v -> String in
        if let s = v as? String { return s }
        if v is NSNull { return "" }
        if let data = try? JSONSerialization.data(withJSONObject: v, options: [.fragmentsAllowed, .sortedKeys]) {
          return String(decoding: data, as: UTF8.self)
        }
        return text(v)
      }
      item.extra.append(TodoistExtraValue(name: key, value: value ?? ""))
    }
    return item
  }
}
