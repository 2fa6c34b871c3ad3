import Foundation
import TransitionKitCore

extension SheetPresentationController {
    /// The sheet's drag recognizer (a vertical `PanGestureRecognizer` on the presented view),
    /// nil until the first present finished.
    public var panGestureRecognizer: PanGestureRecognizer? { pan }

    func installPan() {
        guard pan == nil, let view = presentedViewController?.view else { return }
        let recognizer = PanGestureRecognizer(axis: .vertical) { [weak self] r in
            guard let self, let r = r as? PanGestureRecognizer else { return }
            self.handlePan(r)
        }
        view.addGestureRecognizer(recognizer)
        pan = recognizer
    }

    /// Whether the user's drag may dismiss: not while `isModalInPresentation`.
    var canDismiss: Bool { !(presentedViewController?.isModalInPresentation ?? false) }

    private func handlePan(_ r: PanGestureRecognizer) {
        guard let layout = currentLayout, let y = currentTop else { return }
        switch r.state {
        case .began:
            // Only between transitions: a present or dismiss running owns the layers.
            guard presentedViewController?.view.window?.transitionQueue.isIdle ?? false else { return }
            stopSettling()
            // Catch the sheet where it is on screen: the finger's raw position maps onto it.
            dragOrigin = layout.rawTop(shown: y, canDismiss: canDismiss) - r.translation(in: nil).y
            isDragging = true
        case .changed:
            guard isDragging else { return }
            apply(top: layout.draggedTop(raw: dragOrigin + r.translation(in: nil).y, canDismiss: canDismiss))
        case .ended:
            guard isDragging else { return }
            isDragging = false
            release(at: y, velocity: r.velocity(in: nil).y, layout: layout)
        case .cancelled, .failed:
            guard isDragging else { return }
            isDragging = false
            settle(to: selectedTop(in: layout), velocity: 0)
        default:
            break
        }
    }

    /// A release at top edge `y` and `velocity` points per second (downwards positive).
    func release(at y: CGFloat, velocity: CGFloat, layout: Sheet.Layout) {
        switch layout.releaseTarget(sheetTop: y, velocity: velocity) {
        case .detent(let id):
            let changed = id != (selectedDetentIdentifier ?? layout.detents.first?.identifier)
            isAnimatingChanges = true
            selectedDetentIdentifier = id
            isAnimatingChanges = false
            settle(to: layout.top(of: id) ?? selectedTop(in: layout), velocity: velocity)
            if changed { delegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self) }
        case .dismiss:
            guard canDismiss, let presented = presentedViewController else {
                settle(to: selectedTop(in: layout), velocity: velocity)
                delegate?.presentationControllerDidAttemptToDismiss(self)
                return
            }
            pendingRelease = (y, velocity)
            presented.dismiss(animated: true) { [weak self] finished in
                guard let self, !finished else { return }
                self.pendingRelease = nil
                if let layout = self.currentLayout { self.settle(to: self.selectedTop(in: layout), velocity: 0) }
            }
        }
    }

    /// Moves the top edge from where it is to `target` on `configuration.spring`, starting at
    /// `velocity` points per second: y(t) = y₀ + (target − y₀)·spring(t) with the spring's
    /// initial velocity velocity / (target − y₀) distances per second, until its
    /// `settlingDuration`, then exactly `target`. Under half a point away: there at once.
    func settle(to target: CGFloat, velocity: CGFloat) {
        stopSettling()
        guard let y0 = currentTop, let clock = presentedViewController?.view.window?.frameClock else { return apply(top: target) }
        let distance = target - y0
        guard abs(distance) >= 0.5 else { return apply(top: target) }
        let v = min(1e4, max(-1e4, Double(velocity / distance)))
        let spring = effectiveConfiguration.spring(initialVelocity: v.isFinite ? v : 0)
        let duration = spring.settlingDuration, start = clock.now
        settleLink = clock.makeDisplayLink { [weak self] link in
            guard let self else { return link.invalidate() }
            let t = link.timestamp - start
            if t >= duration {
                self.stopSettling()
                self.apply(top: target)
            } else {
                self.apply(top: y0 + distance * CGFloat(spring.value(at: t)))
            }
        }
    }

    func stopSettling() {
        settleLink?.invalidate()
        settleLink = nil
    }
}
