// Stub of Foundation for the pass for an Apple target (.ci/apple-typecheck.sh) only: the
// other passes use the real swift-corelibs-foundation of the toolchain. What the docs'
// snippets use, with Apple's Swift signatures.
@_exported import CoreFoundation
@_exported import ObjectiveC

// https://developer.apple.com/documentation/foundation/url
public struct URL: Sendable, Hashable {
    // https://developer.apple.com/documentation/foundation/url/init(fileurlwithpath:)
    public init(fileURLWithPath path: String) {}
}

// https://developer.apple.com/documentation/foundation/bundle
open class Bundle: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/foundation/bundle/main
    open class var main: Bundle { Bundle() }
    // https://developer.apple.com/documentation/foundation/bundle/object(forinfodictionarykey:)
    open func object(forInfoDictionaryKey key: String) -> Any? { nil }
}

extension String {
    // https://developer.apple.com/documentation/swift/string/encoding
    public struct Encoding: Sendable, Hashable {
        let rawValue: UInt
        // https://developer.apple.com/documentation/swift/string/encoding/utf8
        public static let utf8 = Encoding(rawValue: 4)
    }
    // https://developer.apple.com/documentation/foundation/nsstring/write(to:atomically:encoding:)
    public func write(to url: URL, atomically useAuxiliaryFile: Bool, encoding enc: String.Encoding) throws {}
}

// https://developer.apple.com/documentation/foundation/nscoder
open class NSCoder: NSObject {}
