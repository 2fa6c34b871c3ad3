/// PNG scanline filtering (PNG specification §9) with the adaptive choice the specification
/// recommends: per row, the filter whose output has the smallest sum of absolute values
/// (bytes read as signed), the heuristic libpng uses too.
enum ScanlineFilter {
    /// Filters `height` rows in place. `rows` holds `height` rows of `1 + rowBytes` bytes;
    /// the first byte of each row is overwritten with the chosen filter type (0 None, 1 Sub,
    /// 2 Up, 3 Average, 4 Paeth) and the rest with the filtered bytes.
    /// - Parameters:
    ///   - rows: unfiltered rows, each preceded by one spare byte.
    ///   - rowBytes: bytes of pixel data per row.
    ///   - bytesPerPixel: bytes per complete pixel (4 for RGBA8), the distance to the "left"
    ///     byte.
    /// - Complexity: O(5·rowBytes·height).
    static func filter(_ rows: inout [UInt8], rowBytes: Int, height: Int, bytesPerPixel bpp: Int) {
        precondition(rows.count == (rowBytes + 1) * height, "expected \((rowBytes + 1) * height) bytes, got \(rows.count)")
        let line = rowBytes + 1
        // Candidates for filter types 0...4 and the previous row's raw bytes (zero above row 0).
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        rows.withUnsafeMutableBufferPointer { buffer in
            candidates.withUnsafeMutableBufferPointer { candidatesBuffer in
                previous.withUnsafeMutableBufferPointer { previousBuffer in
                    current.withUnsafeMutableBufferPointer { currentBuffer in
                        let all = buffer.baseAddress!, cand = candidatesBuffer.baseAddress!
                        var prior = previousBuffer.baseAddress!, raw = currentBuffer.baseAddress!
                        for y in 0..<height {
                            let row = all + y * line + 1
                            raw.update(from: row, count: rowBytes)
                            var best = 0
                            var bestScore = Int.max
                            for type in 0..<5 {
                                let out = cand + type * rowBytes
                                var score = 0
                                for i in 0..<rowBytes {
                                    let x = raw[i]
                                    let a: UInt8 = i >= bpp ? raw[i - bpp] : 0
                                    let b = prior[i]
                                    let c: UInt8 = i >= bpp ? prior[i - bpp] : 0
                                    let f: UInt8
                                    switch type {
                                    case 0: f = x
                                    case 1: f = x &- a
                                    case 2: f = x &- b
                                    case 3: f = x &- UInt8(truncatingIfNeeded: (Int(a) &+ Int(b)) >> 1)
                                    default: f = x &- paeth(a, b, c)
                                    }
                                    out[i] = f
                                    score &+= abs(Int(Int8(bitPattern: f)))
                                }
                                if score < bestScore { bestScore = score; best = type }
                            }
                            row[-1] = UInt8(best)
                            row.update(from: cand + best * rowBytes, count: rowBytes)
                            swap(&prior, &raw)
                        }
                    }
                }
            }
        }
    }

    /// The Paeth predictor (PNG specification §9.4): whichever of left `a`, above `b` and
    /// upper-left `c` is closest to `a + b − c`, ties going to `a`, then `b`.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
