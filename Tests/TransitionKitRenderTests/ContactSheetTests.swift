import Testing
import TransitionKitCore

@testable import TransitionKitRender

@Suite("Contact sheet")
struct ContactSheetTests {
    static let colours: [RGBA8] = [
        RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 255, b: 0, a: 255), RGBA8(r: 0, g: 0, b: 255, a: 255),
        RGBA8(r: 60, g: 60, b: 0, a: 128), RGBA8(r: 10, g: 20, b: 30, a: 255),
    ]

    private func frames(width: Int = 40, height: Int = 80) throws -> [(bitmap: Bitmap, progress: Double)] {
        Self.colours.enumerated().map { index, colour in
            (Bitmap(width: width, height: height, fill: colour), Double(index) / 4)
        }
    }

    @Test("size: columns·cellWidth + (columns+1)·spacing by rows·(cellHeight + label + spacing) + spacing")
    func size() throws {
        // 5 frames of 40x80 in 3 columns at cell width 20: cell height 40, 2 rows, label 10.
        let sheet = try ContactSheet.compose(frames: frames(), columns: 3, cellWidth: 20, spacing: 4, background: .white)
        #expect(ContactSheet.labelHeight == 10)
        #expect(sheet.width == 3 * 20 + 4 * 4 && sheet.height == 2 * (40 + 10 + 4) + 4)
        let formula = ContactSheet.size(frameCount: 5, frameWidth: 40, frameHeight: 80, columns: 3, cellWidth: 20, spacing: 4)
        #expect(formula.width == sheet.width && formula.height == sheet.height)
        // More columns than frames: only as many columns as frames.
        let wide = try ContactSheet.compose(frames: frames(), columns: 8, cellWidth: 20, spacing: 0, background: .white)
        #expect(wide.width == 5 * 20 && wide.height == 40 + 10)
        // Default cell width: the first frame's width.
        let full = try ContactSheet.compose(frames: frames(), columns: 5, spacing: 1, background: .white)
        #expect(full.width == 5 * 40 + 6 && full.height == 80 + 10 + 2)
    }

    @Test("each cell's centre is the downscaled solid frame colour; the background shows between cells")
    func cellCentres() throws {
        let sheet = try ContactSheet.compose(frames: frames(), columns: 3, cellWidth: 20, spacing: 4, background: .white)
        for (index, colour) in Self.colours.enumerated() {
            let x = 4 + (index % 3) * 24 + 10, y = 4 + (index / 3) * 54 + 20
            #expect(sheet.pixel(x: x, y: y) == colour, "cell \(index)")
        }
        #expect(sheet.pixel(x: 0, y: 0) == .white && sheet.pixel(x: 25, y: 30) == .white)
    }

    @Test("the box filter averages premultiplied pixels")
    func boxAverage() throws {
        // Columns alternate black and white; halving the width averages each pair to grey 128.
        var stripes = Bitmap(width: 8, height: 4, fill: .black)
        for y in 0..<4 { for x in stride(from: 1, to: 8, by: 2) { stripes.setPixel(.white, x: x, y: y) } }
        let sheet = try ContactSheet.compose(frames: [(stripes, 1)], columns: 1, cellWidth: 4, spacing: 0, background: .black)
        for x in 0..<4 { #expect(sheet.pixel(x: x, y: 1) == RGBA8(r: 128, g: 128, b: 128, a: 255)) }
    }

    @Test("frames of another aspect ratio are fitted and centred")
    func aspectFit() throws {
        let tall = Bitmap(width: 40, height: 80, fill: .black)
        let wide = Bitmap(width: 40, height: 20, fill: RGBA8(r: 255, g: 0, b: 0, a: 255))
        let sheet = try ContactSheet.compose(frames: [(tall, 0), (wide, 1)], columns: 2, cellWidth: 20, spacing: 0, background: .white)
        // Cell 1 is 20x40; the wide frame becomes 20x10 centred vertically (rows 15..<25).
        #expect(
            sheet.pixel(x: 30, y: 14) == .white && sheet.pixel(x: 30, y: 15)?.r == 255 && sheet.pixel(x: 30, y: 24)?.r == 255
                && sheet.pixel(x: 30, y: 25) == .white)
    }

    @Test("the progress label: bar filled to progress, ticks at 0, ¼, ½, ¾, 1")
    func label() throws {
        let frame = Bitmap(width: 20, height: 10, fill: .white)
        let sheet = try ContactSheet.compose(frames: [(frame, 0.5)], columns: 1, cellWidth: 20, spacing: 0, background: .white)
        let (mark, track) = ContactSheet.labelColours(on: .white)
        #expect(mark == .black && track == RGBA8(r: 191, g: 191, b: 191, a: 255))
        let barY = 10 + ContactSheet.labelGap
        for x in 0..<20 { #expect(sheet.pixel(x: x, y: barY) == (x < 10 ? mark : track), "bar pixel \(x)") }
        let tickY = barY + ContactSheet.barHeight
        // round(t · 19) for t = 0, 0.25, 0.5, 0.75, 1 → 0, 5, 10, 14, 19 (quarter ticks are short).
        let ticks = [0, 5, 10, 14, 19]
        for x in 0..<20 { #expect((sheet.pixel(x: x, y: tickY) == mark) == ticks.contains(x), "tick row pixel \(x)") }
        let lowY = tickY + ContactSheet.tickHeight - 1
        for x in 0..<20 { #expect((sheet.pixel(x: x, y: lowY) == mark) == [0, 10, 19].contains(x), "tall ticks only at 0, ½, 1") }
        // White marks on a dark background.
        #expect(ContactSheet.labelColours(on: .black).mark == .white)
        #expect(ContactSheet.labelColours(on: .transparent).mark == .black)
    }

    @Test("bad arguments throw TransitionKitError")
    func errors() throws {
        let frame = Bitmap(width: 4, height: 4)
        #expect(throws: TransitionKitError.self) { try ContactSheet.compose(frames: [], columns: 1, spacing: 0, background: .white) }
        #expect(throws: TransitionKitError.self) { try ContactSheet.compose(frames: [(frame, 0)], columns: 0, spacing: 0, background: .white) }
        #expect(throws: TransitionKitError.self) {
            try ContactSheet.compose(frames: [(frame, 0)], columns: 1, cellWidth: 0, spacing: 0, background: .white)
        }
        #expect(throws: TransitionKitError.self) { try ContactSheet.compose(frames: [(frame, 0)], columns: 1, spacing: -1, background: .white) }
        #expect(throws: TransitionKitError.self) { try ContactSheet.compose(frames: [(frame, .nan)], columns: 1, spacing: 0, background: .white) }
        #expect(throws: TransitionKitError.self) {
            try ContactSheet.compose(frames: [(frame, 0), (frame, 1)], columns: 2, cellWidth: 9000, spacing: 0, background: .white)
        }
    }
}
