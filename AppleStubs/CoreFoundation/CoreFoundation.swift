// Stub of Apple's CoreFoundation for .ci/apple-typecheck.sh: only what LayerLint's
// Apple-only code and snippets use, each with Apple's Swift signature and its page.
// Never linked or run; see AppleStubs/README.md.

#if os(Linux)
// swift-corelibs-foundation declares these four with the same Swift API as Apple's, and
// an Apple-only file that imports Foundation as well must not see two of each.
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGSize
@_exported import struct Foundation.CGRect
#endif

// https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject
// https://developer.apple.com/documentation/corefoundation/cftypeid
public typealias CFTypeID = UInt
// https://developer.apple.com/documentation/corefoundation/cftimeinterval
public typealias CFTimeInterval = Double

// https://developer.apple.com/documentation/corefoundation/cfstring
public final class CFString {}
// https://developer.apple.com/documentation/corefoundation/cfdictionary
public final class CFDictionary {}

// https://developer.apple.com/documentation/corefoundation/cfgettypeid(_:)
public func CFGetTypeID(_ cf: CFTypeRef!) -> CFTypeID { 0 }
