// Stub of Darwin's C maths for the pass for an Apple target (.ci/apple-typecheck.sh),
// where Glibc is not there to import: what LayerTreeExport's FakePath calls. Each is
// math.h's double function as Swift imports it, `(Double) -> Double`.

// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man3/cos.3.html
public func cos(_ x: Double) -> Double { x }
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man3/sin.3.html
public func sin(_ x: Double) -> Double { x }
// https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man3/tan.3.html
public func tan(_ x: Double) -> Double { x }
