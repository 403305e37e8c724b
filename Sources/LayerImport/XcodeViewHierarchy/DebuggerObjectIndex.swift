import LayerDecode
import Foundation

/// Every object of a bundle's replies by `objectID`, in the order first met, with the
/// problems met on the way (one warning per file and kind, never one per object).
struct DebuggerObjectIndex {
    private(set) var objects: [String: DebuggerObject] = [:]
    private(set) var order: [String] = []
    private(set) var warnings: [String] = []

    private static let replyKeys: Set<String> = [
        "version", "request", "metaData", "classInformation", "topLevelGroups", "topLevelPropertyDescriptions",
        "logEntries",
    ]
    private static let groupKeys: Set<String> = ["groupingID", "debugHierarchyObjects"]
    private static let objectKeys: Set<String> = [
        "objectID", "className", "fetchStatus", "visibility", "properties", "childGroup", "additionalGroups",
        "propertyVisibility", "propertyLogicalType",
    ]
    private static let propertyKeys: Set<String> = [
        "propertyName", "propertyValue", "propertyFormat", "propertyRuntimeType", "propertyLogicalType",
        "visibility", "propertyOptions", "propertyVisibility", "fetchStatus",
    ]

    /// Adds one reply. `file` names it in warnings.
    mutating func add(reply: [String: Any], file: String) {
        var problems = FileProblems()
        for key in reply.keys where !Self.replyKeys.contains(key) { problems.unknownKeys.insert(key) }
        if let groups = reply["topLevelGroups"] {
            scan(groups: groups, file: file, problems: &problems)
        } else {
            warnings.append("\(file): the reply has no `topLevelGroups`; it holds no objects")
        }
        if let described = reply["topLevelPropertyDescriptions"] {
            addPropertyDescriptions(described, file: file, problems: &problems)
        }
        warnings += problems.messages(file: file)
    }

    /// `topLevelGroups`: a mapping from grouping ID to group, or a list of groups.
    private mutating func scan(groups: Any, file: String, problems: inout FileProblems) {
        var entries: [(String?, Any)] = []
        if let map = groups as? [String: Any] {
            entries = map.keys.sorted().map { ($0, map[$0]!) }
        } else if let list = groups as? [Any] {
            entries = list.map { (nil, $0) }
        } else {
            warnings.append("\(file): `topLevelGroups` is \(Self.kind(of: groups)), expected a mapping of groups; the reply is skipped")
            return
        }
        // An explicit stack: a reply can nest thousands of levels deep.
        var pending: [(object: [String: Any], groupingID: String?)] = []
        for (key, group) in entries {
            guard let (groupingID, members) = self.group(group, key: key, problems: &problems) else { continue }
            for member in members { if let o = member as? [String: Any] { pending.append((o, groupingID)) } }
            problems.notObjects += members.count(where: { !($0 is [String: Any]) })
        }
        pending.reverse()
        while let (o, groupingID) = pending.popLast() {
            guard let id = Self.objectID(o) else { problems.withoutID += 1; continue }
            var object = objects[id] ?? DebuggerObject(id: id, file: file)
            if objects[id] == nil { order.append(id) }
            merge(o, into: &object, groupingID: groupingID, problems: &problems)
            var next: [(object: [String: Any], groupingID: String?)] = []
            if let childGroup = o["childGroup"] {
                if let (childGroupingID, members) = self.group(childGroup, key: groupingID, problems: &problems) {
                    for member in members {
                        guard let c = member as? [String: Any] else { problems.notObjects += 1; continue }
                        if let cid = Self.objectID(c), !object.children.contains(cid) { object.children.append(cid) }
                        next.append((c, childGroupingID))
                    }
                }
            }
            if let additional = o["additionalGroups"] {
                if let list = additional as? [Any] {
                    for g in list {
                        guard let (gid, members) = self.group(g, key: nil, problems: &problems) else { continue }
                        var ids: [String] = []
                        for member in members {
                            guard let c = member as? [String: Any] else { problems.notObjects += 1; continue }
                            if let cid = Self.objectID(c) { ids.append(cid) }
                            next.append((c, gid))
                        }
                        object.additional.append((gid, ids))
                    }
                } else {
                    problems.wrongTypes.insert("additionalGroups")
                }
            }
            objects[id] = object
            pending += next.reversed()
        }
    }

    /// A group: `{groupingID, debugHierarchyObjects}`. Nil (and a problem noted) when it is
    /// not one.
    private func group(_ value: Any, key: String?, problems: inout FileProblems) -> (String?, [Any])? {
        guard let map = value as? [String: Any] else { problems.wrongTypes.insert("groups"); return nil }
        for k in map.keys where !Self.groupKeys.contains(k) { problems.unknownKeys.insert(k) }
        guard let members = map["debugHierarchyObjects"] as? [Any] else {
            if map["debugHierarchyObjects"] != nil { problems.wrongTypes.insert("debugHierarchyObjects") }
            return nil
        }
        return ((map["groupingID"] as? String) ?? key, members)
    }

    private mutating func merge(_ o: [String: Any], into object: inout DebuggerObject, groupingID: String?,
                                problems: inout FileProblems) {
        for k in o.keys where !Self.objectKeys.contains(k) { problems.unknownKeys.insert(k) }
        object.groupingIDs.insert(groupingID ?? "")
        if let className = o["className"] {
            if let s = className as? String { object.className = s } else { problems.wrongTypes.insert("className") }
        }
        if let raw = o["fetchStatus"] {
            switch Self.fetchStatus(raw, problems: &problems) {
            case .failed?: object.fetchFailed = true
            default: break
            }
        }
        guard let properties = o["properties"] else { return }
        guard let list = properties as? [Any] else { problems.wrongTypes.insert("properties"); return }
        for p in list {
            guard let p = p as? [String: Any], let name = p["propertyName"] as? String else {
                problems.unnamedProperties += 1
                continue
            }
            Self.store(property(p, problems: &problems), named: name, in: &object)
        }
    }

