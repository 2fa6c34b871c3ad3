import Foundation
import TransitionKitCore
import TransitionKitRender

/// Everything that stops effect-bench: printed as one line on standard error, with a
/// non-zero exit status (2 for usage, 1 for failures, 3 for a baseline regression).
public struct BenchError: Error, CustomStringConvertible, Equatable {
    /// What went wrong: bad arguments or input values, a failure while running (files,
    /// an effect that does not finish), or a slowdown against `--baseline`.
    public enum Kind: Equatable, Sendable { case usage, failure, regression }
    /// What went wrong.
    public let kind: Kind
    /// The message without the `effect-bench: ` prefix.
    public let message: String

    /// A usage error (exit status 2).
    public static func usage(_ m: String) -> BenchError { BenchError(kind: .usage, message: m) }
    /// A failure (exit status 1).
    public static func failure(_ m: String) -> BenchError { BenchError(kind: .failure, message: m) }

    /// The line printed on standard error (control characters from arguments or files are
    /// escaped, so it stays one line).
    public var description: String { line(program: "effect-bench") }

    /// The error line of the program named `program` (`iris-bench: unknown effect …`).
    public func line(program: String) -> String { "\(program): \(message)".escapingControlCharacters }

    /// The process exit status: 2 usage, 1 failure, 3 regression.
    public var exitCode: Int32 {
        switch kind {
        case .usage: 2
        case .failure: 1
        case .regression: 3
        }
    }

    /// An error of `kind` with `message` (one line).
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// A library error about a value (a usage error).
    public init(_ error: TransitionKitError) { self.init(kind: .usage, message: error.description) }
    /// An image file that cannot be read or written (a failure).
    public init(_ error: ImageFileError) { self.init(kind: .failure, message: error.description) }
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
