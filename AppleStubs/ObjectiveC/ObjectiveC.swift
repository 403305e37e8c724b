// Stub of Apple's ObjectiveC module for .ci/apple-typecheck.sh (AppleStubs/README.md).

#if os(Linux)
// swift-corelibs-foundation's NSObject (equatable, hashable, not Sendable, as Apple's):
// an Apple-only file that imports Foundation as well must not see two.
@_exported import class Foundation.NSObject
#endif

// https://developer.apple.com/documentation/objectivec/class_getsuperclass(_:)
public func class_getSuperclass(_ cls: AnyClass?) -> AnyClass? { nil }

#if !os(Linux)
// For the pass for an Apple target, where no Foundation lends it.
// https://developer.apple.com/documentation/objectivec/nsobject-swift.class
open class NSObject: Hashable {
    // https://developer.apple.com/documentation/objectivec/nsobject-swift.class/init()
    public init() {}
    public static func == (a: NSObject, b: NSObject) -> Bool { a === b }
    open func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
#endif
