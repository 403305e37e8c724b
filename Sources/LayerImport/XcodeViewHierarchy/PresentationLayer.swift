import LayerDecode
import Foundation
import LayerGeometry
import LayerModel

/// What one archived CALayer says about the properties the rules need and the debugger's
/// replies never carry (or may lack): shadow and its path, corners, clipping, mask, group
/// opacity, rasterization, and a shape layer's path. A key the archive leaves out has
/// CALayer's default, as `initWithCoder:` gives it; a key present in a form LayerLint
/// cannot read is listed in `unreadable` and its property stays unknown.
struct PresentationLayer {
    var className: String?
    var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    var position = Point(x: 0, y: 0)
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var opacity = 1.0
    var isHidden = false
    var backgroundColor: RGBA?
    var hasContents = false
    /// Nil: identity.
    var transform: Transform3D?
    var borderWidth = 0.0
    var borderColor: RGBA? = .black
    var shadow = Shadow()
    var cornerRadius = 0.0
    var cornerCurve = CornerCurve.circular
    var maskedCorners = CornerMask.all
    var masksToBounds = false
    var allowsGroupOpacity = true
    var shouldRasterize = false
    var rasterizationScale = 1.0
    /// The archived mask layer, by its index in `$objects`.
    var mask: Int?
    /// A `CAShapeLayer`'s drawing; nil for other layers.
    var shape: ShapeStyle?
    /// Keys present whose values could not be read.
    var unreadable: Set<String> = []

    /// The keys read, with the unknown property each stands for when unreadable.
    static let keys: [(key: String, property: UnknownProperties)] = [
        ("bounds", .geometry), ("position", .geometry), ("anchorPoint", .geometry), ("opacity", .opacity),
        ("hidden", .hidden), ("backgroundColor", .backgroundColor), ("transform", .transform),
        ("borderWidth", .border), ("borderColor", .border), ("shadowOpacity", .shadow),
        ("shadowRadius", .shadow), ("shadowOffset", .shadow), ("shadowColor", .shadow), ("shadowPath", .shadowPath),
        ("cornerRadius", .cornerRadius), ("cornerCurve", .cornerCurve), ("maskedCorners", .maskedCorners),
        ("masksToBounds", .masksToBounds), ("allowsGroupOpacity", .allowsGroupOpacity),
        ("shouldRasterize", .rasterization), ("rasterizationScale", .rasterization), ("mask", .mask),
        ("path", .contents), ("fillColor", .contents), ("strokeColor", .contents), ("lineWidth", .contents),
    ]

    /// The unknown properties that `unreadable` leaves.
    var unknown: UnknownProperties {
        var out: UnknownProperties = []
        for (key, property) in Self.keys where unreadable.contains(key) { out.insert(property) }
        return out
    }

    init(_ layer: ArchivedLayer, archive: KeyedArchive, maxPathElements: Int) {
        className = layer.className
        let reader = ArchivedValueReader(archive: archive, keys: layer.keys, maxPathElements: maxPathElements)
        func read<T>(_ key: String, _ parse: (Any) -> T?) -> T? {
            guard let raw = layer.keys[key] else { return nil }
            guard let v = reader.value(raw, parse) else { unreadable.insert(key); return nil }
            return v
        }
        if let r = read("bounds", ArchivedValueReader.rect) { bounds = r }
        if let p = read("position", ArchivedValueReader.point) { position = p }
        if let a = read("anchorPoint", ArchivedValueReader.point) { anchorPoint = a }
        if let v = read("opacity", ArchivedValueReader.number) { opacity = v }
        if let v = read("hidden", ArchivedValueReader.bool) { isHidden = v }
        if let c = read("backgroundColor", reader.color) { backgroundColor = c.rgba }
        hasContents = layer.keys["contents"].map { !reader.isNull($0) } ?? false
        if let t = read("transform", ArchivedValueReader.transform), !t.isIdentity { transform = t }
        if let v = read("borderWidth", ArchivedValueReader.number) { borderWidth = v }
        if let c = read("borderColor", reader.color) { borderColor = c.rgba }
        if let v = read("shadowOpacity", ArchivedValueReader.number) { shadow.opacity = v }
        if let v = read("shadowRadius", ArchivedValueReader.number) { shadow.radius = v }
        if let v = read("shadowOffset", ArchivedValueReader.size) { shadow.offset = v }
        if let c = read("shadowColor", reader.color) { shadow.color = c.rgba }
        if let p = read("shadowPath", reader.path) { shadow.path = p.layerPath }
        if let v = read("cornerRadius", ArchivedValueReader.number) { cornerRadius = v }
        if let v = read("cornerCurve", ArchivedValueReader.cornerCurve) { cornerCurve = v }
        if let v = read("maskedCorners", ArchivedValueReader.cornerMask) { maskedCorners = v }
        if let v = read("masksToBounds", ArchivedValueReader.bool) { masksToBounds = v }
        if let v = read("allowsGroupOpacity", ArchivedValueReader.bool) { allowsGroupOpacity = v }
        if let v = read("shouldRasterize", ArchivedValueReader.bool) { shouldRasterize = v }
        if let v = read("rasterizationScale", ArchivedValueReader.number), v > 0 { rasterizationScale = v }
        mask = layer.mask
        if layer.keys["mask"] != nil, layer.mask == nil, !reader.isNull(layer.keys["mask"]!) { unreadable.insert("mask") }
        if className == "CAShapeLayer" || layer.keys["path"] != nil {
            var style = ShapeStyle()
            if let p = read("path", reader.path) { style.path = p.layerPath }
            if let c = read("fillColor", reader.color) { style.fillColor = c.rgba }
            if let c = read("strokeColor", reader.color) { style.strokeColor = c.rgba }
            if let v = read("lineWidth", ArchivedValueReader.number) { style.lineWidth = v }
            shape = style
        }
    }
}

