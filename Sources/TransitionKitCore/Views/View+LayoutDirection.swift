import Foundation

/// How a view's content is laid out in a right-to-left language (`UISemanticContentAttribute`).
public enum SemanticContentAttribute: Sendable, Hashable, CaseIterable {
    /// Follows the layout direction around it (the superview's, left-to-right at the top).
    case unspecified
    /// Always left to right, like media playback controls (`.playback`).
    case playback
    /// Always left to right, like directional controls such as a D-pad (`.spatial`).
    case spatial
    /// Always left to right.
    case forceLeftToRight
    /// Always right to left: navigation pushes come in from the left edge and the back swipe
    /// starts at the right edge.
    case forceRightToLeft
}

/// The direction a view lays its content out in (`UIUserInterfaceLayoutDirection`).
public enum UserInterfaceLayoutDirection: Sendable, Hashable, CaseIterable {
    case leftToRight
    case rightToLeft

    /// +1 left to right, −1 right to left: multiply an x offset toward the trailing edge by it.
    public var sign: CGFloat { self == .leftToRight ? 1 : -1 }
}

extension View {
    /// The layout direction of this view's content (`UIView.effectiveUserInterfaceLayoutDirection`):
    /// `.rightToLeft` for `.forceRightToLeft`, `.leftToRight` for `.forceLeftToRight`,
    /// `.playback` and `.spatial`, and for `.unspecified` the superview's effective direction
    /// (`.leftToRight` for a view without superview). UIKit reads `.unspecified` from the trait
    /// collection's layout direction, which flows down the view hierarchy from the app's
    /// language; TransitionKit has no app language, so the direction flows down from the nearest
    /// ancestor that forces one.
    /// - Complexity: O(depth) (walks up to the first view that is not `.unspecified`).
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        var node: View? = self
        while let view = node {
            switch view.semanticContentAttribute {
            case .forceRightToLeft: return .rightToLeft
            case .forceLeftToRight, .playback, .spatial: return .leftToRight
            case .unspecified: node = view.superview
            }
        }
        return .leftToRight
    }
}
