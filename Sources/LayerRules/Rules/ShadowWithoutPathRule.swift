import LayerFacts
import LayerGeometry
import LayerModel

/// A visible shadow with no `shadowPath`: Core Animation must render the layer and its
/// sublayers offscreen to learn the shape the shadow follows (A1: 5 passes).
public struct ShadowWithoutPathRule: LayerRule {
    public static let id = "shadow-without-path"
    public init() {}

    public func check(_ i: Int, in context: RuleContext) -> RuleMatch? {
        let facts = context.facts
        let passes = facts.costs[i][.shadow]
        guard passes > 0 else { return nil }
        let layer = context.tree.layers[i]
        guard !layer.unknown.contains(.shadowPath), !layer.unknown.contains(.shadow) else { return nil }

        var values = ["radius": CodeText.number(layer.shadow.radius)]
        if let shape = layer.shape, let path = shape.path, !path.path.isEmpty {
            // A shape layer's shadow follows its own path exactly.
            values["pathSwift"] = "shapeLayer.path"
            values["pathObjC"] = "shapeLayer.path"
            values["shape"] = "its own path (\(path.svg.prefix(60))\(path.svg.count > 60 ? "…" : ""))"
            values["caveat"] = ""
        } else {
            let code = CodeText.pathExpressions(layer.bounds, radius: layer.cornerRadius,
                                                curve: layer.cornerCurve, corners: layer.maskedCorners)
            values["pathSwift"] = code.swift
            values["pathObjC"] = code.objc
            let corner = layer.cornerRadius > 0 ? " with cornerRadius \(CodeText.number(layer.cornerRadius))\(layer.cornerCurve == .continuous ? " (continuous)" : "")" : ""
            values["shape"] = "its bounds \(CodeText.rect(layer.bounds))\(corner)"
            let fillsBounds = (layer.backgroundColor.map { $0.alpha >= 1 } ?? false) || layer.contents != nil
            values["caveat"] = fillsBounds ? "" :
                " Note: \(context.tree.label(of: i)) has no opaque background, so its shadow now follows what its sublayers draw; if that is not its bounds, use the outline they draw instead."
        }
        return RuleMatch(reason: .shadow, passes: passes, passesAfterFix: 0, values: values)
    }
}
