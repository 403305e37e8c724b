import LayerModel

/// UTF-8 output built in place: reporters append pieces instead of interpolating
/// `String`s, so a report with a hundred thousand findings costs a few copies per byte.
public struct ByteText: Sendable {
    public private(set) var bytes: [UInt8] = []
    public init() {}

    public mutating func append(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func append(_ n: Int) { bytes.appendDecimal(n) }

    public mutating func append(byte: UInt8) { bytes.append(byte) }

    public mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: utf8) }

    public mutating func append(_ other: ByteText) { bytes.append(contentsOf: other.bytes) }

    /// Makes room for `count` bytes at once; a large buffer is backed by huge pages.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
        HugePages.adviseCapacity(of: &bytes)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
