extension Layer {
    /// Makes a layer read as part of a list on its own (its tree's indices and strings
    /// counting from zero) a layer of the tree that list belongs to: its indices move past
    /// the `layersBefore` layers already there, a layer at the list's top level gets
    /// `listOwner` as its parent, and each string id `i` becomes `strings[i]`. These are
    /// all the indices and string ids a layer holds: one added to `Layer` is renumbered
    /// here too (`ListFragmentsTests` compares every layer with a reading in one pass).
    public mutating func renumber(layersBefore: Int32, listOwner: Int32, strings: UnsafeBufferPointer<Int32>) {
        parent = parent < 0 ? listOwner : parent &+ layersBefore
        subtreeEnd &+= layersBefore
        if mask >= 0 { mask &+= layersBefore }
        classID = StringID(rawValue: strings[Int(classID.rawValue)])
        if nameIndex >= 0 { nameIndex = strings[Int(nameIndex)] }
        if viewClassIndex >= 0 { viewClassIndex = strings[Int(viewClassIndex)] }
    }
}
