import LayerGeometry
import LayerModel

/// A finding's words as they are written, in UTF-8: a buffer that one rendering reuses
/// from one finding to the next, so that writing words allocates nothing. Rules write
/// their numbers and code straight into it (`RuleWordsKey.write`), never building a
/// string per value.
public struct WordsText {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public var isEmpty: Bool { bytes.isEmpty }
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Text made at run time. Disfavoured, so that a literal takes the overload below.
    @_disfavoredOverload
    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A literal: its bytes are copied straight from the binary (`ByteText.append(_:)`).
    public mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: utf8) }

    @_disfavoredOverload
    mutating func append(_ s: Substring) { bytes.append(contentsOf: s.utf8) }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(_ n: Int) { bytes.appendDecimal(n) }

    /// `CodeText.number`'s spelling of `v`.
    mutating func append(number v: Double) {
        guard v.isFinite, abs(v) < 1e13 else { append(CodeText.number(v)); return }
        let h = Int((v * 100).rounded())
        if h < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = h.magnitude
        bytes.appendDigits(magnitude / 100)
        let fraction = Int(magnitude % 100)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
        if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
    }

    /// Numbers separated by ", ".
    mutating func append(numbers: Double...) {
        for (k, v) in numbers.enumerated() {
            if k > 0 { append(", ") }
            append(number: v)
        }
    }

    /// `CGRect(x: …, y: …, width: …, height: …)`.
    mutating func append(swiftRect r: Rect) {
        append("CGRect(x: "); append(number: r.minX); append(", y: "); append(number: r.minY)
        append(", width: "); append(number: r.width); append(", height: "); append(number: r.height); append(byte: 0x29)
    }

    /// `CGRectMake(…)`.
    mutating func append(objcRect r: Rect) {
        append("CGRectMake("); append(numbers: r.minX, r.minY, r.width, r.height); append(byte: 0x29)
    }

    /// `(x, y, w, h)`, as reports show frames.
    mutating func append(rect r: Rect) {
        append(byte: 0x28); append(numbers: r.minX, r.minY, r.width, r.height); append(byte: 0x29)
    }

    /// `w × h`.
    mutating func append(size width: Double, _ height: Double) {
        append(number: width); append(" × "); append(number: height)
    }

    /// `CodeText.pathExpressions`, in Swift or in Objective-C.
    mutating func append(path r: Rect, radius: Double, curve: CornerCurve, corners: CornerMask, objc: Bool) {
        if radius <= 0 || corners.isEmpty {
            if objc { append("[UIBezierPath bezierPathWithRect:"); append(objcRect: r); append("].CGPath") }
            else { append("UIBezierPath(rect: "); append(swiftRect: r); append(").cgPath") }
            return
        }
        if corners != .all {
            if objc {
                append("[UIBezierPath bezierPathWithRoundedRect:"); append(objcRect: r)
                append(" byRoundingCorners:"); append(CodeText.uiRectCorners(corners, objc: true))
                append(" cornerRadii:CGSizeMake("); append(numbers: radius, radius); append(")].CGPath")
            } else {
                append("UIBezierPath(roundedRect: "); append(swiftRect: r)
                append(", byRoundingCorners: "); append(CodeText.uiRectCorners(corners, objc: false))
                append(", cornerRadii: CGSize(width: "); append(number: radius); append(", height: "); append(number: radius)
                append(")).cgPath")
            }
            return
        }
        if curve == .continuous {
            if objc {
                append("[UIBezierPath bezierPathWithRoundedRect:"); append(objcRect: r)
                append(" cornerRadius:"); append(number: radius); append("].CGPath")
            } else {
                append("UIBezierPath(roundedRect: "); append(swiftRect: r); append(", cornerRadius: "); append(number: radius)
                append(").cgPath")
            }
            return
        }
        if objc {
            append("CGPathCreateWithRoundedRect("); append(objcRect: r); append(", "); append(numbers: radius, radius); append(", NULL)")
        } else {
            append("CGPath(roundedRect: "); append(swiftRect: r); append(", cornerWidth: "); append(number: radius)
            append(", cornerHeight: "); append(number: radius); append(", transform: nil)")
        }
    }
}
