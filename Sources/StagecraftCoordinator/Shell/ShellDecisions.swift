/// The decisions a SwiftUI collection's UIKit shell would otherwise make on its own, kept
/// here so that `swift test` runs them: the shell only forwards their answers to UIKit.

/// Content insets given by leading and trailing edges, resolved for the view's layout
/// direction, and applied only while the app asks for them: a collection whose
/// `contentInsets` modifier is not used leaves the insets the app set on the view (through
/// `onCollectionView`) alone, and one whose modifier goes away gives the view back zero
/// insets once.
package struct ContentInsetsOwner: Sendable {
  /// Insets by physical edge, as `UIEdgeInsets` holds them.
  package struct Physical: Equatable, Sendable {
    package var top, left, bottom, right: Double
    package init(top: Double, left: Double, bottom: Double, right: Double) {
      (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
  }

  /// Whether the insets on the view are the modifier's.
  private var applied = false

  package init() {}

  /// What to set on the view for the modifier's insets (`nil` when unused), or `nil` to
  /// leave the view's insets alone. Leading is the left edge left to right, the right edge
  /// right to left (`NSDirectionalEdgeInsets`, `effectiveUserInterfaceLayoutDirection`).
  package mutating func insets(
    top: Double, leading: Double, bottom: Double, trailing: Double, rightToLeft: Bool
  ) -> Physical {
    applied = true
    return rightToLeft
      ? Physical(top: top, left: trailing, bottom: bottom, right: leading)
      : Physical(top: top, left: leading, bottom: bottom, right: trailing)
  }

  /// The modifier is not used: zero insets once if the modifier set them, nothing otherwise.
  package mutating func noInsets() -> Physical? {
    guard applied else { return nil }
    applied = false
    return Physical(top: 0, left: 0, bottom: 0, right: 0)
  }
}

/// How many times each shown item's cell was selected: a `Button` at a cell's root fires on
/// each change of its count. Only the cells on screen need theirs: a cell configured again
/// from 0 fires at its next selection all the same. So after each update the counts are
/// pruned to the items on screen, which costs what is on screen, not what the data holds.
package struct CellSelectionCounter<ID: Hashable> {
  private var counts: [ID: Int] = [:]

  package init() {}

  /// The selections of `id` so far.
  package func count(of id: ID) -> Int { counts[id] ?? 0 }

  /// One more selection of `id`.
  package mutating func select(_ id: ID) { counts[id, default: 0] += 1 }

  /// Forgets the items `holds` rejects: those no longer on screen.
  ///
  /// - Complexity: O(c) for the c items counted, with `holds` O(1).
  package mutating func prune(keeping holds: (ID) -> Bool) {
    guard !counts.isEmpty else { return }
    counts = counts.filter { holds($0.key) }
  }

  /// The number of items counted.
  package var countedItems: Int { counts.count }
}

/// The message of a typed modifier given the wrong type: `onSelect(for: Row.self)` on a
/// collection of `Message`s would never fire. `nil` when the types agree.
///
/// - Parameters:
///   - modifier: The modifier, as the app wrote it.
///   - given: The type the app named.
///   - expected: The type the collection holds there, which the diagnostic names.
///   - accepted: Other types that reach the same elements (a keyed collection's wrapper).
/// - Returns: The diagnostic, or `nil`.
package func typedModifierMismatch(
  _ modifier: String, given: Any.Type, expected: Any.Type, alsoAccepted accepted: [Any.Type] = []
) -> String? {
  guard given != expected, !accepted.contains(where: { $0 == given }) else { return nil }
  return
    "\(modifier)(for: \(given).self) on a StagedCollection of \(expected) never fires: "
    + "name \(expected).self"
}

/// What `.refreshable` does to the view's refresh control. The collection owns only the
/// control it made: an app's own control (set through `onCollectionView`) is kept whether or
/// not the collection has a refresh action, and the collection's is removed when the action
/// goes away.
package enum RefreshControlChange: Equatable, Sendable {
  /// Leave the view's control as it is.
  case keep
  /// Give the view a control of the collection's own.
  case install
  /// Remove the collection's control.
  case remove

  /// The change for a collection with or without a refresh action, on a view whose control
  /// is none, the collection's own, or the app's.
  ///
  /// - Parameters:
  ///   - hasAction: Whether the environment has a refresh action.
  ///   - control: The view's refresh control now.
  /// - Returns: What to do to the view's control.
  package static func change(hasAction: Bool, control: RefreshControlOwner) -> Self {
    switch (hasAction, control) {
    case (true, .none): .install
    case (false, .collection): .remove
    default: .keep
    }
  }
}

/// Whose refresh control a view has.
package enum RefreshControlOwner: Equatable, Sendable {
  case none
  case collection
  case app
}

/// Whether a SwiftUI transaction animates an update: it has an animation and does not
/// disable animations (`Transaction.animation`, `Transaction.disablesAnimations`).
///
/// - Parameters:
///   - hasAnimation: Whether the transaction has an animation.
///   - disablesAnimations: Whether it disables animations.
/// - Returns: Whether the update asks to animate.
package func transactionAnimates(hasAnimation: Bool, disablesAnimations: Bool) -> Bool {
  hasAnimation && !disablesAnimations
}

/// The section whose identity a supplementary view shows: `section` when the data the view
/// shows has it, and the kind shows content; `nil` (an empty view) otherwise. UIKit asks for
/// a supplementary view of a section during an update's animation too, where the index may
/// name a section the new data no longer has.
///
/// - Parameters:
///   - section: The section index UIKit names.
///   - sectionCount: The number of sections of the data the view shows.
///   - showsContent: Whether the kind's registration shows the app's content.
/// - Returns: The section index to read, or `nil`.
package func supplementarySection(_ section: Int, sectionCount: Int, showsContent: Bool) -> Int? {
  showsContent && section >= 0 && section < sectionCount ? section : nil
}
