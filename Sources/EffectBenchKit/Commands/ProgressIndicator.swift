import Foundation

/// A one-line progress indicator on standard error, only when it is a terminal.
struct ProgressIndicator {
    let enabled: Bool

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) { self.enabled = enabled }

    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
