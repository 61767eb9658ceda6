#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  #if canImport(UIKit) && !os(watchOS)
    import UIKit
  #else
    import AppKit
  #endif
  import StagecraftDiff

  extension IndexPath {
    /// The index path of an `ElementPath`.
    ///
    /// - Parameter path: A section and an element index.
    /// - Complexity: O(1).
    public init(_ path: ElementPath) {
      self.init(item: path.element, section: path.section)
    }
  }

  extension ElementPath {
    /// The element path of an index path: its `section`, and its `item` (or `row`).
    ///
    /// - Parameter indexPath: A two-index path.
    /// - Complexity: O(1).
    public init(_ indexPath: IndexPath) {
      self.init(element: indexPath.item, section: indexPath.section)
    }
  }
#endif
