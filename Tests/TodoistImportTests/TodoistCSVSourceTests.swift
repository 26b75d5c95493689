import Foundation
import Testing
import TodoistImport

@Suite("Todoist exports: file sources and the meta row")
struct TodoistCSVSourceTests {
  @Test("a file read through a FileHandle in small chunks reads as the same bytes in memory")
  func fileSource() throws {
    for name in Fixtures.names {
      let path = Fixtures.folder.appendingPathComponent(name).path
      let source = try #require(CSVFileSource(path: path, chunkSize: 5))
      defer { try? source.handle.close() }
      #expect(Array(TodoistCSVFile.entries(source, file: name)) == Fixtures.entries(name), "\(name)")
    }
    #expect(CSVFileSource(path: Fixtures.folder.appendingPathComponent("missing.csv").path) == nil)
  }

  @Test("meta settings: view_style list, board or other, any case, several settings")
  func metaSettings() {
    let text = "TYPE,CONTENT\nMETA, View_Style = List ; other=1\nmeta,view_style=timeline\nmeta,flag\n"
    let metas = Array(TodoistCSVFile.entries(CSVMemorySource(text), file: "m.csv")).compactMap(\.meta)
    #expect(metas.map(\.line) == [2, 3, 4])
    #expect(metas.map(\.viewStyle) == [.list, .other("timeline"), nil])
    #expect(
      metas.first?.settings == [
        TodoistCSVMeta.Setting(key: "view_style", value: "List"), TodoistCSVMeta.Setting(key: "other", value: "1"),
      ])
    #expect(metas.last?.settings == [TodoistCSVMeta.Setting(key: "flag", value: "")])
    #expect(TodoistViewStyle.board.rawValue == "board")
  }
}
