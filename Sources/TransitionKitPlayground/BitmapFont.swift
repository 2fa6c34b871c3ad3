import TransitionKitCore

/// A 5 x 7 dot font of the playground's own (capitals, digits and the punctuation the HUD
/// prints; lowercase letters are drawn as capitals), drawn straight into a `Bitmap`.
enum BitmapFont {
    /// Dots per glyph, across and down.
    static let glyphWidth = 5, glyphHeight = 7
    /// Dots from one glyph's left to the next one's.
    static let advance = 6

    /// Seven rows of five dots per character ('#' on).
    private static let shapes: [Character: [String]] = [
        "A": [" ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
        "B": ["#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### "],
        "C": [" ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### "],
        "D": ["#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### "],
        "E": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####"],
        "F": ["#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    "],
        "G": [" ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####"],
        "H": ["#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #"],
        "I": [" ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
        "J": ["  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  "],
        "K": ["#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #"],
        "L": ["#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####"],
        "M": ["#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #"],
        "N": ["#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #"],
        "O": [" ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
        "P": ["#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    "],
        "Q": [" ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #"],
        "R": ["#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #"],
        "S": [" ####", "#    ", "#    ", " ### ", "    #", "    #", "#### "],
        "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### "],
        "V": ["#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  "],
        "W": ["#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # "],
        "X": ["#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #"],
        "Y": ["#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  "],
        "Z": ["#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####"],
        "0": [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
        "1": ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
        "2": [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
        "3": ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
        "4": ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
        "5": ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
        "6": ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
        "7": ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
        "8": [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
        "9": [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
        ".": ["     ", "     ", "     ", "     ", "     ", " ##  ", " ##  "],
        ",": ["     ", "     ", "     ", "     ", " ##  ", "  #  ", " #   "],
        ":": ["     ", " ##  ", " ##  ", "     ", " ##  ", " ##  ", "     "],
        "-": ["     ", "     ", "     ", "#####", "     ", "     ", "     "],
        "+": ["     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "],
        "=": ["     ", "     ", "#####", "     ", "#####", "     ", "     "],
        "/": ["     ", "    #", "   # ", "  #  ", " #   ", "#    ", "     "],
        "(": ["   # ", "  #  ", " #   ", " #   ", " #   ", "  #  ", "   # "],
        ")": [" #   ", "  #  ", "   # ", "   # ", "   # ", "  #  ", " #   "],
        "[": [" ### ", " #   ", " #   ", " #   ", " #   ", " #   ", " ### "],
        "]": [" ### ", "   # ", "   # ", "   # ", "   # ", "   # ", " ### "],
        "%": ["##   ", "##  #", "   # ", "  #  ", " #   ", "#  ##", "   ##"],
        "<": ["   # ", "  #  ", " #   ", "#    ", " #   ", "  #  ", "   # "],
        ">": [" #   ", "  #  ", "   # ", "    #", "   # ", "  #  ", " #   "],
        "_": ["     ", "     ", "     ", "     ", "     ", "     ", "#####"],
        "!": ["  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "     ", "  #  "],
        "?": [" ### ", "#   #", "    #", "   # ", "  #  ", "     ", "  #  "],
        "'": ["  #  ", "  #  ", " #   ", "     ", "     ", "     ", "     "],
        "\"": [" # # ", " # # ", "     ", "     ", "     ", "     ", "     "],
        "*": ["     ", "  #  ", "# # #", " ### ", "# # #", "  #  ", "     "],
        "|": ["  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  "],
        "#": [" # # ", " # # ", "#####", " # # ", "#####", " # # ", " # # "],
    ]

    /// Each character's rows as bit masks (bit 4 = leftmost dot), built once.
    private static let masks: [Character: [UInt8]] = shapes.compactMapValues { rows in
        rows.count == glyphHeight ? rows.map { row in row.reduce(UInt8(0)) { $0 << 1 | ($1 == "#" ? 1 : 0) } } : nil
    }

    /// Whether `character` has a glyph (after upper-casing); others draw as a blank.
    static func hasGlyph(_ character: Character) -> Bool { masks[Character(character.uppercased())] != nil }

    /// Draws `text` with its top-left at pixel (`x`, `y`), each dot `dot` x `dot` pixels in
    /// `color`; dots outside the bitmap are skipped.
    /// - Returns: the x just past the last glyph.
    @discardableResult
    static func draw(_ text: String, in bitmap: inout Bitmap, x: Int, y: Int, dot: Int, color: RGBA8) -> Int {
        var pen = x
        let width = bitmap.width, height = bitmap.height, stride = bitmap.rowStride
        let value = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        bitmap.withUnsafeMutablePixels { p in
            for ch in text {
                if let rows = masks[Character(ch.uppercased())] {
                    for (r, mask) in rows.enumerated() where mask != 0 {
                        for c in 0..<glyphWidth where mask & (0x10 >> UInt8(c)) != 0 {
                            for dy in 0..<dot {
                                let py = y + r * dot + dy
                                guard py >= 0 && py < height else { continue }
                                for dx in 0..<dot {
                                    let px = pen + c * dot + dx
                                    if px >= 0 && px < width { p[py * stride + px] = value }
                                }
                            }
                        }
                    }
                }
                pen += advance * dot
            }
        }
        return pen
    }
}
