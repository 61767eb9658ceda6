#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftReplay
  import UIKit

  /// `UIAccessibility.Notification.layoutChanged` (`UIAccessibilityLayoutChangedNotification`,
  /// 1001), by value: the iOS 15 and 16 SDKs declare the constant as a mutable global, which
  /// Swift 6 refuses to read (the iOS 26 SDK declares it `const` and nonisolated).
  private let _layoutChanged = UIAccessibility.Notification(rawValue: 1001)

  /// Focus on a UIKit list: read from UIKit's focus system and VoiceOver before an update, put
  /// back after it by the door that followed it by identity.
  extension UIKitListView {
    /// What holds keyboard focus (`UIFocusSystem.focusedItem`) and VoiceOver's cursor
    /// (`UIAccessibility.focusedElement(using: .notificationVoiceOver)`) in this view: the
    /// cell (or a view inside it) whose item it is.
    ///
    /// - Complexity: O(d) for the depth d of the focused view inside the list.
    public var focusedItems: FocusedItems {
      let keyboard = UIFocusSystem.focusSystem(for: self)?.focusedItem as? UIView
      let voiceOver = UIAccessibility.focusedElement(using: .notificationVoiceOver) as? UIView
      return FocusedItems(
        keyboard: keyboard.flatMap(_focusTarget(of:)),
        voiceOver: voiceOver.flatMap(_focusTarget(of:)))
    }

    /// Puts focus back: keyboard focus by a focus update, which asks the delegate's
    /// `indexPathForPreferredFocusedView(in:)` (`remembersLastFocusedIndexPath` is turned off,
    /// so that the path UIKit remembered does not win; the door that calls this answers that
    /// method, or gives the app the path to answer with); VoiceOver's cursor by posting
    /// `UIAccessibility.Notification.layoutChanged` with the cell (or header) now showing the
    /// item.
    ///
    /// - Parameter items: Where focus belongs now.
    /// - Complexity: O(1), and UIKit's focus update.
    public func restoreFocus(to items: FocusedItems) {
      if items.keyboard != nil {
        remembersLastFocusedIndexPath = false
        setNeedsFocusUpdate()
        updateFocusIfNeeded()
      }
      let element: UIView? =
        switch items.voiceOver {
        case .item(let path)?: _cell(at: IndexPath(path))
        case .sectionHeader(let section)?: _headerView(ofSection: section)
        case nil: nil
        }
      if let element { UIAccessibility.post(notification: _layoutChanged, argument: element) }
    }

    /// The item whose cell is `view` or holds it, when it is in this list.
    func _focusTarget(of view: UIView) -> FocusTarget? {
      var current: UIView? = view
      while let candidate = current, candidate !== self {
        if let path = _indexPath(ofCell: candidate) { return .item(ElementPath(path)) }
        current = candidate.superview
      }
      return nil
    }
  }
#endif
