import Foundation

extension String {
    /// Whether this is a name for the command line and the effect registry: non-empty,
    /// lowercase letters and digits only (`radial`, `pushback3d`, `behindviewscale`).
    package var isLowercaseName: Bool { !isEmpty && allSatisfy { ($0.isLetter && $0.isLowercase) || $0.isNumber } }
}
