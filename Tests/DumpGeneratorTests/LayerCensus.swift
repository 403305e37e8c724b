import CYAML

/// Counts the layers of a dump by parsing it with libyaml (which reads JSON too), from
/// the events alone: a layer is the mapping under `root` or `mask`, or an item of a
/// `sublayers` sequence. Independent of the generator's own counting.
struct LayerCensus: Equatable {
    var layers = 0
    var masks = 0
    var shadows = 0
    var shadowsWithoutPath = 0
    var hidden = 0
    var maxDepth = 0
    var labelLayers = 0
    var shapeLayers = 0

    struct ParseError: Error { var message: String }

    private struct Frame {
        var isMapping: Bool
        var isLayer = false
        var isSublayers = false
        var key: String?
        var expectingKey = true
        var casts = false
        var hasShadowPath = false
    }

    init(_ bytes: [UInt8]) throws {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else { throw ParseError(message: "init") }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var stack: [Frame] = []
            var layerDepth = 0
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "?"
                    throw ParseError(message: "\(parser.problem_mark.line + 1): \(problem)")
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_MAPPING_START_EVENT:
                    var frame = Frame(isMapping: true)
                    if let parent = stack.last {
                        frame.isLayer = parent.isSublayers
                            || (parent.isMapping && parent.key == "root" && stack.count == 1)
                            || (parent.isMapping && parent.isLayer && parent.key == "mask")
                        if frame.isLayer && parent.isMapping && parent.key == "mask" { masks += 1 }
                    }
                    if frame.isLayer {
                        layers += 1
                        layerDepth += 1
                        maxDepth = max(maxDepth, layerDepth)
                    }
                    stack.append(frame)
                case YAML_SEQUENCE_START_EVENT:
                    var frame = Frame(isMapping: false)
                    if let parent = stack.last, parent.isMapping, parent.isLayer, parent.key == "sublayers" {
                        frame.isSublayers = true
                    }
                    stack.append(frame)
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    let frame = stack.removeLast()
                    if frame.isLayer {
                        layerDepth -= 1
                        if frame.casts { shadows += 1 }
                        if frame.casts && !frame.hasShadowPath { shadowsWithoutPath += 1 }
                    }
                    if !stack.isEmpty && stack[stack.count - 1].isMapping { stack[stack.count - 1].expectingKey = true }
                case YAML_SCALAR_EVENT:
                    guard !stack.isEmpty, stack[stack.count - 1].isMapping else { break }
                    let scalar = event.data.scalar
                    let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    if stack[stack.count - 1].expectingKey {
                        stack[stack.count - 1].key = text
                        stack[stack.count - 1].expectingKey = false
                    } else {
                        if stack[stack.count - 1].isLayer { record(text, in: &stack[stack.count - 1]) }
                        stack[stack.count - 1].expectingKey = true
                    }
                default:
                    break
                }
            }
        }
    }

    private mutating func record(_ value: String, in frame: inout Frame) {
        switch frame.key {
        case "shadowOpacity": frame.casts = (Double(value) ?? 0) > 0
        case "shadowPath": frame.hasShadowPath = value != "null"
        case "hidden": if value == "true" { hidden += 1 }
        case "class":
            if value == "_UILabelLayer" { labelLayers += 1 }
            if value == "CAShapeLayer" { shapeLayers += 1 }
        default: break
        }
    }
}
