import Glibc

/// One run of a command: wall time, peak resident memory, how it ended.
struct Measurement: Sendable {
    var seconds: Double
    /// User plus system time, of every thread of the process.
    var cpuSeconds: Double
    var peakRSSBytes: Int
    /// The exit code, or nil when a signal ended the process.
    var exitCode: Int32?
    var signal: Int32?
}

/// Spawns a command (posix_spawn) with stdout to `stdoutPath` (default /dev/null) and
/// stderr to /dev/null, waits with wait4 and reads the child's own rusage, so the
/// numbers belong to that process alone and nothing runs in between.
///
/// Peak RSS is read through GNU time when the machine has it (Debian's `time`). A child
/// that posix_spawn starts shares this process's memory until it calls exec, and Linux
/// carries that memory's high-water mark into the child's `ru_maxrss`: spawned straight
/// from here, every command would show at least this benchmark's own peak (475 MB once it
/// has generated the million-layer dumps). time is a small process of its own, so what it
/// reports is the command's.
func measure(_ arguments: [String], stdoutPath: String = "/dev/null") throws -> Measurement {
    guard access(gnuTime, X_OK) == 0 else { return try spawnAndWait(arguments, stdoutPath: stdoutPath) }
    var template = Array("/tmp/layerlint-bench-rss-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw SystemError("cannot create a file for time's report") }
    close(fd)
    // The name mkstemp filled in, up to its terminating NUL.
    let reportPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(reportPath) }
    var run = try spawnAndWait([gnuTime, "-f", "%M", "-o", reportPath] + arguments, stdoutPath: stdoutPath)
    // time writes "Command exited with non-zero status N" or "Command terminated by
    // signal N" before the figure when the command did not end well; the figure is last.
    let lines = try readText(reportPath).split(separator: "\n")
    guard let last = lines.last, let kilobytes = Int(last) else {
        throw SystemError("time gave no peak RSS for \(arguments[0])")
    }
    run.peakRSSBytes = kilobytes * 1024
    if let line = lines.first(where: { $0.hasPrefix("Command terminated by signal ") }),
       let signal = Int32(line.split(separator: " ").last ?? "") {
        run.signal = signal
        run.exitCode = nil
    }
    return run
}

private let gnuTime = "/usr/bin/time"

private func readText(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw SystemError("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func spawnAndWait(_ arguments: [String], stdoutPath: String) throws -> Measurement {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    let cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }

    var pid: pid_t = 0
    let start = monotonicSeconds()
    // posix_spawnp searches PATH for bare names such as `jq`.
    let result = posix_spawnp(&pid, arguments[0], &actions, nil, cArguments, environ)
    guard result == 0 else {
        errno = result
        throw SystemError("cannot run \(arguments[0])")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw SystemError("wait4 for \(arguments[0])") }
    }
    let seconds = monotonicSeconds() - start
    // The wait status layout of Linux: low 7 bits the signal, next byte the exit code.
    let signal = status & 0x7F
    func time(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return Measurement(
        seconds: seconds,
        cpuSeconds: time(usage.ru_utime) + time(usage.ru_stime),
        peakRSSBytes: Int(usage.ru_maxrss) * 1024,  // Linux reports kilobytes
        exitCode: signal == 0 ? (status >> 8) & 0xFF : nil,
        signal: signal == 0 ? nil : signal
    )
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// The best of several runs: the minimum wall time and CPU time (least disturbed by the
/// shared machine) and the maximum peak RSS (memory does not get better by luck).
struct Best: Sendable {
    var seconds: Double
    var cpuSeconds: Double = .infinity
    var peakRSSBytes: Int
    /// Set when any run ended with a status outside the accepted ones.
    var failure: String?
}

func measureBest(_ arguments: [String], repeats: Int, accepted: Set<Int32> = [0],
                 stdoutPath: String = "/dev/null") throws -> Best {
    try measureInterleaved([BenchCommand(arguments, accepted: accepted, stdoutPath: stdoutPath)], repeats: repeats)[0]
}

/// One command of a comparison.
struct BenchCommand {
    var arguments: [String]
    var accepted: Set<Int32> = [0]
    var stdoutPath = "/dev/null"
    /// At most this many runs, in the first rounds: for a reference so slow that one run
    /// costs more than all the others of a round (jq at 1,000,000 layers), and whose
    /// ratio is far from its target either way.
    var maxRuns: Int?
    init(_ arguments: [String], accepted: Set<Int32> = [0], stdoutPath: String = "/dev/null", maxRuns: Int? = nil) {
        self.arguments = arguments; self.accepted = accepted; self.stdoutPath = stdoutPath; self.maxRuns = maxRuns
    }
}

/// The best of `repeats` runs of each command, run in rounds (each command once per
/// round) so that a slow spell of the shared machine falls on all of them alike and the
/// ratios between them hold.
func measureInterleaved(_ commands: [BenchCommand], repeats: Int) throws -> [Best] {
    var best = commands.map { _ in Best(seconds: .infinity, peakRSSBytes: 0, failure: nil) }
    for round in 0..<max(repeats, 1) {
        for (k, command) in commands.enumerated() where best[k].failure == nil && round < (command.maxRuns ?? .max) {
            let run = try measure(command.arguments, stdoutPath: command.stdoutPath)
            best[k].seconds = min(best[k].seconds, run.seconds)
            best[k].cpuSeconds = min(best[k].cpuSeconds, run.cpuSeconds)
            best[k].peakRSSBytes = max(best[k].peakRSSBytes, run.peakRSSBytes)
            if let signal = run.signal {
                best[k].failure = "killed by signal \(signal)"
            } else if let code = run.exitCode, !command.accepted.contains(code) {
                best[k].failure = "exit status \(code)"
            }
        }
    }
    return best
}

/// The least peak RSS any measured command can show (see `measure`): about a megabyte
/// through GNU time, this benchmark's own peak without it. Measured with `true`, which
/// uses almost none itself.
func peakRSSFloor() throws -> Int {
    try measure(["true"]).peakRSSBytes
}
