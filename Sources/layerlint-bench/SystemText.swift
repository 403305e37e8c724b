import Glibc

/// Small text helpers on top of libc, so the benchmark needs no Foundation.

func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeTextFile(_ path: String, _ text: String) throws {
    let file = try OutputFile(creating: path)
    var bytes = Array(text.utf8)
    try bytes.withUnsafeMutableBytes { try file.write(UnsafeRawBufferPointer($0)) }
}

func fileSize(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
}

func makeDirectory(_ path: String) throws {
    var partial = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
        partial += "/" + component
        if mkdir(partial, 0o755) != 0 && errno != EEXIST {
            throw SystemError("cannot create \(partial)")
        }
    }
}

/// `x` with a fixed number of decimals, rounded half away from zero.
func decimal(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let fraction = String(scaled % Int(scale))
        text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
}

/// Seconds, with 3 significant-ish decimals for short runs.
func seconds(_ value: Double) -> String {
    decimal(value, value < 10 ? 3 : 2)
}

func megabytes(_ bytes: Int) -> String {
    decimal(Double(bytes) / 1_000_000, 1)
}

/// 1,000,000 with thin grouping commas, as the targets are written.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return text
}

/// nproc, the CPU model, the UTC date and the command line.
func machineInfo() -> [String] {
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let model = readTextFile("/proc/cpuinfo")?
        .split(separator: "\n")
        .first { $0.hasPrefix("model name") }
        .flatMap { $0.split(separator: ":", maxSplits: 1).last }
        .map { String($0.drop { $0 == " " }) } ?? "unknown"
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
    let date = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return [
        "- nproc: \(cores)",
        "- CPU: \(model)",
        "- date: \(date)",
        "- command: `\(CommandLine.arguments.joined(separator: " "))`",
    ]
}

/// The real path of this executable, to spawn its own `scan` subcommand.
func selfExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "/proc/self/exe" }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A progress line on standard error (file descriptor 2: libc's `stderr` is a global
/// that Swift 6 treats as shared mutable state).
func progress(_ text: String) {
    var bytes = Array((text + "\n").utf8)
    bytes.withUnsafeMutableBytes { _ = write(2, $0.baseAddress, $0.count) }
}
