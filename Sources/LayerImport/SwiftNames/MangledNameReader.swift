/// Reads the old Swift mangling after `_Tt`, front to back (`MangledTypeName`).
///
/// type       ::= nominal | 'G' type type* '_' | 'T' (identifier? type)* '_'
///              | 'M' type | 'P' type* '_' | substitution
/// nominal    ::= ('C' | 'V' | 'O') context decl-name
/// context    ::= module | 's' | nominal | substitution
/// decl-name  ::= identifier | 'P' identifier identifier     (private: discriminator, name)
/// identifier ::= decimal-length bytes
/// substitution ::= 'S' index? '_' | 'S' known-letter
///
/// Modules and nominal types are remembered in the order they are read, and `S_`,
/// `S0_`, `S1_`… name them again. Nesting is bounded (`maximumDepth`), so a hostile name
/// cannot exhaust the stack.
struct MangledNameReader {
    private let bytes: [UInt8]
    private var i = 0
    private var substitutions: [MangledTypeName] = []
    private var depth = 0
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { i == bytes.count }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func take(_ b: Character) -> Bool {
        guard peek() == b.asciiValue else { return false }
        i += 1
        return true
    }

    mutating func type() -> MangledTypeName? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth, let b = peek() else { return nil }
        switch b {
        case UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O"):
            i += 1
            return nominal()
        case UInt8(ascii: "G"):
            i += 1
            guard let base = type() else { return nil }
            var args: [MangledTypeName] = []
            while !take("_") {
                guard let arg = type() else { return nil }
                args.append(arg)
            }
            return args.isEmpty ? nil : .boundGeneric(base, args)
        case UInt8(ascii: "T"):
            i += 1
            var elements: [(label: String?, type: MangledTypeName)] = []
            while !take("_") {
                let label = isDigit(peek()) ? identifier() : nil
                guard let t = type() else { return nil }
                elements.append((label, t))
            }
            return .tuple(elements)
        case UInt8(ascii: "M"):
            i += 1
            return type().map { .metatype($0) }
        case UInt8(ascii: "P"):
            i += 1
            var list: [MangledTypeName] = []
            while !take("_") {
                guard let p = protocolName() else { return nil }
                list.append(p)
            }
            return .protocolComposition(list)
        case UInt8(ascii: "S"):
            return substitution()
        default:
            return nil
        }
    }

    /// After the kind letter: the context, then the name. The result is remembered.
    private mutating func nominal() -> MangledTypeName? {
        guard let outer = context(), let (name, discriminator) = declName() else { return nil }
        let type: MangledTypeName
        switch outer {
        case .nominal(let module, let path, let privates):
            type = .nominal(module: module, path: path + [name], privateDiscriminators: privates + [discriminator])
        case .module(let module):
            type = .nominal(module: module, path: [name], privateDiscriminators: [discriminator])
        }
        substitutions.append(type)
        return type
    }

    private enum Context {
        case module(String)
        case nominal(module: String, path: [String], privates: [String?])
    }

    private mutating func context() -> Context? {
        guard let b = peek() else { return nil }
        if isDigit(b) {
            guard let module = identifier() else { return nil }
            substitutions.append(.nominal(module: module, path: [], privateDiscriminators: []))
            return .module(module)
        }
        let t: MangledTypeName?
        if b == UInt8(ascii: "s") {
            // A bare `s` is the Swift module where a context is expected.
            i += 1
            return .module("Swift")
        } else if b == UInt8(ascii: "S") {
            t = substitution()
        } else if b == UInt8(ascii: "C") || b == UInt8(ascii: "V") || b == UInt8(ascii: "O") {
            i += 1
            t = nominal()
        } else {
            return nil
        }
        guard case .nominal(let module, let path, let privates)? = t else { return nil }
        return path.isEmpty ? .module(module) : .nominal(module: module, path: path, privates: privates)
    }

    /// A protocol in a composition: a substitution, or its context and name (remembered).
    private mutating func protocolName() -> MangledTypeName? {
        if peek() == UInt8(ascii: "S") { return substitution() }
        return nominal()
    }

    private mutating func declName() -> (String, String?)? {
        if take("P") {
            guard let discriminator = identifier(), let name = identifier() else { return nil }
            return (name, discriminator)
        }
        return identifier().map { ($0, nil) }
    }

    /// `S_` is the first thing remembered, `S<n>_` the (n+2)th; `Ss` is the Swift module
    /// and `So` the Objective-C one (`__C`); a letter after `S` names a standard type.
    private mutating func substitution() -> MangledTypeName? {
        guard take("S"), let b = peek() else { return nil }
        i += 1
        if b == UInt8(ascii: "_") { return substitutions.first }
        if isDigit(b) {
            var n = Int(b - UInt8(ascii: "0"))
            while let d = peek(), isDigit(d) {
                i += 1
                n = n * 10 + Int(d - UInt8(ascii: "0"))
                if n > 1_000_000 { return nil }
            }
            guard take("_"), n + 1 < substitutions.count else { return nil }
            return substitutions[n + 1]
        }
        let swift = { (name: String) in MangledTypeName.nominal(module: "Swift", path: [name], privateDiscriminators: [nil]) }
        switch b {
        case UInt8(ascii: "s"): return .nominal(module: "Swift", path: [], privateDiscriminators: [])
        case UInt8(ascii: "o"): return .nominal(module: "__C", path: [], privateDiscriminators: [])
        case UInt8(ascii: "C"): return .nominal(module: "__C", path: [], privateDiscriminators: [])
        case UInt8(ascii: "a"): return swift("Array")
        case UInt8(ascii: "b"): return swift("Bool")
        case UInt8(ascii: "c"): return swift("UnicodeScalar")
        case UInt8(ascii: "d"): return swift("Double")
        case UInt8(ascii: "f"): return swift("Float")
        case UInt8(ascii: "i"): return swift("Int")
        case UInt8(ascii: "u"): return swift("UInt")
        case UInt8(ascii: "S"): return swift("String")
        case UInt8(ascii: "q"): return swift("Optional")
        case UInt8(ascii: "Q"): return swift("ImplicitlyUnwrappedOptional")
        case UInt8(ascii: "P"): return swift("UnsafePointer")
        case UInt8(ascii: "p"): return swift("UnsafeMutablePointer")
        case UInt8(ascii: "R"): return swift("UnsafeBufferPointer")
        case UInt8(ascii: "r"): return swift("UnsafeMutableBufferPointer")
        case UInt8(ascii: "V"): return swift("UnsafeRawPointer")
        case UInt8(ascii: "v"): return swift("UnsafeMutableRawPointer")
        default: return nil
        }
    }

    /// A decimal length, then that many bytes (ASCII; `X`, punycode, is not read).
    private mutating func identifier() -> String? {
        guard let first = peek(), isDigit(first), first != UInt8(ascii: "0") else { return nil }
        var n = 0
        while let d = peek(), isDigit(d) {
            i += 1
            n = n * 10 + Int(d - UInt8(ascii: "0"))
            if n > bytes.count { return nil }
        }
        guard n > 0, i + n <= bytes.count else { return nil }
        defer { i += n }
        return String(decoding: bytes[i..<i + n], as: UTF8.self)
    }

    private func isDigit(_ b: UInt8?) -> Bool {
        guard let b else { return false }
        return b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }
}
