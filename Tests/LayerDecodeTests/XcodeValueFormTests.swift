import Foundation
import LayerGeometry
@testable import LayerDecode
@testable import LayerImport
import LayerModel
import Testing

/// The forms the view debugger (or an older or hand-made reply) writes values in.
@Suite("Xcode view hierarchy: number, Boolean, geometry and colour forms")
struct XcodeValueFormTests {
    @Test("numbers in every printf form", arguments: [
        ("0x1.8p+3", 12.0), ("0x1p-1", 0.5), ("-0x1.4p+4", -20), ("0x0p+0", 0), ("0X1.8P+3", 12),
        ("12.000000", 12), ("12.5", 12.5), ("1e+01", 10), ("1.5E-1", 0.15), ("42", 42), ("-7", -7), (" 3 ", 3), ("+2", 2),
    ])
    func numberForms(text: String, value: Double) {
        #expect(DebuggerScalars.number(text) == value)
    }

    @Test("JSON numbers are numbers too")
    func jsonNumbers() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data("[12, 0.25, -3]".utf8)) as! [Any]
        #expect(parsed.map { DebuggerScalars.number($0) } == [12, 0.25, -3])
    }

    @Test("what is not a finite number is refused", arguments: ["", "inf", "nan", "-inf", "12px", "0x", "YES", "1,5"])
    func notNumbers(text: String) {
        #expect(DebuggerScalars.number(text) == nil)
    }

    @Test("whole numbers: integral values only")
    func integers() {
        #expect(DebuggerScalars.integer("3") == 3)
        #expect(DebuggerScalars.integer("0x1.8p+1") == 3)
        #expect(DebuggerScalars.integer("3.000000") == 3)
        #expect(DebuggerScalars.integer("2.5") == nil)
    }

    @Test("Booleans", arguments: [
        ("YES", true), ("NO", false), ("true", true), ("false", false), ("1", true), ("0", false), ("yes", true), (" NO ", false),
    ])
    func booleans(text: String, value: Bool) {
        #expect(DebuggerScalars.bool(text) == value)
    }

    @Test("JSON Booleans, and what is not a Boolean")
    func jsonBooleans() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data("[true, false]".utf8)) as! [Any]
        #expect(parsed.map { DebuggerScalars.bool($0) } == [true, false])
        #expect(DebuggerScalars.bool("maybe") == nil)
        #expect(DebuggerScalars.bool(nil) == nil)
    }

    @Test("rects as hex-float arrays, nested arrays, text and mappings")
    func rects() {
        let r = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(DebuggerValues.rect(["0x0p+0", "0x0p+0", "0x1.86p+8", "0x1.a6p+9"]) == r)
        #expect(DebuggerValues.rect([[0, 0], [390, 844]]) == r)
        #expect(DebuggerValues.rect("{{0, 0}, {390, 844}}") == r)
        #expect(DebuggerValues.rect("NSRect: {{0, 0}, {390, 844}}") == r)
        #expect(DebuggerValues.rect(["origin": ["x": 0, "y": 0], "size": ["width": 390, "height": 844]]) == r)
        #expect(DebuggerValues.rect("{{0, 0}, {390}}") == nil)
        #expect(DebuggerValues.rect("{{0, 0}, {-1, 5}}") == nil)
        #expect(DebuggerValues.rect("wide") == nil)
        #expect(DebuggerValues.point("{195, 422}") == Point(x: 195, y: 422))
        #expect(DebuggerValues.size(["0x0p+0", "0x1p+2"]) == Size(width: 0, height: 4))
    }

    @Test("transforms: 16 numbers or 6")
    func transforms() {
        let m: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1]
        #expect(DebuggerValues.transform(m.map { String(format: "%la", $0) }) == Transform3D(m))
        #expect(DebuggerValues.transform("[1, 0, 0, 1, 10, 20]") == Transform3D(a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 20))
        #expect(DebuggerValues.transform([1, 2, 3]) == nil)
    }

    @Test("colours: component mappings, arrays, hex and text")
    func colors() {
        let red = DebuggerValues.ColorReading.color(RGBA(red: 1, green: 0, blue: 0))
        #expect(DebuggerValues.color(["componentValues": ["0x1p+0", "0x0p+0", "0x0p+0", "0x1p+0"], "colorSpaceName": "sRGB"]) == red)
        #expect(DebuggerValues.color([1, 0, 0, 1]) == red)
        #expect(DebuggerValues.color("#FF0000") == red)
        #expect(DebuggerValues.color("UIExtendedSRGBColorSpace 1 0 0 1") == red)
        #expect(DebuggerValues.color("UIExtendedGrayColorSpace 0 0.5") == .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)))
        #expect(DebuggerValues.color(["componentValues": ["1.2", "-0.1", "0", "1"]]) == red, "extended range is clamped")
        #expect(DebuggerValues.color(nil) == DebuggerValues.ColorReading.none)
        #expect(DebuggerValues.color("(null)") == DebuggerValues.ColorReading.none)
        #expect(DebuggerValues.color(["patternImageData": "iVBOR"]) == nil)
        #expect(DebuggerValues.color([0.1, 0.2, 0.3, 0.4, 1]) == nil, "CMYK is not read")
        #expect(DebuggerValues.color("purple-ish") == nil)
    }

    @Test("object references compare by address")
    func objects() {
        #expect(DebuggerValues.object(["className": "CAShapeLayer", "memoryAddress": "0x00006000A0"])
                == .object(address: "0x6000a0", className: "CAShapeLayer"))
        #expect(DebuggerValues.object("0x1F") == .object(address: "0x1f", className: nil))
        #expect(DebuggerValues.object(nil) == DebuggerValues.ObjectReading.none)
        #expect(DebuggerValues.object(12) == nil)
    }

    @Test("optimization opportunities: texts, mappings with texts, one text")
    func opportunities() {
        #expect(XcodeLayerMapper.opportunities(["a", "b"]) == ["a", "b"])
        #expect(XcodeLayerMapper.opportunities([["title": "a"], ["description": "b", "title": "x"]]) == ["a", "b"])
        #expect(XcodeLayerMapper.opportunities("one") == ["one"])
        #expect(XcodeLayerMapper.opportunities(nil) == [])
        #expect(XcodeLayerMapper.opportunities([Any]()) == [])
        #expect(XcodeLayerMapper.opportunities(12) == nil)
    }

    @Test("gzip written with deflate inflates back; a bound stops a large output")
    func gzipRoundTrip() throws {
        let text = [UInt8](String(repeating: "{\"layer\": 1}", count: 1000).utf8)
        let packed = ViewHierarchyBundle.gzip(text)
        #expect(GzipInflater.looksGzipped(packed))
        #expect(try GzipInflater.inflate(packed) == text)
        #expect(throws: InflateFailure.self) { try GzipInflater.inflate(packed, limit: 1000) }
    }
}
