import CPixelKernels

/// `SeparableRows`' horizontal-first form, taken where the renderer's table is AVX2 (`kernels`)
/// and the layer's columns step through the image by about one pixel each (an axis-aligned
/// scale between about 8/9 and 8/7: the view behind a drag-dismiss card, a screen zooming
/// near its full size).
///
/// The same integers as the vertical-first form: `BilinearSampler.blend` regroups exactly
/// either way (`LerpKernels`). Here the x lerp goes first, once per image row a band reads
/// (H[c] = p[x0]·(256 − w) + p[x1]·w per channel, stored `LerpKernels.biased`), and each device
/// row lerps two such rows with its y weight. The last two image rows blended are kept, so a
/// device row whose rows follow the previous one's blends one new row.
///
/// The x pass takes the table columns in blocks of 8. A block whose columns' taps lie within
/// one pixel of a common start (left tap = start + i or start + i + 1 for column i) is blended
/// by `tk_separable_x_blocks_avx2` without gathers: three loads and a per-column select give
/// the left and right taps, and one `pmaddubsw` per four pixels does the arithmetic with the
/// weights as unsigned bytes (255 − w, w) (the proof of exactness is in the C kernel's comment).
/// A weight of 256 (`BilinearSampler.tap` rounds up to it) reads the right tap alone, so such a
/// column is taken as starting one pixel on with weight 0, and a column clamped at the image's
/// edge (x1 = x0) with weight 0. Other blocks (an image edge, the table's last partial block)
/// are blended one column at a time with the same arithmetic.
///
/// Measured on the 2-core EPYC VM (a C harness over the same kernels, a 1179x2556 frame whose
/// every row rescales by 0.91 or 0.95, best of 30): 1.80–1.84 ms vertical-first, 1.62–1.68 ms
/// this way.
final class SeparableBlocks {
    /// Whether the block tables of the current layer are built (`ready()`), and whether its
    /// runs take this form.
    private var built = false, active = false
    /// The image's width (`prepare`).
    private var imageWidth = 0
    /// Table columns of the current layer, and blocks of 8 of them (the last may be partial).
    private var count = 0, blocks = 0, capacity = 0
    /// Per block: the image pixel its left taps start from, or −1 (blended column by column).
    private var base = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Per block, one per column: all ones where the column's left tap is one pixel further on.
    private var masks = UnsafeMutablePointer<UInt32>.allocate(capacity: 8)
    /// Per block, 64 bytes: the weight bytes (255 − w, w) four times per column, columns in the
    /// order 0 1 4 5 2 3 6 7 (the kernel's unpacked lanes).
    private var weights = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    /// The taps, read in place (`SamplingTables`).
    private var x0 = UnsafePointer<Int32>(bitPattern: 0), x1 = UnsafePointer<Int32>(bitPattern: 0)
    private var wx = UnsafePointer<UInt32>(bitPattern: 0)
    /// Two blended image rows, `32·blocks` lanes each (four per column).
    private var held = UnsafeMutablePointer<UInt16>.allocate(capacity: 64)
    /// Per held row: the image row, and the blocks blended (`lo..<hi`).
    private var rows: (UnsafePointer<UInt32>?, UnsafePointer<UInt32>?) = (nil, nil)
    private var spans = (0..<0, 0..<0)
    /// The band renderer's kernel table: this form runs only where it is AVX2.
    let kernels: KernelTable

    /// No layer yet; runs on `kernels`.
    init(kernels: KernelTable) { self.kernels = kernels }

    /// Takes the current layer's `n` table columns of `tables` (an image `imageWidth` pixels
    /// wide) and forgets the held rows; the block tables are built by the layer's first run
    /// (`ready()`), so a layer whose runs all take other paths (a sub-pixel slide's uniform
    /// columns, a layer hidden behind another) does not pay for them.
    /// - Complexity: O(1).
    func prepare(_ tables: SamplingTables, count n: Int, imageWidth: Int) {
        rows = (nil, nil)
        built = false
        active = false
        count = n
        self.imageWidth = imageWidth
        x0 = UnsafePointer(tables.x0); x1 = UnsafePointer(tables.x1); wx = UnsafePointer(tables.wx)
    }

