import Foundation

/// Paths of the fixtures committed under `Tests/Fixtures` (oracles, screenshots).
public enum Fixtures {
    /// `Tests/Fixtures`, located from this source file so tests run from any directory.
    public static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A file under `Tests/Fixtures`, e.g. `"oracles/transforms.json"`.
    public static func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    /// The parsed JSON object of a fixture file.
    public static func json(_ relativePath: String) throws -> [String: Any] {
        let data = try Data(contentsOf: url(relativePath))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return object
    }
}

/// Approximate equality with explicit absolute and relative tolerances (swift-numerics style):
/// |a − b| <= max(absolute, relative·max(|a|, |b|)).
public func isApproximatelyEqual(_ a: Double, _ b: Double, absolute: Double, relative: Double = 0) -> Bool {
    guard a.isFinite, b.isFinite else { return a == b }
    return abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}
