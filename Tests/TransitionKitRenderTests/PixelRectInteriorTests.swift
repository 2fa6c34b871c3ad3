import Foundation
import Testing

@testable import TransitionKitRender

/// `PixelRect.interior(of:)`: a rectangle of whole pixels inside a convex polygon, the occlusion
/// pass's test of what a layer part hides. Expected rectangles are worked by hand from the
/// vertices (the polygon's second smallest and second largest vertex x bound the columns; its
/// top and bottom there bound the rows).
struct PixelRectInteriorTests {
    static func points(_ xy: [(Double, Double)]) -> [[CGPoint]] { [xy.map { CGPoint(x: $0.0, y: $0.1) }] }

    @Test func axisAlignedRectangleKeepsItsWholePixels() {
        #expect(PixelRect.interior(of: Self.points([(3.3, 5.1), (56.3, 5.1), (56.3, 95.1), (3.3, 95.1)])) == PixelRect(x0: 4, y0: 6, x1: 56, y1: 95))
        // Clockwise or counter-clockwise, from any corner.
        #expect(PixelRect.interior(of: Self.points([(56.3, 95.1), (56.3, 5.1), (3.3, 5.1), (3.3, 95.1)])) == PixelRect(x0: 4, y0: 6, x1: 56, y1: 95))
    }

    @Test func coordinatesWithinATenMillionthOfAPixelCountAsOnIt() {
        // A screen slid to 1.7e-13 px (floating-point residue of a finished slide) covers the
        // whole frame: the snapped column 0 lies left of the vertices' x, its extent is taken
        // at the vertices' x. (Before this was handled, the frame drew everything under it.)
        let screen = Self.points([(1.7053025658242404e-13, 0), (1179.0000000000002, 0), (1179.0000000000002, 2556), (1.7053025658242404e-13, 2556)])
        #expect(PixelRect.interior(of: screen) == PixelRect(x0: 0, y0: 0, x1: 1179, y1: 2556))
        #expect(
            PixelRect.interior(of: Self.points([(-1e-8, -1e-8), (10, 0), (10, 10), (0, 10.00000001)])) == PixelRect(x0: 0, y0: 0, x1: 10, y1: 10))
    }

    @Test func trapezoidWithVerticalSidesHidesTheRectangleBetweenThem() {
        // A screen turned about the y axis: left side x = 8.5, y 20.25...79.75; right side
        // x = 100, y 0...100. Columns 9..<100; rows from ⌈20.25⌉ to ⌊79.75⌋ (the narrower side).
        let tilted = Self.points([(8.5, 20.25), (100, 0), (100, 100), (8.5, 79.75)])
        #expect(PixelRect.interior(of: tilted) == PixelRect(x0: 9, y0: 21, x1: 100, y1: 79))
    }

    @Test func trapezoidWithHorizontalSidesHidesTheRectangleBetweenThem() {
        // About the x axis: top y = 0 from x 10 to 90, bottom y = 50 from x 0 to 100. Columns
        // from the second smallest x (10) to the second largest (90), rows 0..<50.
        let tilted = Self.points([(10, 0), (90, 0), (100, 50), (0, 50)])
        #expect(PixelRect.interior(of: tilted) == PixelRect(x0: 10, y0: 0, x1: 90, y1: 50))
        // A rotated square (a diamond) centred at (50, 50), radius 40: columns 10...90 would
        // be its full width; between its second and third vertex x (both 50) no whole column fits.
        #expect(PixelRect.interior(of: Self.points([(50, 10), (90, 50), (50, 90), (10, 50)])) == nil)
    }

    @Test func pentagonUsesItsSecondSmallestAndSecondLargestX() {
        // x 10 (second smallest) to 100 (second largest); top 0 at both; bottom at x = 10 on the
        // edge from (0, 40) to (50, 100): 40 + 10·60/50 = 52, at x = 100: 100.
        let pentagon = Self.points([(0, 40), (10, 0), (100, 0), (100, 100), (50, 100)])
        #expect(PixelRect.interior(of: pentagon) == PixelRect(x0: 10, y0: 0, x1: 100, y1: 52))
    }

    @Test func notConvexOrNotFiniteIsNoInterior() {
        // A concave quadrilateral (an arrowhead), a bow tie, a pentagram (turns one way but
        // winds twice), a point too far out, a NaN, two polygons.
        #expect(PixelRect.interior(of: Self.points([(0, 0), (50, 30), (100, 0), (50, 100)])) == nil)
        #expect(PixelRect.interior(of: Self.points([(0, 0), (100, 100), (100, 0), (0, 100)])) == nil)
        let star = (0..<5).map { k -> (Double, Double) in
            let a = Double(2 * k) * 2 * .pi / 5
            return (50 + 40 * sin(a), 50 - 40 * cos(a))
        }
        #expect(PixelRect.interior(of: Self.points(star)) == nil)
        // Edges that double back along a line (a spike up x = 10 and x = 0): every turn one way,
        // x reversing twice, yet the rectangle it spans is not inside.
        #expect(PixelRect.interior(of: Self.points([(10, 0), (10, 5), (10, -10), (10, 10), (0, 10), (0, 5), (0, -10)])) == nil)
        // A triangle: its second smallest and second largest x are one vertex.
        #expect(PixelRect.interior(of: Self.points([(0, 0), (100, 0), (0, 100)])) == nil)
        #expect(PixelRect.interior(of: Self.points([(0, 0), (2e9, 0), (2e9, 10), (0, 10)])) == nil)
        #expect(PixelRect.interior(of: Self.points([(0, 0), (.nan, 0), (10, 10), (0, 10)])) == nil)
        #expect(PixelRect.interior(of: Self.points([(0, 0), (10, 0), (10, 10), (0, 10)]) + Self.points([(20, 0), (30, 0), (30, 10)])) == nil)
    }
}
