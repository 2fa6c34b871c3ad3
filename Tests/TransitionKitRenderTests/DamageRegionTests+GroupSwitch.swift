import Foundation
import Testing
import TransitionKitCore

@testable import TransitionKitRender

/// Damage cases found by trying to break the damage render: each compares the damage render
/// into the previous frame with a full render, byte for byte (the promise of
/// `Compositor.render(_:into:damage:)`).
struct DamageGroupSwitchTests {
    /// A 40x40 pt layer at opacity 0.5, rotated 0.3 rad, with a rounded background: one part,
    /// so it is drawn directly (lowering groups only more than one part under opacity).
    static var translucentLayer: LayerProperties {
        var p = LayerProperties()
        p.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        p.position = CGPoint(x: 30.3, y: 30.7)
        p.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        p.backgroundColor = Color(red: 0.8, green: 0.3, blue: 0.2, alpha: 1)
        p.opacity = 0.5
        p.cornerRadius = 7
        return p
    }

    static func expectDamageRenderEqualsFullRender(from old: LayerSnapshot, to new: LayerSnapshot) throws {
        let size = CGSize(width: 64, height: 64)
        let compositor = Compositor(options: RenderOptions(scale: 1, background: .black, threads: 1))
        var frame = try compositor.render(old, size: size)
        let full = try compositor.render(new, size: size)
        let damage = DamageRegion(from: old, to: new, size: size, options: compositor.options)
        compositor.render(new, into: &frame, damage: damage)
        #expect(frame == full)
    }

    /// Setting a path makes two parts: the layer turns into a group, which rounds its
    /// background's edge differently, so the damage is the whole layer, not the path's ring.
    @Test func aPathSetOnATranslucentLayerDamagesAllOfIt() throws {
        var q = Self.translucentLayer
        q.path = .rect(CGRect(x: 2, y: 2, width: 3, height: 3))
        let old = LayerSnapshot(properties: Self.translucentLayer), new = LayerSnapshot(properties: q)
        try Self.expectDamageRenderEqualsFullRender(from: old, to: new)
        try Self.expectDamageRenderEqualsFullRender(from: new, to: old)
    }

    /// Showing a hidden sublayer of a translucent layer turns the layer into a group too.
    @Test func aSublayerShownInATranslucentLayerDamagesAllOfIt() throws {
        var s = LayerProperties()
        s.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        s.position = CGPoint(x: 10, y: 10)
        s.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 1)
        s.isHidden = true
        let old = LayerSnapshot(properties: Self.translucentLayer, sublayers: [LayerSnapshot(properties: s)])
        s.isHidden = false
        let new = LayerSnapshot(properties: Self.translucentLayer, sublayers: [LayerSnapshot(properties: s)])
        try Self.expectDamageRenderEqualsFullRender(from: old, to: new)
        try Self.expectDamageRenderEqualsFullRender(from: new, to: old)
    }

    /// A region reaching outside the bitmap whose pixel count equals the bitmap's area is not
    /// the whole frame: pixels outside the region keep their values.
    @Test func aRegionPartlyOutsideTheFrameLeavesTheRestAlone() throws {
        let root = LayerSnapshot {
            $0.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
            $0.position = CGPoint(x: 5, y: 5)
            $0.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let compositor = Compositor(options: RenderOptions(scale: 1, background: .black, threads: 1))
        var frame = Bitmap(width: 10, height: 10)
        let marker = RGBA8(r: 7, g: 200, b: 9, a: 255)
        for y in 0..<10 { for x in 0..<10 { frame.setPixel(marker, x: x, y: y) } }
        let damage = DamageRegion(rect: CGRect(x: 0, y: 0, width: 5, height: 10))
            .union(DamageRegion(rect: CGRect(x: 10, y: 0, width: 5, height: 10)))
        #expect(damage.pixelCount == 100)
        compositor.render(root, into: &frame, damage: damage)
        #expect(frame.pixel(x: 7, y: 3) == marker)
        #expect(frame.pixel(x: 2, y: 3) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    }
}
