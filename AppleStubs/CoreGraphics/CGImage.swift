// Stub of Core Graphics' images for .ci/apple-typecheck.sh (AppleStubs/README.md).

// https://developer.apple.com/documentation/coregraphics/cgimage
public final class CGImage {
    // https://developer.apple.com/documentation/coregraphics/cgimage/width
    public var width: Int { 0 }
    // https://developer.apple.com/documentation/coregraphics/cgimage/height
    public var height: Int { 0 }
    // https://developer.apple.com/documentation/coregraphics/cgimage/typeid
    public class var typeID: CFTypeID { 0 }
}
