import Foundation

/// The unit-circle points of a rounded rectangle's four corner arcs (`ShapeFlattening.roundedRect`),
/// computed once per chord count and shared: a screen of many rounded layers (thumbnails,
/// cards, cells) would otherwise take a sine and a cosine per arc point of every layer in every
/// frame. The points are those `roundedRect` would compute itself (the same angle expression,
/// so the same bits): corner k (clockwise on a y-down screen from the top-right, starting at
/// −π/2, 0, π/2, π) has its n + 1 points at indices k·(n + 1) ..< (k + 1)·(n + 1).
final class CornerArcs: @unchecked Sendable {
    // @unchecked Sendable: `tables` is read and written only under `lock`.
    static let shared = CornerArcs()
    private let lock = NSLock()
    private var tables: [Int: [SIMD2<Double>]] = [:]
    /// Tables kept at most (chord counts 1...2048; a frame uses a few): beyond it they are dropped
    /// and rebuilt, a bound on memory, not a measured size.
    static let maximumTables = 256

    /// The 4·(n + 1) points (cos t, sin t) for `n` chords per corner, n >= 1.
    /// - Complexity: O(1) once built (a lookup under a lock); O(n) sines and cosines the first time.
    func points(chords n: Int) -> [SIMD2<Double>] {
        lock.lock()
        defer { lock.unlock() }
        if let t = tables[n] { return t }
        if tables.count >= CornerArcs.maximumTables { tables.removeAll() }
        var t: [SIMD2<Double>] = []
        t.reserveCapacity(4 * (n + 1))
        for start in [-Double.pi / 2, 0, Double.pi / 2, Double.pi] {
            for i in 0...n {
                let a = start + Double.pi / 2 * Double(i) / Double(n)
                t.append(SIMD2(cos(a), sin(a)))
            }
        }
        tables[n] = t
        return t
    }
}
