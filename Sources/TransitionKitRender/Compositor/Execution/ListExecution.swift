import Foundation
import TransitionKitCore

/// Execution: one band runs a lowered frame's commands in order (`execute`), keeping the clip,
/// the target plane and the open regions (clips, groups, mask subtrees) on a stack. Commands
/// before the band's occluder do not draw; regions wholly before it, or whose clip leaves
/// nothing in the band, are skipped to their end; a draw or clip whose pixel box misses the
/// clip (or, in a damage render, every damaged pixel) is skipped (the damage pass); draws
/// before a cut or the hole draw only where they can show (`forEachVisiblePiece`).
extension BandRenderer {
    /// An open region: what its end restores.
    enum OpenRegion {
        /// A clip: the clip before it.
        case clip(Clip)
        /// A group: the target and clip before it, its buffer, its opacity, the streaming flags.
        case group(target: PixelPlane, clip: Clip, buffer: ScratchPlane, alpha: UInt32, streams: (Bool, Bool))
        /// A mask subtree drawn offscreen: the host's target and clip, the clip the coverage
        /// multiplies (materialised), the buffer, the host's damage and streaming flags, and
        /// the host's region end.
        case mask(
            target: PixelPlane, clip: Clip, materialized: Clip, buffer: ScratchPlane, damage: DamageRows?, streams: (Bool, Bool),
            end: Int)
    }

