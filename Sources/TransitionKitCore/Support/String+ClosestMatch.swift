import Foundation

extension String {
    /// The candidate closest to this text by edit distance (`editDistance(to:)`, compared
    /// case-insensitively), if it is at most 2 edits away, fewer than this text's length, and
    /// is not this text itself; the first of equally close ones. Suggests a name after a typo
    /// (`radail` → `radial`).
    /// - Complexity: O(count · candidate length) per candidate; for error messages only.
    package func closestMatch(in candidates: [String]) -> String? {
        let limit = Swift.min(2, count - 1)
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != self {
            let d = lowercased().editDistance(to: candidate.lowercased())
            if d <= limit, d < best?.distance ?? Int.max { best = (candidate, d) }
        }
        return best?.name
    }

    /// The Levenshtein distance to `other`: the fewest insertions, deletions and
    /// substitutions of characters that turn one into the other (two-row dynamic programme).
    package func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        guard !a.isEmpty, !b.isEmpty else { return Swift.max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
