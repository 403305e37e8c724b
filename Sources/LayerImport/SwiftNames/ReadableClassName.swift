import LayerModel

/// How the importers name a class a person reads: a mangled Swift name (`_TtCC5Adyen…`)
/// as Swift writes it (`MangledTypeName.readable`), with the name as written kept in the
/// layer's extra property `key` (`mangledViewClass`, `mangledLayerClass`), so that JSON
/// keeps both. Any other name is kept as it is.
enum ReadableClassName {
    static func of(_ name: String, keepingRawAs key: String, in extras: inout [ExtraProperty]) -> String {
        guard name.hasPrefix("_Tt"), let type = MangledTypeName(name) else { return name }
        extras.append(ExtraProperty(key: key, json: JSONText.quoted(name)))
        return type.readable
    }
}
