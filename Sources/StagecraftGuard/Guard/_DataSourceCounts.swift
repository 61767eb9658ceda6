import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// The item count of each section that a view's data source answers, read as UIKit reads it:
/// `sections` from `numberOfSections(in:)`, or 1 when the data source does not implement that
/// optional method (Apple's default: "If you don't implement this method, the collection view
/// uses a default value of 1",
/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)),
/// then `items` for each section. A negative section count reads as none.
///
/// The view adapters only make the calls; this decides what they mean.
///
/// - Complexity: O(S) calls of `items`, where S is the number of sections.
@inlinable
package func _dataSourceCounts(sections: Int?, items: (Int) -> Int) -> [Int] {
  (0..<max(sections ?? 1, 0)).map(items)
}