    /// Draws `list` into `plane` (this band's rows), skipping draws before `occluder`.
    /// - Complexity: O(commands) plus each drawn command's pixels in the band.
    func execute(_ list: LoweredFrame, occluder: Int?, into plane: PixelPlane) {
        let commands = list.commands, boxes = list.bounds
        let skipBefore = occluder ?? 0
        /// Whether command `k`'s pixels can reach the clip `c` (and the damage, in a damage render).
        func reaches(_ k: Int, _ c: Clip) -> Bool {
            let b = boxes[k].intersection(c.bounds)
            guard !b.isEmpty else { return false }
            return damage?.touches(b) ?? true
        }
        var target = plane
        var clip = Clip(bounds: band, mask: nil)
        regions.removeAll(keepingCapacity: true)
        var i = 0
        while i < commands.count {
            switch commands[i] {
            case .fill(let shape, let rule, let color, let alpha):
                guard i >= skipBefore, reaches(i, clip) else { break }
                passCuts(at: i)
                let polygons = list.shapes[shape]
                forEachCutClip(clip) { fillSolid(polygons, rule: rule, color: color, alpha: alpha, clip: $0, into: target) }
            case .contents(let image, let rect, let area, let projection, let alpha):
                guard i >= skipBefore, reaches(i, clip) else { break }
                passCuts(at: i)
                let polygons = list.shapes[area]
                forEachCutClip(clip) {
                    drawContents(image, placedIn: rect, area: polygons, projection: projection, clip: $0, alpha: alpha, into: target)
                }
            case .gradient(let plan, let shape, let alpha):
                guard i >= skipBefore, reaches(i, clip) else { break }
                passCuts(at: i)
                let polygons = list.shapes[shape], gradient = list.gradientPlans[plan]
                forEachCutClip(clip) { drawGradient(gradient, area: polygons, alpha: alpha, clip: $0, into: target) }
            case .shadow(let plan, let color, let alpha):
                guard i >= skipBefore, reaches(i, clip) else { break }
                passCuts(at: i)
                let c = PixelMath.scale(color.premultipliedRGBA8.packed, alpha)
                forEachCutClip(clip) { drawShadow(list.shadowPlans[plan], color: c, clip: $0, into: target) }
            case .mesh(let plan, let alpha):
                guard i >= skipBefore, reaches(i, clip) else { break }
                passCuts(at: i)
                forEachCutClip(clip) { drawMesh(list.meshPlans[plan], clip: $0, alpha: alpha, into: target) }
            case .clip(let shape, let rule, let alpha, let drawnOnce, let end):
                guard end >= skipBefore, reaches(i, clip),
                    let narrowed = intersect(clip, with: list.shapes[shape], rule: rule, alpha: alpha)
                else {
                    i = end + 1
                    continue
                }
                if let drawnOnce, let s = narrowed.shape, s !== clip.shape { s.drawnOnce = drawnOnce }
                regions.append(.clip(clip))
                clip = narrowed
            case .restore:
                guard case .clip(let outer) = regions.removeLast() else { preconditionFailure("unbalanced restore") }
                clip = outer
            case .beginGroup(let alpha, let end):
                guard end >= skipBefore, !clip.bounds.isEmpty else {
                    i = end + 1
                    continue
                }
                let streams = stopStreaming()
                let buffer = scratchPlane()
                regions.append(.group(target: target, clip: clip, buffer: buffer, alpha: alpha, streams: streams))
                target = buffer.plane
                // A blurred group draws everything in the band (the frame: `LoweredFrame.hasBlur`),
                // clipped or not: the blur brings pixels from outside the clip into it.
                if case .blur = commands[end - 1] {
                    clip = Clip(bounds: band, mask: nil)
                } else {
                    clip = Clip(bounds: clip.bounds, mask: nil)
                }
            case .blur(let plan):
                // The group's deferred copies are written before its pixels are read.
                tables.pending.flushAll()
                drawBlur(list.blurs[plan], in: target)
            case .endGroup:
                guard case .group(let outerTarget, let outerClip, let buffer, let alpha, let streams) = regions.removeLast() else {
                    preconditionFailure("unbalanced group")
                }
                passCuts(at: i)
                // `composite` writes the group's deferred copies before reading the buffer.
                forEachVisiblePiece(of: outerClip.bounds) { piece in
                    var t = outerClip
                    t.bounds = piece
                    composite(buffer.plane, clip: t, alpha: alpha, into: outerTarget)
                }
                resumeStreaming(streams)
                (target, clip) = (outerTarget, outerClip)
            case .beginMask(let end):
                guard end >= skipBefore, !clip.bounds.isEmpty, let m = materialized(clip) else {
                    i = end + 1
                    continue
                }
                let streams = stopStreaming()
                let buffer = scratchPlane()
                regions.append(
                    .mask(target: target, clip: clip, materialized: m, buffer: buffer, damage: damage, streams: streams, end: end))
                // A mask's coverage is needed over its whole clip, damaged or not: its touched box
                // sets the host's clip (and so the rasteriser's boxes), which must be a full render's.
                damage = nil
                target = buffer.plane
                clip = Clip(bounds: m.bounds, mask: nil)
            case .endMask:
                guard case .mask(let hostTarget, let hostClip, let m, let buffer, let hostDamage, let streams, let end) = regions.removeLast()
                else { preconditionFailure("unbalanced mask") }
                // Opaque 1:1 contents in the mask subtree may still be deferred row copies: write
                // them before the offscreen pixels are read (as `composite` does for a group's buffer).
                tables.pending.flushAll()
                resumeStreaming(streams)
                damage = hostDamage
                target = hostTarget
                guard let masked = maskClip(alphaOf: buffer, through: m) else {
                    clip = hostClip
                    i = end + 1
                    continue
                }
                regions.append(.clip(hostClip))
                clip = masked
            }
            i += 1
        }
        precondition(regions.isEmpty, "unbalanced display list")
    }

    /// Calls `body` with `c` cut to each piece the current cut and hole leave (`c` itself when
    /// there are none).
    @inline(__always)
    private func forEachCutClip(_ c: Clip, _ body: (Clip) -> Void) {
        guard cut != nil || hole != nil else { return body(c) }
        forEachVisiblePiece(of: c.bounds) { piece in
            var p = c
            p.bounds = piece
            body(p)
        }
    }

    /// Turns the band's row stores' streaming off (a buffer drawn now is read back at once: a
    /// streamed line would leave the cache, and the composite or mask that reads it next would
    /// fetch it back from memory); returns the flags to restore.
    private func stopStreaming() -> (Bool, Bool) {
        let streams = (tables.pending.streamsStores, tables.pending.streamsMixes)
        (tables.pending.streamsStores, tables.pending.streamsMixes) = (false, false)
        return streams
    }

    private func resumeStreaming(_ streams: (Bool, Bool)) {
        (tables.pending.streamsStores, tables.pending.streamsMixes) = streams
    }
}