/// Reads archived values: NSNumbers, strings, `NSValue` geometry, colours and paths.
struct ArchivedValueReader {
    let archive: KeyedArchive
    let keys: [String: Any]
    let maxPathElements: Int

    /// A value read by `parse` after following its reference; nil when unreadable.
    /// `$null` reaches `parse` as `NSNull` (a nil colour or path is a reading).
    func value<T>(_ raw: Any, _ parse: (Any) -> T?) -> T? {
        switch archive.resolve(raw) {
        case .null: return parse(NSNull())
        case .value(let v): return parse(v)
        case .outOfRange: return nil
        }
    }

    func isNull(_ raw: Any) -> Bool {
        if case .null = archive.resolve(raw) { return true }
        return false
    }

    static func number(_ v: Any) -> Double? {
        switch v {
        case let n as NSNumber: return n.doubleValue.isFinite ? n.doubleValue : nil
        case let s as String: return DebuggerScalars.number(in: s)
        default: return nil
        }
    }

    static func bool(_ v: Any) -> Bool? {
        switch v {
        case let n as NSNumber: return n.doubleValue != 0
        case let s as String: return DebuggerScalars.bool(s)
        default: return nil
        }
    }

    /// The numbers of a geometry value: an `NSValue` (`NS.rectval`, `NS.pointval`,
    /// `NS.sizeval`: text such as `{{0, 0}, {10, 10}}`), text (`{…}` or Core Animation's
    /// space-separated `0 0 10 10`), or a list of numbers.
    static func numbers(_ v: Any) -> [Double]? {
        switch v {
        case let s as String: return DebuggerScalars.numbers(in: s)
        case let list as [Any]:
            let out = list.compactMap(number)
            return out.count == list.count ? out : nil
        case let map as [String: Any]:
            for key in ["NS.rectval", "NS.pointval", "NS.sizeval"] {
                if let s = map[key] as? String { return DebuggerScalars.numbers(in: s) }
            }
            return nil
        default: return nil
        }
    }

