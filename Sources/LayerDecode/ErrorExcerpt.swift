/// Text of an input shown in an error message: at most `maximumBytes` bytes of the
/// offending token, cut at a character boundary, with `…` when cut.
///
/// Errors end up in public places (a pull request's check output, a bot's comment), and
/// the file may not be a dump at all: a private key or a `.env` named `.yml`. A message
/// therefore names the token that is wrong, never more of the file, and never more than
/// a short excerpt of it.
public enum ErrorExcerpt {
    public static let maximumBytes = 32

    public static func of<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        guard bytes.count > maximumBytes else { return String(decoding: bytes, as: UTF8.self) }
        var cut = Array(bytes.prefix(maximumBytes + 1))
        // Back off to the start of the character the cut falls in.
        var end = maximumBytes
        while end > 0, cut[end] & 0xC0 == 0x80 { end -= 1 }
        cut.removeSubrange(end...)
        return String(decoding: cut, as: UTF8.self) + "…"
    }

    public static func of(_ text: String) -> String { of(text.utf8) }
}
