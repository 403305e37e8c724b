import LayerDecode
import LayerModel

/// A `backgroundColor = …` value as UIKit prints a UIColor.
enum DescriptionColor: Equatable {
    /// Components UIKit printed: a concrete colour.
    case concrete(RGBA)
    /// A colour whose components the text does not give: a dynamic or named colour
    /// (`<UIDynamicSystemColor; name = systemBackgroundColor>`), a pattern, a colour space
    /// with an unexpected number of components.
    case unresolved

    /// Reads the forms UIKit prints:
    /// - `UIExtendedGrayColorSpace 0 0.35`, `UIDeviceWhiteColorSpace 1 1`,
    ///   `kCGColorSpaceModelMonochrome 0 1`: a colour space, then white and alpha;
    /// - `UIExtendedSRGBColorSpace 0 0.478431 1 1`, `UIDeviceRGBColorSpace 1 0 0 1`,
    ///   `kCGColorSpaceModelRGB 1 1 1 1`, `UIDisplayP3ColorSpace 1 0 0 1`: a colour space,
    ///   then red, green, blue and alpha;
    /// - `<UIDynamicSystemColor: 0x…; name = …>` and any other `<…>`: unresolved.
    ///
    /// Extended-range components (below 0 or above 1) are clamped; Display P3 components
    /// are taken as sRGB. Both only shift the hue, and the rules look at alpha.
    init(_ value: Range<Int>, in text: DescriptionText, values: DescriptionValues) {
        guard !value.isEmpty, text[value.lowerBound] != UInt8(ascii: "<") else { self = .unresolved; return }
        var components: [Double] = []
        var i = value.lowerBound
        // The colour space's name, then numbers.
        while i < value.upperBound, !DescriptionText.isSpace(text[i]) { i += 1 }
        while i < value.upperBound {
            while i < value.upperBound, DescriptionText.isSpace(text[i]) { i += 1 }
            let start = i
            while i < value.upperBound, !DescriptionText.isSpace(text[i]) { i += 1 }
            guard start < i else { break }
            guard let v = values.number(start..<i) else { self = .unresolved; return }
            components.append(v)
        }
        switch components.count {
        case 2: self = .concrete(RGBA(red: components[0], green: components[0], blue: components[0], alpha: components[1]))
        case 4: self = .concrete(RGBA(red: components[0], green: components[1], blue: components[2], alpha: components[3]))
        default: self = .unresolved
        }
    }

    /// What a layer stores for an unresolved colour: opaque, so that every fact that asks
    /// "does this layer draw a background?" hears yes, the answer that never lets a rule
    /// call a layer empty or a clip needless. `UnknownProperties.backgroundColor` marks the
    /// value itself as unknown, so no rule may rely on it.
    static let unresolvedPlaceholder = RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
}
