/// Numbers as dumps write them: the shortest decimal that reads back as the same Double,
/// whole numbers without `.0`, and no exponent between 1e-7 and 1e21 (YAML 1.1 readers
/// only take an exponent after a mantissa with a dot, so the rare exponent form has one).
enum NumberText {
    static func text(_ value: Double) -> String {
        // A dump cannot spell NaN or infinity (JSON has no such numbers); Core Animation
        // does not render such geometry either, so it is written as 0 and the dump loads.
        guard value.isFinite else { return "0" }
        if value == 0 { return "0" }  // -0 too: the sign of zero means nothing in a dump
        // Whole numbers (most frames, radii and sizes) are their integer's digits: the
        // shortest form, without making and taking apart a description.
        if value.magnitude < 1e15, value == value.rounded(.towardZero) { return String(Int(value)) }
        // Swift's description is the shortest round-trip form; only its layout is changed.
        let (negative, digits, exponent) = decompose(value.magnitude.description)
        let sign = negative || value < 0 ? "-" : ""
        // `digits` read as 0.d1d2d3… × 10^exponent.
        if exponent > 21 || exponent < -6 {
            let mantissa = String(digits.first!) + "." + (digits.count > 1 ? String(digits.dropFirst()) : "0")
            let e = exponent - 1
            return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(e.magnitude)
        }
        if exponent <= 0 { return sign + "0." + String(repeating: "0", count: -exponent) + digits }
        if digits.count <= exponent { return sign + digits + String(repeating: "0", count: exponent - digits.count) }
        let split = digits.index(digits.startIndex, offsetBy: exponent)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// The significant digits (no leading or trailing zeros) and the decimal exponent `e`
    /// such that the number is 0.digits × 10^e.
    private static func decompose(_ text: String) -> (negative: Bool, digits: String, exponent: Int) {
        var body = Substring(text)
        let negative = body.hasPrefix("-")
        if negative { body = body.dropFirst() }
        var power = 0
        if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            power = Int(body[body.index(after: e)...].replacingPlus()) ?? 0
            body = body[..<e]
        }
        let point = body.firstIndex(of: ".") ?? body.endIndex
        let integer = body[..<point]
        let fraction = point < body.endIndex ? body[body.index(after: point)...] : ""
        var digits = String(integer) + fraction
        var exponent = integer.count + power
        while digits.hasPrefix("0") { digits.removeFirst(); exponent -= 1 }
        while digits.hasSuffix("0") { digits.removeLast() }
        return (negative, digits.isEmpty ? "0" : digits, exponent)
    }
}

private extension Substring {
    func replacingPlus() -> Substring { hasPrefix("+") ? dropFirst() : self }
}
