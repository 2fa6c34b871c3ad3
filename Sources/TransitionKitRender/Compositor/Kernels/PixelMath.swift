/// 8-bit premultiplied pixel arithmetic with pixman's rounding.
///
/// Multiply by an 8-bit alpha: `t = x·a + 128; (t + (t >> 8)) >> 8`, the exact rounding of
/// x·a/255 (pixman `MUL_UN8`, Jim Blinn, "Three wrongs make a right", IEEE CG&A 1995).
/// Source-over in premultiplied RGBA: `dst = src + dst·(255 − srcA)/255` (Porter & Duff,
/// "Compositing digital images", SIGGRAPH 1984), as pixman's `OVER`.
enum PixelMath {
    /// x·a/255 rounded, for x, a in 0...255.
    @inline(__always)
    static func mul(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x &* a &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Every channel of the packed pixel `p` times a/255 (pixman `UN8x4_MUL_UN8`), two
    /// channels per 32-bit multiply.
    @inline(__always)
    static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (p & 0x00ff_00ff) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb &>> 8) & 0x00ff_00ff)) &>> 8) & 0x00ff_00ff
        var ag = ((p &>> 8) & 0x00ff_00ff) &* a &+ 0x0080_0080
        ag = (ag &+ ((ag &>> 8) & 0x00ff_00ff)) & 0xff00_ff00
        return rb | ag
    }

    /// Channel-wise saturating add of two packed pixels (pixman `UN8x4_ADD_UN8x4`); equal to
    /// a plain add for valid premultiplied operands, safe for invalid ones.
    @inline(__always)
    static func addSaturating(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var rb = (x & 0x00ff_00ff) &+ (y & 0x00ff_00ff)
        rb |= 0x0100_0100 &- ((rb &>> 8) & 0x00ff_00ff)
        rb &= 0x00ff_00ff
        var ag = ((x &>> 8) & 0x00ff_00ff) &+ ((y &>> 8) & 0x00ff_00ff)
        ag |= 0x0100_0100 &- ((ag &>> 8) & 0x00ff_00ff)
        ag &= 0x00ff_00ff
        return rb | (ag &<< 8)
    }

    /// Premultiplied source-over: `src + dst·(255 − srcA)/255`.
    @inline(__always)
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let ia = 255 &- (src &>> 24)
        if ia == 0 { return src }
        return addSaturating(src, scale(dst, ia))
    }

    /// A layer opacity (0...1, clamped; NaN gives 0) as an 8-bit alpha, rounded to nearest.
    static func alpha8(_ opacity: Float) -> UInt32 {
        guard !opacity.isNaN else { return 0 }
        return UInt32((min(max(opacity, 0), 1) * 255).rounded())
    }
}