    /// A property with `fetchStatus` 8 (unchanged) and no value keeps the value an earlier
    /// reply gave; any other replaces it.
    private static func store(_ p: DebuggerProperty, named name: String, in object: inout DebuggerObject) {
        if p.status == .unchanged, p.value == nil, let earlier = object.properties[name], earlier.status != .noValue,
           earlier.failure == nil {
            return
        }
        object.properties[name] = p
    }

    /// `fetchStatus` as the debugger numbers it; an unknown number is noted and read as
    /// retrieved, a value that is not a number as absent.
    private static func fetchStatus(_ raw: Any, problems: inout FileProblems) -> FetchStatus? {
        guard let n = DebuggerScalars.integer(raw) else { problems.wrongTypes.insert("fetchStatus"); return nil }
        guard let status = FetchStatus(rawValue: n) else { problems.unknownFetchStatus.insert(n); return nil }
        return status
    }

    private func property(_ p: [String: Any], problems: inout FileProblems) -> DebuggerProperty {
        var failure: String?
        for k in p.keys where !Self.propertyKeys.contains(k) {
            // How a failed fetch is reported is not published: any key naming an error counts.
            if k.lowercased().contains("error"), !(p[k] is NSNull) {
                failure = DebuggerScalars.string(p[k]) ?? (p[k] as? [String: Any]).flatMap { Self.errorText($0) } ?? k
            } else {
                problems.unknownKeys.insert(k)
            }
        }
        let value = p["propertyValue"].flatMap { $0 is NSNull ? nil : $0 }
        var status = FetchStatus.retrieved
        if let raw = p["fetchStatus"], let s = Self.fetchStatus(raw, problems: &problems) { status = s }
        if status == .failed, failure == nil { failure = "fetchStatus 0" }
        return DebuggerProperty(value: value, format: p["propertyFormat"] as? String, failure: failure, status: status)
    }

    private static func errorText(_ map: [String: Any]) -> String? {
        for key in ["errorDescription", "NSLocalizedDescription", "description", "message"] {
            if let s = map[key] as? String, !s.isEmpty { return s }
        }
        return nil
    }

    /// `topLevelPropertyDescriptions`: properties fetched for objects of an earlier reply,
    /// keyed `objectID.propertyName`.
    private mutating func addPropertyDescriptions(_ value: Any, file: String, problems: inout FileProblems) {
        guard let map = value as? [String: Any] else { problems.wrongTypes.insert("topLevelPropertyDescriptions"); return }
        for key in map.keys.sorted() {
            guard let dot = key.firstIndex(of: "."), let p = map[key] as? [String: Any] else {
                problems.wrongTypes.insert("topLevelPropertyDescriptions")
                continue
            }
            // Addresses compare as numbers here too: `0x0A.name` belongs to object `0xa`.
            let id = DebuggerValues.normalizedAddress(String(key[..<dot]))
            let name = (p["propertyName"] as? String) ?? String(key[key.index(after: dot)...])
            var object = objects[id] ?? DebuggerObject(id: id, file: file)
            if objects[id] == nil { order.append(id) }
            Self.store(property(p, problems: &problems), named: name, in: &object)
            objects[id] = object
        }
    }

    static func objectID(_ o: [String: Any]) -> String? {
        guard let raw = DebuggerScalars.string(o["objectID"]) else { return nil }
        return DebuggerValues.normalizedAddress(raw)
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is String: return "a string"
        case is [Any]: return "a list"
        case is [String: Any]: return "a mapping"
        case is NSNull: return "null"
        default: return "a number"
        }
    }
}

/// What went wrong in one reply, counted so that it makes a few warnings.
private struct FileProblems {
    var unknownKeys: Set<String> = []
    var wrongTypes: Set<String> = []
    var withoutID = 0
    var notObjects = 0
    var unnamedProperties = 0
    var unknownFetchStatus: Set<Int> = []

    func messages(file: String) -> [String] {
        var out: [String] = []
        if !wrongTypes.isEmpty {
            out.append("\(file): values of the wrong type were skipped: \(wrongTypes.sorted().map { "`\($0)`" }.joined(separator: ", "))")
        }
        if withoutID > 0 { out.append("\(file): \(withoutID) object\(withoutID == 1 ? "" : "s") without an `objectID` skipped") }
        if notObjects > 0 { out.append("\(file): \(notObjects) group member\(notObjects == 1 ? " is" : "s are") not an object; skipped") }
        if unnamedProperties > 0 {
            out.append("\(file): \(unnamedProperties) propert\(unnamedProperties == 1 ? "y" : "ies") without a `propertyName` skipped")
        }
        if !unknownFetchStatus.isEmpty {
            let values = unknownFetchStatus.sorted().map(String.init).joined(separator: ", ")
            out.append("\(file): `fetchStatus` \(values) is none of 0 (failed), 1 (no value), 4 (retrieved), 8 (unchanged); read as retrieved")
        }
        if !unknownKeys.isEmpty {
            out.append("\(file): keys LayerLint does not read were ignored: \(unknownKeys.sorted().map { "`\($0)`" }.joined(separator: ", "))")
        }
        return out
    }
}
