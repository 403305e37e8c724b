import LayerGeometry
import LayerModel

/// Where a layer's `contents` bitmap is drawn in the layer's own space.
public enum ContentsPlacement: Sendable, Equatable {
    case none
    case rect(Rect)
    /// Drawn, but where cannot be known (size unknown with a gravity that does not scale).
    case unknown
}

enum ContentsGeometry {
    /// Follows `contentsGravity` as Core Animation applies it, with iOS's flipped geometry
    /// (`top` is the minY edge).
    static func placement(of layer: borrowing Layer, screenScale: Double) -> ContentsPlacement {
        guard let contents = layer.contents else { return .none }
        let b = layer.bounds
        switch layer.contentsGravity {
        case .resize: return .rect(b)
        case .resizeAspect where !contents.hasKnownSize: return .rect(b)
        default: break
        }
        guard let pw = contents.pixelWidth, let ph = contents.pixelHeight else { return .unknown }
        let scale = contents.scale ?? screenScale
        var w = pw / scale, h = ph / scale
        switch layer.contentsGravity {
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return .rect(b) }
            let fx = b.width / w, fy = b.height / h
            let f = layer.contentsGravity == .resizeAspect ? min(fx, fy) : max(fx, fy)
            w *= f; h *= f
        default: break
        }
        let x: Double, y: Double
        switch layer.contentsGravity {
        case .left, .topLeft, .bottomLeft: x = b.minX
        case .right, .topRight, .bottomRight: x = b.maxX - w
        default: x = b.midX - w / 2
        }
        switch layer.contentsGravity {
        case .top, .topLeft, .topRight: y = b.minY
        case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
        default: y = b.midY - h / 2
        }
        return .rect(Rect(x: x, y: y, width: w, height: h))
    }
}
