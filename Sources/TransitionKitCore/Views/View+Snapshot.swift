import Foundation

extension Layer {
    /// A new layer tree with this layer's model values: the same `properties` and `name`, a
    /// copy of its `mask` and of every sublayer (recursively, in order). The copy has no
    /// superlayer; bitmaps in `contents` are shared values (copied on write), not duplicated.
    ///
    /// Later changes to either tree do not affect the other.
    /// - Complexity: O(layers in the tree); allocates one object per layer. Call it when a
    ///   transition is prepared, never per frame.
    public func copyTree() -> Layer {
        let copy = Layer(name: name)
        copy.properties = properties
        copy.mask = mask?.copyTree()
        for sublayer in sublayers { copy.addSublayer(sublayer.copyTree()) }
        return copy
    }
}

extension View {
    /// A new view that looks like this one now (UIKit's `snapshotView(afterScreenUpdates:)`;
    /// the model has no deferred screen updates, so there is no flag): the same `frame`, and
    /// a layer that is `layer.copyTree()`, so it draws this view's layers and those of all its
    /// subviews as they are. The snapshot has no subviews and no superview, receives no
    /// touches, and is not changed by later changes to this view.
    ///
    /// Effects use it to show one screen twice (a curtain's two halves, each a snapshot
    /// clipped to one side) or to keep a picture of a screen while the screen itself moves.
    /// Add it to the transition's container in `prepareTransition`, and remove it in
    /// `animationEnded(_:)`: the driver restores the layers of the two view controllers, not
    /// views an effect added to the container.
    /// - Complexity: O(layers under this view); call it when a transition is prepared.
    public func snapshotView() -> View {
        let snapshot = View(frame: frame, name: layer.name.map { "snapshot of \($0)" } ?? "snapshot")
        snapshot.layer.properties = layer.properties
        snapshot.layer.mask = layer.mask?.copyTree()
        for sublayer in layer.sublayers { snapshot.layer.addSublayer(sublayer.copyTree()) }
        return snapshot
    }
}
