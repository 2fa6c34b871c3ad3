#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file reads and atomic whole-file writes with POSIX calls, reporting failures as
/// `ImageFileError`s that carry the path and the system's reason.
enum FileBytes {
    /// The largest file `read(path:)` accepts, in bytes (2 GiB: more than the largest PNG
    /// of a `Bitmap.maximumDimension`² image stored without compression).
    static let maximumFileSize = 1 << 31

    /// The whole contents of the file at `path`.
    /// - Throws: `ImageFileError.unreadableFile` with the system's reason (missing file,
    ///   no permission, a directory, larger than `maximumFileSize`).
    /// - Complexity: O(file size).
    static func read(path: String) throws(ImageFileError) -> [UInt8] {
        // O_NONBLOCK so that opening a FIFO does not wait for a writer; only regular files
        // are read (a device such as /dev/zero would never end).
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadableFile(path: path, reason: systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadableFile(path: path, reason: systemReason()) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadableFile(path: path, reason: String(cString: strerror(EISDIR)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadableFile(path: path, reason: "not a regular file (a device, FIFO or socket)")
        }
        guard Int(info.st_size) <= maximumFileSize else {
            throw .unreadableFile(path: path, reason: "file larger than \(maximumFileSize) bytes")
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(max(0, min(Int(info.st_size), maximumFileSize)) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: path, reason: systemReason())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumFileSize {
                throw .unreadableFile(path: path, reason: "file larger than \(maximumFileSize) bytes")
            }
        }
        return bytes
    }

    /// Writes `bytes` to `path` so that `path` holds either its old contents or all of
    /// `bytes`, never a part: the data goes to a new temporary file in the same directory,
    /// is flushed with `fsync`, then `rename`d over `path`. On failure the temporary file
    /// is removed.
    /// - Throws: `ImageFileError.unwritableOutput` with the system's reason.
    /// - Complexity: O(bytes.count).
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageFileError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw .unwritableOutput(path: path, reason: "the path names a directory, not a file") }
        if let reason = notReplaceable(path) { throw .unwritableOutput(path: path, reason: reason) }
        var fd: Int32 = -1
        var temporary = ""
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = "\(directory).\(name).\(suffix).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw .unwritableOutput(path: path, reason: systemReason()) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = systemReason(); return
                }
                offset += n
            }
        }
        if failure == nil, fsync(fd) != 0, errno != EINVAL { failure = systemReason() }
        if close(fd) != 0, failure == nil { failure = systemReason() }
        if failure == nil, rename(temporary, path) != 0 { failure = systemReason() }
        if let failure {
            unlink(temporary)
            throw .unwritableOutput(path: path, reason: failure)
        }
    }

    /// Why an existing `path` must not be replaced by a rename (it is a device, FIFO, socket,
    /// directory or symbolic link: renaming over `/dev/null` would delete the device), or nil
    /// when it does not exist or is a regular file.
    static func notReplaceable(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "the path is a directory"
        case S_IFLNK: return "the path is a symbolic link; give the real file's path"
        default: return "the path exists and is not a regular file (a device, FIFO or socket)"
        }
    }

    /// `strerror(errno)` as a `String`.
    static func systemReason() -> String { String(cString: strerror(errno)) }
}

/// POSIX `read(2)`, named apart from `FileBytes.read(path:)`.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