    /// Whether the current layer's runs take this form: `kernels` is AVX2 and blocks blended
    /// column by column are at most two. Builds the block tables on the layer's first call.
    /// - Complexity: O(columns) on a layer's first call, O(1) after it.
    @inline(__always)
    func ready() -> Bool {
        if !built { build() }
        return active && kernels.avx2
    }

    /// The block tables of the current layer (see the type's comment).
    private func build() {
        built = true
        let n = count
        guard kernels.avx2, n > 0, let x0, let x1, let wx else { return }
        blocks = (n &+ 7) >> 3
        if blocks > capacity {
            base.deallocate(); masks.deallocate(); weights.deallocate(); held.deallocate()
            capacity = blocks
            base = .allocate(capacity: blocks); masks = .allocate(capacity: 8 &* blocks)
            weights = .allocate(capacity: 64 &* blocks); held = .allocate(capacity: 64 &* blocks)
        }
        var byColumn = 0
        for block in 0..<blocks {
            let k0 = block &* 8
            // Each column's left tap and weight 0...255 (see the type's comment).
            var left = SIMD8<Int>(), weight = SIMD8<Int>()
            var lo = Int.max, hi = Int.min
            if k0 &+ 8 <= n {
                for i in 0..<8 {
                    let a = Int(x0[k0 &+ i]), b = Int(x1[k0 &+ i]), w = Int(wx[k0 &+ i])
                    (left[i], weight[i]) = b == a ? (a, 0) : w == 256 ? (b, 0) : (a, w)
                    lo = min(lo, left[i] &- i); hi = max(hi, left[i] &- i)
                }
            }
            guard lo != Int.max, hi &- lo <= 1, lo >= 0, lo &+ 10 <= imageWidth else {
                base[block] = -1
                byColumn &+= 1
                continue
            }
            base[block] = Int32(lo)
            let out = UnsafeMutableRawPointer(weights + 64 &* block)
            for p in 0..<8 {
                // The column at position p of the kernel's lanes: 0 1 4 5 2 3 6 7.
                let i = p & 1 | (p & 2) << 1 | (p & 4) >> 1
                masks[k0 &+ i] = left[i] &- i &- lo == 1 ? UInt32.max : 0
                // The weight bytes 255 − w, w four times.
                let pair = UInt64(255 &- weight[i]) | UInt64(weight[i]) &<< 8
                out.storeBytes(of: pair &* 0x0001_0001_0001_0001, toByteOffset: 8 &* p, as: UInt64.self)
            }
        }
        active = byColumn <= 2
    }

    /// `SeparableRows.write` in this form: device columns `k..<k + n` (`prepare`'s indices)
    /// between image rows `r0` and `r1` (weight `wy` of `r1`) into `dst`; `ahead`, `streaming`
    /// as there. Requires `ready()`.
    /// - Complexity: O(n), plus O(the run's blocks) for each image row not held.
    func write(
        _ dst: UnsafeMutablePointer<UInt32>, k: Int, count n: Int, r0: UnsafePointer<UInt32>, r1: UnsafePointer<UInt32>, wy: UInt32,
        ahead: UnsafePointer<UInt32>?, streaming: Bool
    ) {
        let span = (k >> 3)..<((k &+ n &+ 7) >> 3)
        // The rows held over the run's blocks: a held row is extended to the run's blocks (a
        // row drawn in pieces, a faded run drawn through the scratch row in chunks), a missing
        // one blended into the slot the other row does not use (the lower row's blend asks for
        // the row ahead).
        let r1Slot = r1 == r0 ? -1 : rows.0 == r1 ? 0 : rows.1 == r1 ? 1 : -1
        let s0 = hold(r0, span, avoiding: r1Slot, ahead: r1 == r0 ? ahead : nil)
        let s1 = r1 == r0 ? s0 : hold(r1, span, avoiding: s0, ahead: ahead)
        let lanes = 32 &* blocks
        let h0 = UnsafePointer(held + (s0 &* lanes &+ 4 &* k)), h1 = UnsafePointer(held + (s1 &* lanes &+ 4 &* k))
        var i = tk_separable_y_row_avx2(dst, h0, h1, n, wy, RowStores.streams(count: n, streaming: streaming) ? 1 : 0)
        if i > 0 { kernels.tookAVX2() }
        let w0 = Int32(256 &- wy), w1 = Int32(wy)
        while i < n {
            var p: UInt32 = 0
            for c in 0..<4 { p |= LerpKernels.finish(h0[4 &* i &+ c], h1[4 &* i &+ c], w0, w1) &<< UInt32(c &* 8) }
            dst[i] = p
            i &+= 1
        }
    }