    static func rect(_ v: Any) -> Rect? {
        guard let n = numbers(v), n.count == 4, n[2] >= 0, n[3] >= 0 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func point(_ v: Any) -> Point? {
        guard let n = numbers(v), n.count == 2 else { return nil }
        return Point(x: n[0], y: n[1])
    }

    static func size(_ v: Any) -> Size? {
        guard let n = numbers(v), n.count == 2 else { return nil }
        return Size(width: n[0], height: n[1])
    }

    /// A `CATransform3D` (16 numbers) or an affine transform (6), as an `NSValue`'s text
    /// or a list: the same forms as the replies' (`DebuggerValues.transform`).
    static func transform(_ v: Any) -> Transform3D? {
        if let map = v as? [String: Any], let n = map["NS.special"] as? NSNumber, n.intValue == 10 {
            let keys = ["a", "b", "c", "d", "tx", "ty"].map { "NS.atval.\($0)" }
            let m = keys.compactMap { map[$0].flatMap(number) }
            return m.count == 6 ? Transform3D(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5]) : nil
        }
        guard let n = numbers(v) else { return nil }
        switch n.count {
        case 16: return Transform3D(n)
        case 6: return Transform3D(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
        default: return nil
        }
    }

    /// `kCACornerCurveCircular` is `circular`, `kCACornerCurveContinuous` is `continuous`.
    static func cornerCurve(_ v: Any) -> CornerCurve? {
        (v as? String).flatMap(CornerCurve.init(rawValue:))
    }

    /// `CACornerMask` bits; other bits make it unreadable.
    static func cornerMask(_ v: Any) -> CornerMask? {
        guard let d = number(v), d >= 0, d <= 15, d == d.rounded() else { return nil }
        return CornerMask(rawValue: UInt8(d))
    }

    /// A colour: nil, or its components.
    struct ColorReading { var rgba: RGBA? }

    /// Core Animation archives a CGColor as `r`, `g`, `b`, `a` (extended sRGB; a pattern
    /// colour as `CGColorPattern`, which is unreadable here); UIKit's colours as `UIRed`,
    /// `UIGreen`, `UIBlue`, `UIAlpha` or `UIWhite`, `UIAlpha`.
    func color(_ v: Any) -> ColorReading? {
        if v is NSNull { return ColorReading(rgba: nil) }
        guard let map = v as? [String: Any], map["CGColorPattern"] == nil else { return nil }
        func component(_ key: String) -> Double? {
            guard let raw = map[key] else { return nil }
            return value(raw, Self.number)
        }
        func clamp(_ d: Double) -> Double { min(max(d, 0), 1) }
        if let r = component("r"), let g = component("g"), let b = component("b") {
            return ColorReading(rgba: RGBA(red: clamp(r), green: clamp(g), blue: clamp(b), alpha: clamp(component("a") ?? 1)))
        }
        if let r = component("UIRed"), let g = component("UIGreen"), let b = component("UIBlue") {
            return ColorReading(rgba: RGBA(red: clamp(r), green: clamp(g), blue: clamp(b), alpha: clamp(component("UIAlpha") ?? 1)))
        }
        if let w = component("UIWhite") {
            return ColorReading(rgba: RGBA(red: clamp(w), green: clamp(w), blue: clamp(w), alpha: clamp(component("UIAlpha") ?? 1)))
        }
        return nil
    }

    /// A path: nil, or its elements.
    struct PathReading { var layerPath: LayerPath? }

    /// Core Animation archives a CGPath as `LKCGPathSegments`, a list of segments with
    /// `LKCGPathType` (0 move, 1 line, 2 quad curve, 3 cubic curve, 4 close) and their
    /// points `LKCGPathPoint0_x`, `LKCGPathPoint0_y`, … `LKCGPathPoint2_y`. Anything else
    /// (a path archived another way) is unreadable: a path present of unknown shape.
    func path(_ v: Any) -> PathReading? {
        if v is NSNull { return PathReading(layerPath: nil) }
        guard let map = v as? [String: Any] else { return nil }
        if let ref = map["UIBezierPathCGPathDataKey"] { return value(ref, bezierPathData) }
        guard let ref = map["LKCGPathSegments"] else { return nil }
        guard let list = value(ref, archive.members), list.count <= maxPathElements else { return nil }
        var elements: [PathElement] = []
        elements.reserveCapacity(list.count)
        for s in list {
            guard case .value(let segment) = archive.resolve(s), let seg = segment as? [String: Any] else { return nil }
            func d(_ key: String) -> Double? { seg[key].flatMap { value($0, Self.number) } }
            func p(_ k: Int) -> Point? {
                guard let x = d("LKCGPathPoint\(k)_x"), let y = d("LKCGPathPoint\(k)_y") else { return nil }
                return Point(x: x, y: y)
            }
            guard let type = d("LKCGPathType") else { return nil }
            switch type {
            case 0: guard let a = p(0) else { return nil }; elements.append(.moveTo(a))
            case 1: guard let a = p(0) else { return nil }; elements.append(.lineTo(a))
            case 2: guard let c = p(0), let a = p(1) else { return nil }; elements.append(.quadCurveTo(control: c, to: a))
            case 3:
                guard let c1 = p(0), let c2 = p(1), let a = p(2) else { return nil }
                elements.append(.curveTo(control1: c1, control2: c2, to: a))
            case 4: elements.append(.closeSubpath)
            default: return nil
            }
        }
        return Self.reading(elements)
    }

    private static func reading(_ elements: [PathElement]) -> PathReading {
        let path = Path(elements: elements)
        return PathReading(layerPath: LayerPath(svg: SVGPathWriter().string(for: path), path: path))
    }

    /// A `UIBezierPath` archives its CGPath as `UIBezierPathCGPathDataKey`: data holding,
    /// per element, its type and point count (32-bit little-endian integers: 0 move and
    /// 1 line with 1 point, 2 quad curve with 2, 3 cubic curve with 3, 4 close with 0),
    /// then each point as two 32-bit floats.
    func bezierPathData(_ v: Any) -> PathReading? {
        guard let data = v as? Data else { return nil }
        let bytes = [UInt8](data)
        func int32(_ at: Int) -> Int32 {
            Int32(bitPattern: UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24)
        }
        func float32(_ at: Int) -> Double { Double(Float(bitPattern: UInt32(bitPattern: int32(at)))) }
        var elements: [PathElement] = []
        var at = 0
        while at < bytes.count {
            guard at + 8 <= bytes.count, elements.count < maxPathElements else { return nil }
            let type = int32(at), count = Int(int32(at + 4))
            let expected: [Int32: Int] = [0: 1, 1: 1, 2: 2, 3: 3, 4: 0]
            guard let n = expected[type], n == count, at + 8 + 8 * n <= bytes.count else { return nil }
            var points: [Point] = []
            for k in 0..<n {
                let x = float32(at + 8 + 8 * k), y = float32(at + 12 + 8 * k)
                guard x.isFinite, y.isFinite else { return nil }
                points.append(Point(x: x, y: y))
            }
            at += 8 + 8 * n
            switch type {
            case 0: elements.append(.moveTo(points[0]))
            case 1: elements.append(.lineTo(points[0]))
            case 2: elements.append(.quadCurveTo(control: points[0], to: points[1]))
            case 3: elements.append(.curveTo(control1: points[0], control2: points[1], to: points[2]))
            default: elements.append(.closeSubpath)
            }
        }
        return Self.reading(elements)
    }
}
