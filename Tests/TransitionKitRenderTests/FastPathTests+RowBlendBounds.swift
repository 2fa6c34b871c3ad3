import Foundation
import Testing

@testable import TransitionKitRender

/// The whole-row blend kernels (`BlendKernels.fade`, `BlendKernels.lerp`) touch only the pixels
/// they are given: every row here ends on the last byte before an inaccessible page (and a
/// second set starts on the first byte after one), so a load or store of a vector past either
/// end faults, whether it is in Swift or in the C kernels (which the Swift sanitizer does not
/// instrument). Counts 0...40 put every tail length after the 8-pixel and 4-pixel loops; the
/// values are checked against the per-channel definitions computed here.
extension FastPathTests {
    /// `pixels` pixels placed against a `PROT_NONE` page: ending at it (`atEnd`) or starting
    /// right after it. The mapping is released by `release`.
    private struct GuardedRow {
        let base: UnsafeMutableRawPointer
        let length: Int
        let pixels: UnsafeMutablePointer<UInt32>

        init(pixels n: Int, atEnd: Bool) {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let dataPages = (n * 4 + page - 1) / page + 1
            length = (dataPages + 2) * page
            base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
            precondition(base != MAP_FAILED)
            // Guard pages first and last; the row against one of them.
            mprotect(base, page, PROT_NONE)
            mprotect(base + length - page, page, PROT_NONE)
            let start = atEnd ? base + length - page - n * 4 : base + page
            pixels = start.bindMemory(to: UInt32.self, capacity: max(n, 1))
        }

        func release() { munmap(base, length) }
    }

    @Test func rowBlendKernelsStayWithinTheirRows() {
        Self.onBothKernelTables { checkRowBlendBounds($0) }
    }

    private func checkRowBlendBounds(_ kernels: KernelTable) {
        var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next() -> UInt32 {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return UInt32(truncatingIfNeeded: seed)
        }
        func channels(_ p: UInt32) -> [UInt32] { (0..<4).map { p >> (8 * UInt32($0)) & 0xff } }
        func pixel(_ c: [UInt32]) -> UInt32 { c.enumerated().reduce(0) { $0 | $1.element << (8 * UInt32($1.offset)) } }
        func mul(_ x: UInt32, _ a: UInt32) -> UInt32 { UInt32((Double(x * a) / 255).rounded()) }
        func avg(_ a: UInt32, _ b: UInt32) -> UInt32 { pixel(zip(channels(a), channels(b)).map { ($0 + $1 + 1) / 2 }) }
        func fade(_ s: UInt32, _ u: UInt32, _ m: UInt32) -> UInt32 {
            pixel(zip(channels(s), channels(u)).map { mul($0, m) + mul($1, 255 - m) })
        }
        func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            pixel(zip(channels(a), channels(b)).map { ($0 * (256 - w) + $1 * w + 128) / 256 })
        }
        var wrong: [String] = []
        for atEnd in [true, false] {
            for n in 0...40 {
                let rows = (0..<5).map { _ in GuardedRow(pixels: n, atEnd: atEnd) }
                defer { for r in rows { r.release() } }
                let d = rows[0].pixels, s0 = rows[1].pixels, s1 = rows[2].pixels, u0 = rows[3].pixels, u1 = rows[4].pixels
                let input = (1...4).map { _ in (0..<n).map { _ in next() } }
                for (k, row) in input.enumerated() { rows[k + 1].pixels.update(from: row, count: n) }
                let m = 1 + next() % 254, w = next() % 257
                BlendKernels.fade(d, source: s0, under: u0, count: n, alpha: m, kernels: kernels)
                if (0..<n).contains(where: { d[$0] != fade(input[0][$0], input[2][$0], m) }) { wrong.append("fade n \(n)") }
                BlendKernels.fade(d, averageOf: s0, s1, under: u0, u1, count: n, alpha: m, kernels: kernels)
                let averaged = (0..<n).map { fade(avg(input[0][$0], input[1][$0]), avg(input[2][$0], input[3][$0]), m) }
                if (0..<n).contains(where: { d[$0] != averaged[$0] }) { wrong.append("averaged fade n \(n)") }
                for weight in [w, 128] {
                    BlendKernels.lerp(d, s0, s1, count: n, weight: weight, kernels: kernels)
                    if (0..<n).contains(where: { d[$0] != lerp(input[0][$0], input[1][$0], weight) }) { wrong.append("lerp n \(n) w \(weight)") }
                }
                // In place: the destination is the under row.
                BlendKernels.fade(u0, source: s0, count: n, alpha: m, kernels: kernels)
                if (0..<n).contains(where: { u0[$0] != fade(input[0][$0], input[2][$0], m) }) { wrong.append("in-place fade n \(n)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) rows wrong: \(wrong.prefix(5))")
    }
}
