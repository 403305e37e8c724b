/// A report path as a URI reference, as SARIF's `artifactLocation.uri` wants it.
struct ArtifactURI: Equatable {
    /// The URI text.
    var uri: String
    /// Whether `uri` is relative to the source root (SARIF then names the base `%SRCROOT%`).
    var isRelative: Bool

    /// `path` as given on the command line: a relative path loses its leading "./"; an
    /// absolute path under `root` becomes relative to it, any other a `file://` URI.
    init(path: String, root: String?) {
        if path.hasPrefix("/") {
            if let root, let rest = Self.relative(path, to: root) {
                uri = Self.encode(rest); isRelative = true
            } else {
                uri = "file://" + Self.encode(path); isRelative = false
            }
            return
        }
        var rest = Substring(path)
        while rest.hasPrefix("./") { rest = rest.dropFirst(2).drop { $0 == "/" } }
        uri = Self.encode(String(rest)); isRelative = true
    }

    /// The root folder as an absolute `file://` URI ending in "/", for
    /// `originalUriBaseIds`; nil when it is not absolute.
    static func rootURI(_ root: String) -> String? {
        guard root.hasPrefix("/") else { return nil }
        let encoded = encode(root)
        return "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/")
    }

    static func relative(_ path: String, to root: String) -> String? {
        var root = Substring(root)
        while root.count > 1 && root.hasSuffix("/") { root = root.dropLast() }
        if root == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(root + "/") else { return nil }
        return String(path.dropFirst(root.count + 1))
    }

    /// Percent-encodes every byte but the unreserved characters and "/": a relative
    /// reference whose first segment held ":" would read as a scheme, and spaces, "#",
    /// "?" and "%" would change what the URI names.
    static func encode(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
            }
        }
        return out
    }
}
