import TransitionKitCore

/// A grid of frames with a progress mark under each: one picture of a whole transition.
///
/// Layout (all sizes in pixels):
/// ```
///  spacing
///  ┌──────┐ spacing ┌──────┐
///  │frame0│         │frame1│      cellHeight
///  └──────┘         └──────┘
///   labelGap
///  ▆▆▆▆▆▁▁▁         ▆▆▆▆▆▆▆▁      progress bar, barHeight
///  |  ╷  |  ╷  |     ...          ticks at 0, ¼, ½, ¾, 1 (tall at 0, ½, 1), tickHeight
///  spacing
///  ... next row ...
/// ```
/// - `columns' = min(columns, frames.count)` columns and `rows = ⌈frames.count / columns'⌉`
///   rows, filled left to right, top to bottom.
/// - `cellWidth` defaults to the first frame's width; `cellHeight = max(1, round(cellWidth ·
///   h₀ / w₀))` from the first frame's aspect ratio.
/// - Each frame is scaled with a box filter (`BoxFilter`) to the largest size of its own
///   aspect ratio that fits the cell, centred in it.
/// - Under each cell, after `labelGap` pixels, a progress label made of marks, no font:
///   a bar `barHeight` pixels tall across the cell width, drawn in the track colour and
///   filled from the left over `round(progress · cellWidth)` pixels in the mark colour; below
///   it, 1-pixel ticks in the mark colour at `x = round(t · (cellWidth − 1))` for
///   t = 0, 0.25, 0.5, 0.75, 1: `tickHeight` pixels tall at 0, 0.5, 1 and half that at the
///   quarters, so 0.25 steps can be read off without text.
/// - Mark colour: black over a light background, white over a dark one (background
///   composited over white, Rec. 601 luma ≥ 128 counts as light); track colour: the mark
///   colour at 25 % over the background.
/// - Sheet size: `width = columns'·cellWidth + (columns' + 1)·spacing`,
///   `height = rows·(cellHeight + labelHeight) + (rows + 1)·spacing` with
///   `labelHeight = labelGap + barHeight + tickHeight` (= 10).
public struct ContactSheet: Sendable {
    /// Pixels between a cell's image and its progress bar.
    public static let labelGap = 2
    /// Height of the progress bar, in pixels.
    public static let barHeight = 4
    /// Height of the tall ticks (at progress 0, 0.5, 1), in pixels; quarter ticks are half.
    public static let tickHeight = 4
    /// Height of the label band under each cell, in pixels.
    public static var labelHeight: Int { labelGap + barHeight + tickHeight }

    /// Composes `frames` into one contact-sheet bitmap; see the type's documentation for the
    /// layout.
    /// - Parameters:
    ///   - frames: the frames with the transition progress (0...1, clamped for the bar) each
    ///     shows; at least one.
    ///   - columns: cells per row, >= 1 (fewer if there are fewer frames).
    ///   - cellWidth: width of each cell in pixels, >= 1; nil for the first frame's width.
    ///   - spacing: pixels around and between cells, >= 0.
    ///   - background: the colour of everything outside the frames (premultiplied).
    /// - Returns: the sheet, `columns'·cellWidth + (columns'+1)·spacing` pixels wide.
    /// - Throws: `TransitionKitError.invalidValue` for no frames, `columns < 1`,
    ///   `cellWidth < 1`, `spacing < 0` or a non-finite progress; `.invalidSize` when the
    ///   sheet would exceed `Bitmap.maximumDimension` pixels a side.
    /// - Complexity: O(sheet pixels + Σ frame pixels).
    public static func compose(
        frames: [(bitmap: Bitmap, progress: Double)], columns: Int, cellWidth: Int? = nil,
        spacing: Int, background: RGBA8
    ) throws(TransitionKitError) -> Bitmap {
        guard let first = frames.first else {
            throw .invalidValue(name: "contact sheet frame count", value: 0, accepted: "at least 1 frame")
        }
        guard columns >= 1 else { throw .invalidValue(name: "contact sheet columns", value: Double(columns), accepted: ">= 1") }
        let cellW = cellWidth ?? first.bitmap.width
        guard cellW >= 1 else { throw .invalidValue(name: "contact sheet cellWidth", value: Double(cellW), accepted: ">= 1 pixels") }
        guard spacing >= 0 else { throw .invalidValue(name: "contact sheet spacing", value: Double(spacing), accepted: ">= 0 pixels") }
        for (index, frame) in frames.enumerated() {
            try TransitionKitError.check(frame.progress, "progress of contact sheet frame \(index)", accepted: "a finite number, 0...1")
        }
        let limit = Bitmap.maximumDimension
        guard cellW <= limit, spacing <= limit else {
            throw .invalidSize(
                name: "contact sheet cell", width: Double(cellW), height: Double(spacing),
                accepted: "cell width and spacing up to \(limit) pixels")
        }
        let cellH = max(1, Int((Double(cellW) * Double(first.bitmap.height) / Double(first.bitmap.width)).rounded()))
        let cols = min(columns, frames.count)
        let rows = (frames.count + cols - 1) / cols
        let pitchX = cellW + spacing, pitchY = cellH + labelHeight + spacing
        // Int arithmetic cannot overflow here: every factor is at most 16384 or the frame count.
        let sheetWidth = cols * pitchX + spacing
        let sheetHeight = rows * pitchY + spacing
        var sheet = try Bitmap(validatingWidth: sheetWidth, height: sheetHeight, fill: background)

        let (mark, track) = labelColours(on: background)
        for (index, frame) in frames.enumerated() {
            let cellX = spacing + (index % cols) * pitchX
            let cellY = spacing + (index / cols) * pitchY
            let w = frame.bitmap.width, h = frame.bitmap.height
            // Largest size with the frame's aspect ratio inside cellW x cellH.
            var fitW = cellW, fitH = max(1, Int((Double(cellW) * Double(h) / Double(w)).rounded()))
            if fitH > cellH {
                fitH = cellH
                fitW = max(1, min(cellW, Int((Double(cellH) * Double(w) / Double(h)).rounded())))
            }
            BoxFilter.draw(
                frame.bitmap, into: &sheet, x: cellX + (cellW - fitW) / 2, y: cellY + (cellH - fitH) / 2,
                width: fitW, height: fitH)
            drawLabel(
                progress: frame.progress, into: &sheet, x: cellX, y: cellY + cellH + labelGap, width: cellW,
                mark: mark, track: track)
        }
        return sheet
    }

    /// The size `compose` returns for `frameCount` frames of `frameWidth`x`frameHeight`.
    /// - Complexity: O(1).
    public static func size(
        frameCount: Int, frameWidth: Int, frameHeight: Int, columns: Int, cellWidth: Int? = nil,
        spacing: Int
    ) -> (width: Int, height: Int) {
        precondition(
            frameCount >= 1 && columns >= 1 && frameWidth >= 1 && frameHeight >= 1,
            "frameCount \(frameCount), columns \(columns), frame \(frameWidth)x\(frameHeight) must be >= 1")
        let cellW = cellWidth ?? frameWidth
        let cellH = max(1, Int((Double(cellW) * Double(frameHeight) / Double(frameWidth)).rounded()))
        let cols = min(columns, frameCount)
        let rows = (frameCount + cols - 1) / cols
        return (cols * (cellW + spacing) + spacing, rows * (cellH + labelHeight + spacing) + spacing)
    }
}
