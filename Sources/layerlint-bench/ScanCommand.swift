import ArgumentParser
import CYAML
import Glibc

/// The physical floor: libyaml's event parser over the file and nothing else. No
/// document is built and no event is looked at beyond its type.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Count the libyaml events of YAML or JSON files (a bare parse, for comparison)."
    )

    @Argument(help: "YAML or JSON files.")
    var files: [String]

    func run() throws {
        for path in files {
            print("\(try countEvents(path)) \(path)")
        }
    }
}

func countEvents(_ path: String) throws -> Int {
    guard let file = fopen(path, "rb") else { throw SystemError("cannot open \(path)") }
    defer { fclose(file) }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else { throw ValidationError("libyaml: out of memory") }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_input_file(&parser, file)
    var event = yaml_event_t()
    var count = 0
    while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "parse error"
            throw ValidationError("\(path):\(parser.problem_mark.line + 1):\(parser.problem_mark.column + 1): \(problem)")
        }
        let type = event.type
        yaml_event_delete(&event)
        count += 1
        if type == YAML_STREAM_END_EVENT { break }
    }
    return count
}
