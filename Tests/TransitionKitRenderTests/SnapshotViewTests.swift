import Foundation
import Testing
import TransitionKitCore
import TransitionKitRender

/// `View.snapshotView()` and `Layer.copyTree()`: a snapshot draws exactly as the view it was
/// taken of (the compositor is the independent judge: the same pixels, byte for byte), and it
/// does not follow later changes.
@MainActor
@Suite struct SnapshotViewTests {
    /// A screen with a background, an image, a rounded clipped subview, a transformed layer
    /// and an elliptical mask: every kind of state `copyTree` must carry.
    private func makeScreen(in window: Window) throws -> View {
        let screen = View(frame: window.rootView.bounds, name: "screen")
        screen.backgroundColor = Color(red: 0.9, green: 0.85, blue: 0.7)
        var image = Bitmap(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { image.setPixel(RGBA8(r: UInt8(x * 30), g: UInt8(y * 30), b: 90, a: 255), x: x, y: y) } }
        let card = View(frame: CGRect(x: 10, y: 20, width: 60, height: 40), name: "card")
        card.layer.contents = image
        card.layer.cornerRadius = 8
        card.clipsToBounds = true
        screen.addSubview(card)
        let badge = Layer(name: "badge")
        badge.frame = CGRect(x: 40, y: 70, width: 30, height: 20)
        badge.backgroundColor = Color(red: 0.1, green: 0.3, blue: 0.8)
        badge.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        screen.layer.addSublayer(badge)
        let mask = Layer(name: "mask")
        mask.frame = screen.bounds
        mask.path = .ellipse(in: screen.bounds.insetBy(dx: 5, dy: 5))
        screen.layer.mask = mask
        window.rootView.addSubview(screen)
        return screen
    }

    private func render(_ window: Window) throws -> Bitmap {
        try Compositor(options: RenderOptions(scale: 2)).render(window.snapshot(), size: window.size)
    }

    @Test func snapshotDrawsTheSamePixels() throws {
        let window = Window(size: CGSize(width: 100, height: 120), frameClock: ManualFrameClock())
        let screen = try makeScreen(in: window)
        let original = try render(window)
        // Not a blank picture: the masked-out corner is the window's black, the card's centre is not.
        #expect(original.pixel(x: 0, y: 0) == RGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(original.pixel(x: 80, y: 80) != original.pixel(x: 0, y: 0))
        let snapshot = screen.snapshotView()
        window.rootView.addSubview(snapshot)
        screen.isHidden = true
        #expect(try render(window) == original)
        #expect(snapshot.frame == screen.frame && snapshot.subviews.isEmpty)
        #expect(snapshot.layer.sublayers.count == screen.layer.sublayers.count)
    }

    @Test func snapshotDoesNotFollowLaterChanges() throws {
        let window = Window(size: CGSize(width: 100, height: 120), frameClock: ManualFrameClock())
        let screen = try makeScreen(in: window)
        let snapshot = screen.snapshotView()
        let before = snapshot.layer.snapshot()
        screen.subviews[0].layer.opacity = 0.25
        screen.layer.mask?.path = .rect(CGRect(x: 0, y: 0, width: 10, height: 10))
        screen.layer.sublayers.last?.position = CGPoint(x: 1, y: 1)
        #expect(snapshot.layer.snapshot() == before)
        #expect(snapshot.layer.sublayers.allSatisfy { $0.superlayer === snapshot.layer })
    }
}
