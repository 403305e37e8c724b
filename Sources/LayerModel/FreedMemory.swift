import CHeapTrim

/// Hands memory the process has freed back to the system. glibc keeps what a thread frees
/// in that thread's arena for reuse: after the rule walk, whose threads collect findings in
/// chunks that are then copied into one array, a million-layer lint would hold the
/// findings twice (40 MB more at its peak), and the path table's scaffolding after it.
/// Called between the stages of a large snapshot's lint that free much and then allocate
/// much; a no-op off glibc.
public enum FreedMemory {
    /// Below this many layers a snapshot's stages free too little to matter, and a folder of
    /// small dumps would pay for walking the arenas once per file.
    public static let worthwhileLayers = 50_000

    public static func returnToSystem(afterStageOf layerCount: Int) {
        guard layerCount >= worthwhileLayers else { return }
        layerlint_heap_trim()
    }
}
