import Foundation
import Testing
import TransitionKitCore

/// `Layer.snapshot(into:)` must give exactly `snapshot()` (the reference, built fresh), and
/// reuse the kept tree's storage when the shape is unchanged.
@MainActor @Suite struct LayerSnapshotReuseTests {
    func tree() -> (root: Layer, a: Layer, b: Layer) {
        let root = Layer(name: "root"), a = Layer(name: "a"), b = Layer(name: "b")
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 200)
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        b.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        b.backgroundColor = Color(red: 1, green: 0, blue: 0)
        root.addSublayer(a)
        a.addSublayer(b)
        return (root, a, b)
    }

    @Test func equalsAFreshSnapshotAfterEveryChange() {
        let (root, a, b) = tree()
        var kept = LayerSnapshot()
        root.snapshot(into: &kept)
        #expect(kept == root.snapshot())
        a.opacity = 0.5
        b.transform = Transform3D(scaleX: 2, y: 2)
        root.snapshot(into: &kept)
        #expect(kept == root.snapshot())
        let mask = Layer(name: "mask")
        mask.path = .ellipse(in: CGRect(x: 0, y: 0, width: 30, height: 40))
        a.mask = mask
        root.snapshot(into: &kept)
        #expect(kept == root.snapshot() && kept.sublayers[0].mask != nil)
        mask.path = .ellipse(in: CGRect(x: 1, y: 1, width: 20, height: 20))
        root.snapshot(into: &kept)
        #expect(kept == root.snapshot())
        a.mask = nil
        root.addSublayer(Layer(name: "c"))
        b.removeFromSuperlayer()
        root.snapshot(into: &kept)
        #expect(kept == root.snapshot() && kept.sublayers.count == 2 && kept.sublayers[0].sublayers.isEmpty)
        #expect(kept.depth == root.snapshot().depth)
    }

    @Test func reusesTheArraysOfAnUnchangedShape() {
        let (root, a, _) = tree()
        var kept = LayerSnapshot()
        root.snapshot(into: &kept)
        let before = kept.sublayers.withUnsafeBufferPointer { $0.baseAddress }
        let innerBefore = kept.sublayers[0].sublayers.withUnsafeBufferPointer { $0.baseAddress }
        a.position.x += 3
        root.snapshot(into: &kept)
        #expect(kept.sublayers[0].properties.position.x == a.position.x)
        #expect(kept.sublayers.withUnsafeBufferPointer { $0.baseAddress } == before)
        #expect(kept.sublayers[0].sublayers.withUnsafeBufferPointer { $0.baseAddress } == innerBefore)
    }

    @Test func transformFinitenessLooksAtEveryEntry() {
        #expect(Transform3D.identity.isFinite)
        #expect(Transform3D(scaleX: 1e300, y: -1e300).isFinite)
        let entries: [WritableKeyPath<Transform3D, CGFloat>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24, \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
        ]
        for bad in [CGFloat.infinity, -.infinity, .nan] {
            for (k, entry) in entries.enumerated() {
                var t = Transform3D.identity
                t[keyPath: entry] = bad
                #expect(!t.isFinite, "entry \(k) = \(bad)")
            }
        }
    }
}
