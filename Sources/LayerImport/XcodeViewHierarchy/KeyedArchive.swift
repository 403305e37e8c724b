import LayerDecode
import Foundation

/// An `NSKeyedArchiver` archive read as data, never instantiated: a property list (binary
/// or XML) `{$archiver, $version, $objects, $top}` whose objects refer to each other by
/// UID, an index into `$objects`. Nothing here follows a reference unchecked: a UID past
/// `$objects` is an error of the value that holds it, a cycle is cut where it closes, and
/// the archive's size and object count are checked before anything is built.
struct KeyedArchive {
    /// `$objects`, as parsed.
    let objects: [Any]
    /// `$top`: the root objects by key (`root` for `archivedData(withRootObject:)`).
    let top: [String: Any]

    /// Why an archive cannot be read, as a warning's tail says it.
    struct Failure: Error, Equatable { var reason: String }

    /// Parses `data`: a binary (`bplist00`) or XML property list in the keyed archiver's
    /// layout. Refuses more than `maxBytes` bytes or `maxValues` values before parsing,
    /// more than `maxObjects` objects after.
    init(data: Data, maxBytes: Int, maxObjects: Int, maxValues: Int) throws(Failure) {
        guard data.count <= maxBytes else {
            throw Failure(reason: "the archive is \(data.count) bytes, more than the \(maxBytes) one may hold")
        }
        // A keyed archive nests 4 levels ($objects, an object, its list, a UID); 32 is ample.
        if let problem = PropertyListShape.problem(data, maxValues: maxValues, maxDepth: 32) {
            throw Failure(reason: problem)
        }
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Failure(reason: "not a property list (binary or XML)")
        }
        guard let root = parsed as? [String: Any] else { throw Failure(reason: "the property list is not a dictionary") }
        guard let archiver = root["$archiver"] as? String else {
            throw Failure(reason: "the property list has no `$archiver`: it is not a keyed archive")
        }
        guard archiver == "NSKeyedArchiver" else { throw Failure(reason: "`$archiver` is `\(archiver.prefix(40))`, not NSKeyedArchiver") }
        guard let objects = root["$objects"] as? [Any] else { throw Failure(reason: "the archive has no `$objects` list") }
        guard objects.count <= maxObjects else {
            throw Failure(reason: "the archive holds \(objects.count) objects, more than the \(maxObjects) one may hold")
        }
        guard let top = root["$top"] as? [String: Any] else { throw Failure(reason: "the archive has no `$top` dictionary") }
        self.objects = objects
        self.top = top
    }

    /// The index a UID value holds. An XML archive (and a parser that does not know UIDs)
    /// gives `{"CF$UID": n}`; Foundation's binary parser gives an opaque UID object
    /// (`_NSKeyedArchiverUID` on Linux, `__NSCFKeyedArchiverUID` on Apple platforms)
    /// whose number is read through reflection or its description. Nil: not a UID.
    static func uid(_ value: Any) -> Int? {
        if let map = value as? [String: Any] {
            guard map.count == 1, let n = map["CF$UID"] as? NSNumber else { return nil }
            let d = n.doubleValue
            return d >= 0 && d == d.rounded() && d < 4.0e9 ? Int(d) : -1
        }
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            switch child.value {
            case let v as UInt32: return Int(v)
            case let v as UInt64: return v < 4_000_000_000 ? Int(v) : -1
            case let v as Int: return v
            default: break
            }
        }
        // `<CFKeyedArchiverUID 0x…>{value = 7}`
        let text = String(describing: value)
        guard let r = text.range(of: "value = ") else { return -1 }
        return Int(text[r.upperBound...].prefix { $0.isNumber }) ?? -1
    }

    /// What a reference resolves to.
    enum Resolved {
        /// `$null`, the archiver's nil.
        case null
        case value(Any)
        /// A UID outside `$objects`.
        case outOfRange(Int)
    }

    /// Follows `value` when it is a UID; anything else is itself.
    func resolve(_ value: Any) -> Resolved {
        guard let n = Self.uid(value) else { return .value(value) }
        guard n >= 0, n < objects.count else { return .outOfRange(n) }
        if n == 0, let s = objects[0] as? String, s == "$null" { return .null }
        return .value(objects[n])
    }

    /// The index of the object `value` refers to, when it is an in-range UID.
    func index(_ value: Any) -> Int? {
        guard let n = Self.uid(value), n > 0, n < objects.count else { return nil }
        return n
    }

    /// The class name of an archived object (`$class` → `$classname`); nil when it has none.
    func className(of object: [String: Any]) -> String? {
        guard let ref = object["$class"], case .value(let c) = resolve(ref), let map = c as? [String: Any] else { return nil }
        return map["$classname"] as? String
    }

    /// The members of an archived `NSArray`/`NSSet` (`NS.objects`), or a plain list.
    func members(_ value: Any) -> [Any]? {
        if let list = value as? [Any] { return list }
        guard let map = value as? [String: Any], let list = map["NS.objects"] as? [Any] else { return nil }
        return list
    }
}
