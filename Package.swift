// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "QuickAdd",
  products: [
    .library(name: "RecurrenceCore", targets: ["RecurrenceCore"]),
    .library(name: "QuickAddParser", targets: ["QuickAddParser"]),
    .library(name: "TodoistImport", targets: ["TodoistImport"]),
    .library(name: "QuickAddCLI", targets: ["QuickAddCLI"]),
    .executable(name: "quickadd", targets: ["quickadd"]),
    .executable(name: "quickadd-bench", targets: ["Benchmarks"]),
  ],
  targets: [
    .target(name: "RecurrenceCore"),
    .target(name: "QuickAddParser", dependencies: ["RecurrenceCore"]),
    .target(name: "TodoistImport", dependencies: ["RecurrenceCore", "QuickAddParser"]),
    .target(name: "QuickAddCLI", dependencies: ["RecurrenceCore", "QuickAddParser", "TodoistImport"]),
    .executableTarget(name: "quickadd", dependencies: ["QuickAddCLI"]),
    .executableTarget(name: "Benchmarks", dependencies: ["RecurrenceCore", "QuickAddParser", "TodoistImport"]),
    .testTarget(
      name: "RecurrenceCoreTests", dependencies: ["RecurrenceCore"], exclude: ["Fixtures"]),
    .testTarget(name: "QuickAddParserTests", dependencies: ["QuickAddParser", "RecurrenceCore"]),
    .testTarget(
      name: "TodoistImportTests", dependencies: ["TodoistImport", "QuickAddParser", "RecurrenceCore"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "QuickAddCLITests",
      dependencies: ["QuickAddCLI", "QuickAddParser", "RecurrenceCore", "TodoistImport", "quickadd"],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
