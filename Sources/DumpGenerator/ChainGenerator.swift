/// A degenerate tree: `layers` layers, each the only sublayer of the one above, as deep
/// as the count. It tests that readers and the linter use no recursion proportional to
/// depth. Written with events, never built in memory.
struct ChainGenerator {
    let layers: Int
    var rng: SplitMix64

    private static let names = ["wrapper", "container", "content", "inner", "host"]
    private static let views = ["UIView", "WrapperView", "ContainerView"]

    func header() -> DocumentHeader {
        DocumentHeader(screen: "DeepChain", scale: 3, refreshRate: 120)
    }

    mutating func write<W: DumpWriter>(into emitter: inout DumpEmitter<W>) {
        for level in 0..<layers {
            emitter.openLayer()
            let properties = level == 0
                ? [LayerProperty(key: "view", value: .word("DeepChainView")),
                   LayerProperty(key: "frame", value: Rect(0, 0, 390, 844).value)]
                : properties()
            emitter.tally(properties)
            for property in properties {
                emitter.property(property.key, property.value)
            }
            if level < layers - 1 { emitter.openSublayers() }
        }
        for level in stride(from: layers - 1, through: 0, by: -1) {
            if level < layers - 1 { emitter.closeSublayers() }
            emitter.closeLayer()
        }
    }

    /// Mostly just a frame; now and then a name, a colour, a corner, an opacity or a
    /// shadow, so the linter has something to look at on the way down.
    private mutating func properties() -> [LayerProperty] {
        var layer = Layer()
        if rng.chance(perMille: 200) { layer.set("name", .word(rng.pick(Self.names))) }
        if rng.chance(perMille: 300) { layer.set("view", .word(rng.pick(Self.views))) }
        layer.set("frame", Rect(0, 0, 10, 10).value)
        if rng.chance(perMille: 100) { layer.set("backgroundColor", .quoted(rng.pick(Palette.tints))) }
        if rng.chance(perMille: 10) { layer.set("cornerRadius", .number(2)) }
        if rng.chance(perMille: 20) { layer.set("opacity", .number(Fixed3(thousandths: 900))) }
        if rng.chance(perMille: 1) {
            layer.set("shadowOpacity", .number(Fixed3(thousandths: 200)))
            layer.set("shadowRadius", .number(4))
        }
        return layer.properties
    }
}
