/// Premultiplied bilinear sampling of an RGBA8 image with edge clamping.
///
/// For a sample point (u, v) in image pixels with pixel centres at integers (the caller
/// subtracts ½), the result is (1−fy)·((1−fx)·p00 + fx·p10) + fy·((1−fx)·p01 + fx·p11) with
/// x0 = ⌊u⌋, fx = u − x0 (likewise y), indices clamped to the image (OpenGL's `GL_LINEAR` with
/// `CLAMP_TO_EDGE`, OpenGL 4.6 spec §8.14.2). Weights are quantised to 1/256 and the result
/// rounded to nearest.
struct BilinearSampler {
    let pixels: UnsafePointer<UInt32>
    let width: Int
    let height: Int
    let stride: Int

    @inline(__always)
    func sample(_ u: Double, _ v: Double) -> UInt32 {
        // Clamp first so the integer conversions cannot overflow; +1 makes truncation a floor.
        let uc = min(max(u, -1), Double(width)) + 1
        let vc = min(max(v, -1), Double(height)) + 1
        let xi = Int(uc), yi = Int(vc)
        let wx = UInt32(truncatingIfNeeded: Int((uc - Double(xi)) * 256 + 0.5))
        let wy = UInt32(truncatingIfNeeded: Int((vc - Double(yi)) * 256 + 0.5))
        let x0 = min(max(xi &- 1, 0), width &- 1), x1 = min(xi, width &- 1)
        let y0 = min(max(yi &- 1, 0), height &- 1), y1 = min(yi, height &- 1)
        let r0 = pixels + y0 &* stride, r1 = pixels + y1 &* stride
        let p00 = r0[x0], p10 = r0[x1], p01 = r1[x0], p11 = r1[x1]
        if p00 == p10 && p01 == p11 && p00 == p01 { return p00 }
        let iwx = 256 &- wx, iwy = 256 &- wy
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let top = ((p00 &>> shift) & 255) &* iwx &+ ((p10 &>> shift) & 255) &* wx
            let bottom = ((p01 &>> shift) & 255) &* iwx &+ ((p11 &>> shift) & 255) &* wx
            let c = (top &* iwy &+ bottom &* wy &+ 32768) &>> 16
            out |= c &<< shift
            shift &+= 8
        }
        return out
    }
}
