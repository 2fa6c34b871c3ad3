import Foundation

/// The bar along the bottom of a `TabBarController` (`UITabBar`): one item per tab, side by
/// side, all the same width.
///
/// The bar is `height` points high and as wide as the tab bar controller's view; item i of n
/// has the frame (i·w/n, 0, w/n, `height`) in the bar's coordinates (points), UIKit's compact
/// layout of equal items filling the width. Each item shows a `iconSize` square icon centred
/// horizontally, `iconTop` points below the bar's top edge. The bar never moves during a tab
/// switch: transitions run in the content area above it.
@MainActor
public final class TabBar {
    /// The bar's height in points: 49, UIKit's tab bar on an iPhone without a home indicator
    /// (there is no safe area in this model).
    public static let height: CGFloat = 49
    /// The side of an item's icon in points: 25, the tab bar icon size of Apple's Human
    /// Interface Guidelines (25x25 pt regular icons).
    public static let iconSize: CGFloat = 25
    /// The icon's distance from the bar's top edge in points: 7, TransitionKit's choice that
    /// centres the icon in the upper part of the bar where UIKit puts it above the title.
    public static let iconTop: CGFloat = 7
    /// The bar's colour: a light grey (0.97, 0.97, 0.97), TransitionKit's choice close to
    /// UIKit's default translucent bar over white.
    public static let backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
    /// The icons' colour: mid grey (0.6, 0.6, 0.6), TransitionKit's choice.
    public static let iconColor = Color(red: 0.6, green: 0.6, blue: 0.6)

    /// One tab's place in the bar.
    public struct Item: Sendable, Hashable {
        /// The tab's view controller's title when the bar was laid out.
        public var title: String?
        /// The item's frame in the bar's coordinates, points.
        public var frame: CGRect
    }

    /// The bar's view, a subview of the tab bar controller's view along its bottom edge.
    public let view: View
    private var itemViews: [View] = []
    private var titles: [String?] = []

    init() {
        view = View(name: "tab bar")
        view.backgroundColor = Self.backgroundColor
        view.autoresizingMask = [.flexibleWidth]
    }

    /// The items, left to right, one per tab.
    public var items: [Item] { zip(titles, itemViews).map { Item(title: $0, frame: $1.frame) } }

    /// The frame of item `index` in the bar's coordinates (points).
    /// - Precondition: `index` is a valid tab index.
    public func itemFrame(at index: Int) -> CGRect { itemViews[index].frame }

    /// Makes one item view per title (replacing any there were) and lays them out.
    func setItems(titles: [String?]) {
        for v in itemViews { v.removeFromSuperview() }
        self.titles = titles
        itemViews = titles.map { title in
            let item = View(name: "tab \(title ?? "item")")
            let icon = View(name: "tab icon")
            icon.backgroundColor = Self.iconColor
            item.addSubview(icon)
            view.addSubview(item)
            return item
        }
        layoutItems()
    }

    /// Puts every item at its evenly split frame for the bar's current width.
    func layoutItems() {
        let n = CGFloat(itemViews.count), w = view.bounds.width
        for (i, item) in itemViews.enumerated() {
            item.frame = CGRect(x: CGFloat(i) * w / n, y: 0, width: w / n, height: Self.height)
            let side = Self.iconSize
            item.subviews.first?.frame = CGRect(x: (w / n - side) / 2, y: Self.iconTop, width: side, height: side)
        }
    }
}
