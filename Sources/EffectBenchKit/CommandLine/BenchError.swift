import Foundation
import TransitionKitCore
import TransitionKitRender

/// Everything that stops effect-bench: printed as one line on standard error, with a
/// non-zero exit status (2 for usage, 1 for failures, 3 for a baseline regression).
struct BenchError: Error, CustomStringConvertible, Equatable {
    enum Kind: Equatable { case usage, failure, regression }
    let kind: Kind
    let message: String

    static func usage(_ m: String) -> BenchError { BenchError(kind: .usage, message: m) }
    static func failure(_ m: String) -> BenchError { BenchError(kind: .failure, message: m) }

    /// The line printed on standard error (control characters from arguments or files are
    /// escaped, so it stays one line).
    var description: String { "effect-bench: \(message)".escapingControlCharacters }

    var exitCode: Int32 {
        switch kind {
        case .usage: 2
        case .failure: 1
        case .regression: 3
        }
    }

    init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    init(_ error: TransitionKitError) { self.init(kind: .usage, message: error.description) }
    init(_ error: ImageFileError) { self.init(kind: .failure, message: error.description) }
}

extension BenchError {
    /// Runs `body`, turning the library's typed errors into bench errors (bad values are
    /// usage errors, file problems failures).
    static func mapping<T>(_ body: () throws -> T) throws(BenchError) -> T {
        do {
            return try body()
        } catch let e as BenchError {
            throw e
        } catch let e as TransitionKitError {
            throw BenchError(e)
        } catch let e as ImageFileError {
            throw BenchError(e)
        } catch {
            throw .failure("\(error)")
        }
    }
}
