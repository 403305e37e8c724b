/// A Swift type named the way the Objective-C runtime names Swift classes that have no
/// `@objc` name of their own: `_Tt` and Swift's first ("old") mangling, as UIKit prints
/// them in a `recursiveDescription` (`_TtC5MyApp4Cell`,
/// `_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_`).
///
/// Only the part of the grammar those names use is read: classes, structs and enums
/// nested in modules and in each other, private names, bound generics, tuples,
/// optionals, arrays and dictionaries, metatypes, `Any`, and substitutions. Anything
/// else (a function type, a protocol with associated types, punycode) makes the name
/// unreadable here, and it is then shown as written. The Swift runtime's own demangler
/// returns these names unchanged, so this is LayerLint's.
public indirect enum MangledTypeName: Sendable {
    /// A class, struct or enum: its module, the names of the types it is nested in, its
    /// own name, and the private discriminator when it is `private` or `fileprivate`.
    case nominal(module: String, path: [String], privateDiscriminators: [String?])
    case boundGeneric(MangledTypeName, [MangledTypeName])
    case tuple([(label: String?, type: MangledTypeName)])
    case metatype(MangledTypeName)
    case protocolComposition([MangledTypeName])

    /// The type, or nil when `name` is not a `_Tt` name this reader can read whole.
    public init?(_ name: String) {
        var bytes = Array(name.utf8)
        guard bytes.count > 3, bytes[0] == UInt8(ascii: "_"), bytes[1] == UInt8(ascii: "T"), bytes[2] == UInt8(ascii: "t") else { return nil }
        bytes.removeFirst(3)
        var reader = MangledNameReader(bytes)
        guard let type = reader.type(), reader.isAtEnd else { return nil }
        self = type
    }

    /// How a person reads it: the outermost type with its module (`MyApp.Cell`,
    /// `SwiftUI._UIHostingView<ContentView>`), generic arguments without theirs, and no
    /// private discriminator, since those change when a type moves between files and
    /// some (`$7fff…`) at every run.
    public var readable: String { render(qualified: true, arguments: false) }

    /// As the toolchain's `swift-demangle` prints it: every type with its module, and a
    /// private name as `(Name in _DISCRIMINATOR)`. Tests compare the two.
    public var fullyQualified: String { render(qualified: true, arguments: true, discriminators: true) }

    private func render(qualified: Bool, arguments: Bool, discriminators: Bool = false) -> String {
        let inner = { (t: MangledTypeName) in t.render(qualified: arguments, arguments: arguments, discriminators: discriminators) }
        switch self {
        case .nominal(let module, let path, let privates):
            var parts: [String] = []
            if qualified && !(Self.hiddenModules.contains(module) && !discriminators) { parts.append(module) }
            for (k, name) in path.enumerated() {
                if discriminators, let d = privates[k] { parts.append("(\(name) in \(d))") } else { parts.append(name) }
            }
            return parts.joined(separator: ".")
        case .boundGeneric(let base, let args):
            if case .nominal("Swift", ["Optional"], _) = base, args.count == 1 { return Self.optional(inner(args[0])) }
            if case .nominal("Swift", ["ImplicitlyUnwrappedOptional"], _) = base, args.count == 1 { return inner(args[0]) + "!" }
            if case .nominal("Swift", ["Array"], _) = base, args.count == 1 { return "[\(inner(args[0]))]" }
            if case .nominal("Swift", ["Dictionary"], _) = base, args.count == 2 {
                return "[\(inner(args[0]))\(discriminators ? " : " : ": ")\(inner(args[1]))]"
            }
            return base.render(qualified: qualified, arguments: arguments, discriminators: discriminators)
                + "<" + args.map(inner).joined(separator: ", ") + ">"
        case .tuple(let elements):
            return "(" + elements.map { ($0.label.map { "\($0): " } ?? "") + inner($0.type) }.joined(separator: ", ") + ")"
        case .metatype(let t):
            return inner(t) + ".Type"
        case .protocolComposition(let list):
            return list.isEmpty ? "Any" : list.map(inner).joined(separator: " & ")
        }
    }

    private static func optional(_ s: String) -> String {
        s.contains(" ") && !s.hasPrefix("(") ? "(\(s))?" : "\(s)?"
    }

    /// The module of Objective-C and C types (`So`, `SC`), whose name says nothing to a reader.
    static let hiddenModules: Set<String> = ["__C"]
}
