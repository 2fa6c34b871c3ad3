/// Sibling lookup shared by the two parallel tree APIs (`View.insertSubview(_:aboveSubview:)`
/// and `Layer.insertSublayer(_:above:)`, and their `below` forms), which UIKit and Core
/// Animation both define.
extension Array where Element: AnyObject {
    /// The index of `sibling` by identity.
    /// - Precondition: `sibling` is an element (a programmer error otherwise, as UIKit's
    ///   exception); the message names `api`.
    /// - Complexity: O(n).
    func index(ofSibling sibling: Element, in api: StaticString) -> Int {
        guard let i = firstIndex(where: { $0 === sibling }) else { preconditionFailure("\(api): the sibling is not in the same parent") }
        return i
    }
}
