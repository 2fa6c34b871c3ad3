import Foundation

/// A one-line progress indicator on standard error, only when it is a terminal.
struct ProgressIndicator {
    let enabled: Bool
    /// Given every line shown, whether or not it is printed (tests follow a run's order with it).
    let observer: ((String) -> Void)?

    init(enabled: Bool = isatty(STDERR_FILENO) == 1, observer: ((String) -> Void)? = nil) {
        self.enabled = enabled
        self.observer = observer
    }

    func show(_ text: String) {
        observer?(text)
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
