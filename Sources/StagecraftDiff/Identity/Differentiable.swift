/// A value that the diff can match by identity and compare by content.
///
/// Identity (`differenceIdentifier`) decides which source and target elements are the
/// same item; content (`isContentEqual(to:)`) decides whether a matched item changed.
/// Keeping the two apart is what lets an edit be an *update* of a cell instead of a
/// delete and an insert.
///
/// ```swift
/// import Stagecraft
///
/// struct Item: Differentiable {
///   var id: Int
///   var title: String
///   var differenceIdentifier: Int { id }
///   func isContentEqual(to source: Item) -> Bool { title == source.title }
/// }
/// let staged = StagedChangeset(
///   source: [Item(id: 1, title: "a")], target: [Item(id: 1, title: "b")])
/// print(staged[0].elementUpdated)  // prints [[0, 0]]
/// ```
///
/// A type that is `Hashable` (or `Identifiable`) and `Equatable` gets both requirements
/// for free: `extension Tag: Differentiable {}`.
public protocol Differentiable: ContentIdentifiable, ContentEquatable {}