    /// The slot holding image row `row` over at least `span`: the slot holding it, its blocks
    /// extended to `span` (with any between), or else the slot other than `avoiding` (the
    /// other row's; 0 if neither is avoided), blended over `span`.
    @inline(__always)
    private func hold(_ row: UnsafePointer<UInt32>, _ span: Range<Int>, avoiding: Int, ahead: UnsafePointer<UInt32>?) -> Int {
        let s = rows.0 == row ? 0 : rows.1 == row ? 1 : avoiding == 0 ? 1 : 0
        let kept = s == 0 ? (rows.0 == row ? spans.0 : nil) : (rows.1 == row ? spans.1 : nil)
        guard let kept, !kept.isEmpty else {
            blend(row, span, into: s, ahead: ahead)
            setHeld(s, row, span)
            return s
        }
        if span.lowerBound < kept.lowerBound { blend(row, span.lowerBound..<kept.lowerBound, into: s, ahead: ahead) }
        if span.upperBound > kept.upperBound { blend(row, kept.upperBound..<span.upperBound, into: s, ahead: ahead) }
        setHeld(s, row, min(span.lowerBound, kept.lowerBound)..<max(span.upperBound, kept.upperBound))
        return s
    }

    @inline(__always)
    private func setHeld(_ s: Int, _ row: UnsafePointer<UInt32>, _ span: Range<Int>) {
        if s == 0 { rows.0 = row; spans.0 = span } else { rows.1 = row; spans.1 = span }
    }

    /// The x pass of image row `row` over the blocks `span` into slot `s`.
    private func blend(_ row: UnsafePointer<UInt32>, _ span: Range<Int>, into s: Int, ahead: UnsafePointer<UInt32>?) {
        guard let x0, let x1, let wx else { return }
        let h = held + s &* 32 &* blocks
        var b = span.lowerBound
        while b < span.upperBound {
            if base[b] >= 0 {
                let next = tk_separable_x_blocks_avx2(h, row, base, masks, weights, b, span.upperBound, ahead)
                if next > b {
                    kernels.tookAVX2()
                    b = next
                    continue
                }
            }
            // A block blended column by column: the taps as they are (a clamped tap reads the
            // pixel at the image's edge; its weight is then 0, as in `SeparableRows`).
            for c in (b &* 8)..<min(b &* 8 &+ 8, count) {
                let p0 = row[Int(x0[c])], p1 = row[Int(x1[c])], w = x1[c] == x0[c] ? 0 : wx[c]
                for ch in 0..<4 {
                    let shift = UInt32(ch &* 8)
                    h[4 &* c &+ ch] = LerpKernels.biased(p0 &>> shift & 0xff, p1 &>> shift & 0xff, weight: w)
                }
            }
            b &+= 1
        }
    }

    deinit { base.deallocate(); masks.deallocate(); weights.deallocate(); held.deallocate() }
}
