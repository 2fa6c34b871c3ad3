import Foundation
import Testing

@testable import TransitionKitRender

/// `ConvexClipping` on hand-made polygons, against areas worked out by hand (the shoelace
/// formula on the result, |Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ)| / 2, against the area of the intersection
/// drawn on paper).
struct ConvexClippingTests {
    static func area(_ polygon: [CGPoint]) -> Double {
        var s = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            s += Double(a.x * b.y - b.x * a.y)
        }
        return abs(s) / 2
    }

    static func clipped(_ subject: [[CGPoint]], by convex: [CGPoint]) throws -> [[CGPoint]] {
        let o = try #require(ConvexClipping.convexOrientation(convex))
        var out: [[CGPoint]] = [], temp: [CGPoint] = []
        ConvexClipping.clip(subject, to: convex, orientation: o, into: &out, temp: &temp)
        return out
    }

    static let square: [CGPoint] = [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 2), CGPoint(x: 0, y: 2)]
    /// An L: the 2x2 square without its top-right 1x1 quarter (area 3), concave.
    static let ell: [CGPoint] = [
        CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 2), CGPoint(x: 0, y: 2),
    ]

    @Test func orientationIsTheSignOfTheAreaAndNilWhenNotConvex() {
        #expect(ConvexClipping.convexOrientation(Self.square) == 1)
        #expect(ConvexClipping.convexOrientation(Array(Self.square.reversed())) == -1)
        #expect(ConvexClipping.convexOrientation(Self.ell) == nil)
        // Collinear points along a side are allowed; a polygon of collinear points is not one.
        #expect(ConvexClipping.convexOrientation([CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0)] + Self.square.dropFirst()) == 1)
        #expect(ConvexClipping.convexOrientation([CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)]) == nil)
        #expect(ConvexClipping.convexOrientation([CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 2, y: 0)]) == nil)
    }

    @Test func aSquareCutByATriangleKeepsTheTriangle() throws {
        let triangle = [CGPoint(x: 0, y: 0), CGPoint(x: 2, y: 0), CGPoint(x: 0, y: 2)]
        for clip in [triangle, Array(triangle.reversed())] {
            let out = try Self.clipped([Self.square], by: clip)
            #expect(out.count == 1)
            // The triangle lies inside the square: its area, 2·2/2.
            #expect(abs(Self.area(out[0]) - 2) < 1e-12)
        }
    }

    @Test func aConcaveSubjectKeepsItsShapeInsideTheClip() throws {
        // The L cut to the right half x >= 1 of the square: the lower-right 1x1 cell only.
        let right = [CGPoint(x: 1, y: -1), CGPoint(x: 3, y: -1), CGPoint(x: 3, y: 3), CGPoint(x: 1, y: 3)]
        let out = try Self.clipped([Self.ell], by: right)
        #expect(out.count == 1)
        #expect(abs(Self.area(out[0]) - 1) < 1e-12)
        // Cut to the top half y >= 1: the upper-left 1x1 cell.
        let top = [CGPoint(x: -1, y: 1), CGPoint(x: 3, y: 1), CGPoint(x: 3, y: 3), CGPoint(x: -1, y: 3)]
        #expect(abs(Self.area(try Self.clipped([Self.ell], by: top)[0]) - 1) < 1e-12)
    }

    @Test func coincidentEdgesAreKeptAndOutsideSubjectsDropped() throws {
        // A clip equal to the subject gives the subject back (its edges lie on the clip's).
        let same = try Self.clipped([Self.square], by: Self.square)
        #expect(abs(Self.area(same[0]) - 4) < 1e-12)
        // A subject wholly outside is dropped; one inside is kept whole.
        let far = Self.square.map { CGPoint(x: $0.x + 10, y: $0.y) }
        let inner = Self.square.map { CGPoint(x: 0.5 + $0.x / 4, y: 0.5 + $0.y / 4) }
        let out = try Self.clipped([far, inner], by: Self.square)
        #expect(out.count == 1)
        #expect(abs(Self.area(out[0]) - 0.25) < 1e-12)
    }
}
