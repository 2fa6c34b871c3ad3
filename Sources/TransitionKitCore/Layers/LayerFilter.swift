import Foundation

/// A filter applied to a layer and its sublayers, drawn together (`CALayer.filters`, whose
/// elements are `CIFilter`s on iOS; here a typed value). The layer with its sublayers is drawn
/// into an offscreen group, filtered, then composited with the layer's `opacity` and `mask`.
public enum LayerFilter: Sendable, Hashable {
    /// A Gaussian blur (`CIGaussianBlur`) whose `inputRadius` is `radius`, in points. Apple
    /// documents `inputRadius` as the standard deviation of the Gaussian ("The radius determines
    /// how many pixels are used to create the blur … the standard deviation", Core Image Filter
    /// Reference, CIGaussianBlur), so the blur drawn has σ = `radius` points, σ = `radius` ×
    /// pixels per point device pixels (3 × `radius` at scale 3). Valid range: finite, ≥ 0; 0,
    /// negative and non-finite radii draw no blur. Several blurs in one `filters` array add as
    /// Gaussians do (σ² summed). Pixels beyond the frame's edges are taken as the edge pixels
    /// (a full-screen layer keeps its edges opaque, as `CIAffineClamp` before a blur does).
    case gaussianBlur(radius: CGFloat)

    /// The standard deviation in points of the Gaussian a list of filters draws: the square
    /// root of the sum of its valid blurs' σ² (0 when there are none).
    /// - Complexity: O(filters).
    public static func blurSigma(_ filters: [LayerFilter]) -> CGFloat {
        var v: CGFloat = 0
        for f in filters {
            switch f {
            case .gaussianBlur(let r) where r.isFinite && r > 0: v += r * r
            case .gaussianBlur: break
            }
        }
        return v.squareRoot()
    }
}
