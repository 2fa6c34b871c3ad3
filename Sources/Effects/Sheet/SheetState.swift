import Foundation
import TransitionKitCore

/// What one presented sheet keeps between its present and its dismiss: what the sheet's and
/// the presenter's layers looked like before, where the presenter's top edge was, and the
/// dimming and grabber layers. Stored on the presented view controller.
@MainActor
final class SheetState {
    static let key = ExtensionKey<SheetState>("SheetEffect.state")
    static func of(_ viewController: ViewController) -> SheetState? { viewController[extension: key] }

    /// UIKit's grabber: a 36 × 5 pt capsule (corner radius 2.5 pt), centred, 5 pt below the
    /// sheet's top edge (measured from iOS screenshots; Apple publishes no size), filled with
    /// (0.24, 0.24, 0.26) at 30 % opacity, UIKit's light-mode `UIColor.tertiaryLabel`
    /// (#3C3C43 at 0.3), the colour it resembles on a light sheet (Apple publishes none).
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTopInset: CGFloat = 5
    static let grabberColor = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)

    /// The presenter's top edge before it was pushed back (0 for a full-screen presenter, a
    /// sheet's top for a sheet under this one), points.
    let presenterTop: CGFloat
    let presenterBefore: LayerProperties
    let sheetBefore: LayerProperties
    @exclusivity(unchecked) weak var dimming: Layer?
    var grabber: Layer?

    init(sheet: View, presenter: View) {
        presenterTop = presenter.frame.minY + presenter.transform3D.m42
        presenterBefore = presenter.layer.properties
        sheetBefore = sheet.layer.properties
    }

    /// Rounds and clips the sheet's top corners and the presenter, adds the dimming layer to
    /// the presenter (reused when it is still there or was taken off by a restore) and the
    /// grabber when wanted. Returns the dimming layer.
    func setUp(sheet: View, presenter: View, configuration: Sheet, grabber wantsGrabber: Bool) -> Layer {
        let s = sheet.layer
        s.cornerRadius = configuration.cornerRadius
        s.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        s.cornerCurve = .continuous
        s.masksToBounds = true
        if wantsGrabber {
            let g = grabber ?? Layer(name: "sheet grabber")
            g.backgroundColor = Self.grabberColor
            g.cornerRadius = Self.grabberSize.height / 2
            g.frame = CGRect(
                x: (sheet.bounds.width - Self.grabberSize.width) / 2, y: Self.grabberTopInset, width: Self.grabberSize.width,
                height: Self.grabberSize.height)
            if g.superlayer !== s { s.addSublayer(g) }
            grabber = g
        }
        let p = presenter.layer
        p.masksToBounds = true
        p.cornerCurve = .continuous
        let d = dimming ?? Layer(name: "sheet dimming")
        d.backgroundColor = .black
        d.frame = presenter.bounds
        if d.superlayer !== p {
            d.opacity = 0
            p.addSublayer(d)
        }
        dimming = d
        return d
    }

    /// Puts the sheet's and the presenter's layers back as they were before the present.
    func tearDown(sheet: View, presenter: View) {
        let s = sheet.layer
        s.transform = sheetBefore.transform
        s.cornerRadius = sheetBefore.cornerRadius
        s.maskedCorners = sheetBefore.maskedCorners
        s.cornerCurve = sheetBefore.cornerCurve
        s.masksToBounds = sheetBefore.masksToBounds
        grabber?.removeFromSuperlayer()
        let p = presenter.layer
        p.transform = presenterBefore.transform
        p.cornerRadius = presenterBefore.cornerRadius
        p.cornerCurve = presenterBefore.cornerCurve
        p.masksToBounds = presenterBefore.masksToBounds
        dimming?.removeFromSuperlayer()
    }

    /// Sets one placement on the layers.
    /// - Complexity: O(1); no allocation.
    static func apply(_ placement: Sheet.Placement, sheet: View, presenter: View, dimming: Layer?) {
        sheet.transform3D = Transform3D(translationX: 0, y: placement.sheetTop)
        presenter.transform3D = placement.presenterTransform
        presenter.layer.cornerRadius = placement.presenterCornerRadius
        if let dimming {
            if dimming.frame != presenter.bounds { dimming.frame = presenter.bounds }
            dimming.opacity = Float(placement.dimming)
        }
    }
}
