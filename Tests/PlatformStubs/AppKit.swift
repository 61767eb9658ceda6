// swift-format-ignore-file
// A stub of exactly the AppKit declarations that Stagecraft's NSCollectionView adapter
// uses, so that CI can type-check it on Linux, where AppKit does not exist. Each
// declaration is transcribed from Apple's documentation page named above it
// (https://developer.apple.com/documentation/appkit/...): its name, labels, optionality and
// main-actor isolation. The bodies are placeholders; nothing here runs.
@_exported import Foundation

// nsresponder
@MainActor open class NSResponder {
  public init() {}
}

// nsview
@MainActor open class NSView: NSResponder {
  // nsview/window
  open var window: NSWindow? { nil }
  // nsview/bounds
  open var bounds: NSRect = .zero
}

// nswindow
@MainActor open class NSWindow: NSResponder {}

// nsviewcontroller
@MainActor open class NSViewController: NSResponder {}

// nscollectionviewitem
@MainActor open class NSCollectionViewItem: NSViewController {}

// nsanimatablepropertycontainer
@MainActor public protocol NSAnimatablePropertyContainer {
  // nsanimatablepropertycontainer/animator()
  func animator() -> Self
}

// nscollectionviewlayoutinvalidationcontext
@MainActor open class NSCollectionViewLayoutInvalidationContext: NSObject {
  // An Objective-C class: its inherited init() can be called on a metatype, as apps do with
  // `invalidationContextClass`; `required` models that here.
  public required override init() {}
  // nscollectionviewlayoutinvalidationcontext/invalidateitems(at:)
  open func invalidateItems(at indexPaths: Set<IndexPath>) {}
}

// nscollectionviewlayout
@MainActor open class NSCollectionViewLayout: NSObject {
  // nscollectionviewlayout/invalidationcontextclass
  open class var invalidationContextClass: AnyClass { NSCollectionViewLayoutInvalidationContext.self }
  // nscollectionviewlayout/invalidatelayout(with:)
  open func invalidateLayout(with context: NSCollectionViewLayoutInvalidationContext) {}
}

// nscollectionview
@MainActor open class NSCollectionView: NSView, NSAnimatablePropertyContainer {
  // nscollectionview/collectionviewlayout
  open var collectionViewLayout: NSCollectionViewLayout? = nil
  // nscollectionview/allowsmultipleselection
  open var allowsMultipleSelection: Bool = false
  // nsanimatablepropertycontainer/animator(), as NSView implements it
  public func animator() -> Self { self }
  // nscollectionview/reloaddata()
  open func reloadData() {}
  // nscollectionview/performbatchupdates(_:completionhandler:)
  open func performBatchUpdates(
    _ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil
  ) {}
  // nscollectionview/insertsections(_:)
  open func insertSections(_ sections: IndexSet) {}
  // nscollectionview/deletesections(_:)
  open func deleteSections(_ sections: IndexSet) {}
  // nscollectionview/reloadsections(_:)
  open func reloadSections(_ sections: IndexSet) {}
  // nscollectionview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  // nscollectionview/insertitems(at:)
  open func insertItems(at indexPaths: Set<IndexPath>) {}
  // nscollectionview/deleteitems(at:)
  open func deleteItems(at indexPaths: Set<IndexPath>) {}
  // nscollectionview/reloaditems(at:)
  open func reloadItems(at indexPaths: Set<IndexPath>) {}
  // nscollectionview/moveitem(at:to:)
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  // nscollectionview/item(at:)-9s1vj (by index path)
  open func item(at indexPath: IndexPath) -> NSCollectionViewItem? { nil }
  // nscollectionview/numberofsections
  open var numberOfSections: Int { 0 }
  // nscollectionview/numberofitems(insection:)
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  // nscollectionview/scrollposition
  public struct ScrollPosition: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    public static let nearestHorizontalEdge = ScrollPosition(rawValue: 1 << 9)
    public static let left = ScrollPosition(rawValue: 1 << 3)
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    public static let right = ScrollPosition(rawValue: 1 << 5)
    public static let leadingEdge = ScrollPosition(rawValue: 1 << 6)
    public static let trailingEdge = ScrollPosition(rawValue: 1 << 7)
    public static let nearestVerticalEdge = ScrollPosition(rawValue: 1 << 8)
  }
  // nscollectionview/selectionindexpaths
  open var selectionIndexPaths: Set<IndexPath> = []
  // nscollectionview/selectitems(at:scrollposition:)
  open func selectItems(
    at indexPaths: Set<IndexPath>, scrollPosition: NSCollectionView.ScrollPosition
  ) {}
  // nscollectionview/deselectitems(at:)
  open func deselectItems(at indexPaths: Set<IndexPath>) {}
  // nscollectionview/indexpathsforvisibleitems()
  open func indexPathsForVisibleItems() -> Set<IndexPath> { [] }
}

// foundation/indexpath, AppKit's additions
extension IndexPath {
  // foundation/indexpath/init(item:section:)
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  // foundation/indexpath/section
  public var section: Int { self[0] }
  // foundation/indexpath/item
  public var item: Int { self[1] }
}
