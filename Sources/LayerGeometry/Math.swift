#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(ucrt)
import ucrt
#endif

/// The few C math functions the target needs, in one place: the Swift standard library
/// has square roots but no trigonometry, and this keeps Foundation out of the target.
enum Math {
    static func sin(_ x: Double) -> Double { cSin(x) }
    static func cos(_ x: Double) -> Double { cCos(x) }
    static func tan(_ x: Double) -> Double { cTan(x) }
    static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
}

// The C library's functions under other names: inside `enum Math` the plain names would
// refer to the members themselves.
private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cTan(_ x: Double) -> Double { tan(x) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
