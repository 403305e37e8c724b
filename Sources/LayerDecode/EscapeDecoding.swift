/// What both readers of quoted text (JSON strings, YAML double-quoted scalars) need for
/// `\uXXXX` escapes.
enum EscapeDecoding {
    /// The value of the four hex digits at `p`, or nil; the caller knows four bytes are there.
    static func hex4(at p: UnsafeRawPointer) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let d = ScalarParsing.hexDigit(p.load(fromByteOffset: k, as: UInt8.self)) else { return nil }
            v = v &<< 4 | UInt32(d)
        }
        return v
    }

    /// Writes `scalar` as UTF-8 at `out`; returns the byte count.
    static func encodeUTF8(_ scalar: UInt32, to out: UnsafeMutableRawPointer) -> Int {
        if scalar < 0x80 {
            out.storeBytes(of: UInt8(scalar), as: UInt8.self)
            return 1
        }
        if scalar < 0x800 {
            out.storeBytes(of: UInt8(0xC0 | scalar &>> 6), as: UInt8.self)
            out.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 1, as: UInt8.self)
            return 2
        }
        if scalar < 0x10000 {
            out.storeBytes(of: UInt8(0xE0 | scalar &>> 12), as: UInt8.self)
            out.storeBytes(of: UInt8(0x80 | scalar &>> 6 & 0x3F), toByteOffset: 1, as: UInt8.self)
            out.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 2, as: UInt8.self)
            return 3
        }
        out.storeBytes(of: UInt8(0xF0 | scalar &>> 18), as: UInt8.self)
        out.storeBytes(of: UInt8(0x80 | scalar &>> 12 & 0x3F), toByteOffset: 1, as: UInt8.self)
        out.storeBytes(of: UInt8(0x80 | scalar &>> 6 & 0x3F), toByteOffset: 2, as: UInt8.self)
        out.storeBytes(of: UInt8(0x80 | scalar & 0x3F), toByteOffset: 3, as: UInt8.self)
        return 4
    }
}
