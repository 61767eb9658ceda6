// swift-format-ignore-file
// A stub of exactly the AppKit declarations that Stagecraft's NSCollectionView and
// NSTableView adapters and drop-in data sources use, so that CI can type-check it on Linux, where AppKit does not exist. Each
// declaration is transcribed from Apple's documentation page named above it
// (https://developer.apple.com/documentation/appkit/...): its name, labels, optionality and
// main-actor isolation. The bodies are placeholders; nothing here runs.
@_exported import Foundation

// nsresponder
@MainActor open class NSResponder {
  public init() {}
}

// nsuserinterfaceitemidentifier
public struct NSUserInterfaceItemIdentifier: Hashable, Sendable {
  public var rawValue: String
  // nsuserinterfaceitemidentifier/init(_:)
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(rawValue: String) { self.rawValue = rawValue }
}

// nsview
@MainActor open class NSView: NSResponder {
  public override init() {}
  // nsview/init(frame:)
  public init(frame frameRect: NSRect) {}
  // nsview/window
  open var window: NSWindow? { nil }
  // nsview/bounds
  open var bounds: NSRect = .zero
  // nsview/frame
  open var frame: NSRect = .zero
  // nsview/enclosingscrollview
  open var enclosingScrollView: NSScrollView? { nil }
  // nsview/visiblerect
  open var visibleRect: NSRect { .zero }
  // nsview/identifier (NSUserInterfaceItemIdentification)
  open var identifier: NSUserInterfaceItemIdentifier? = nil
}

// nsclipview
@MainActor open class NSClipView: NSView {
  // nsclipview/scroll(to:)
  open func scroll(to newOrigin: NSPoint) {}
  // nsclipview/contentinsets (macOS 10.10)
  open var contentInsets: NSEdgeInsets = NSEdgeInsets()
}

// nsedgeinsets
public struct NSEdgeInsets: Sendable {
  public var top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0
  public init() {}
  // nsedgeinsets/init(top:left:bottom:right:)
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
}

// nsscrollview
@MainActor open class NSScrollView: NSView {
  // nsscrollview/contentview
  open var contentView: NSClipView = NSClipView()
  // nsscrollview/documentview
  open var documentView: NSView? = nil
  // nsscrollview/reflectscrolledclipview(_:)
  open func reflectScrolledClipView(_ clipView: NSClipView) {}
}

// nstextfield
@MainActor open class NSTextField: NSView {
  // nstextfield/stringvalue (NSControl)
  open var stringValue: String = ""
  // nstextfield/init(labelwithstring:)
  public convenience init(labelWithString stringValue: String) { self.init() }
}

// nstablecellview
@MainActor open class NSTableCellView: NSView {
  // nstablecellview/textfield
  open var textField: NSTextField? = nil
}

// nswindow
@MainActor open class NSWindow: NSResponder {}

// nsviewcontroller
@MainActor open class NSViewController: NSResponder {
  // nsviewcontroller/view
  open var view: NSView = NSView()
  // nsviewcontroller/viewdidload()
  open func viewDidLoad() {}
  // nsviewcontroller/representedobject
  open var representedObject: Any? = nil
}

// nscollectionviewitem
@MainActor open class NSCollectionViewItem: NSViewController {
  // nscollectionviewitem/textfield
  open var textField: NSTextField? = nil
  // nscollectionviewitem/isselected
  open var isSelected: Bool = false
}

// nscollectionviewdatasource. Its optional requirements are requirements with defaults here:
// Swift on Linux has no `@objc optional`.
@MainActor public protocol NSCollectionViewDataSource: NSObjectProtocol {
  // nscollectionviewdatasource/collectionview(_:numberofitemsinsection:)
  func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int
  // nscollectionviewdatasource/collectionview(_:itemforrepresentedobjectat:)
  func collectionView(
    _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
  ) -> NSCollectionViewItem
  // nscollectionviewdatasource/numberofsections(in:) (optional)
  func numberOfSections(in collectionView: NSCollectionView) -> Int
  // nscollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:) (optional)
  func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView
}
extension NSCollectionViewDataSource {
  public func numberOfSections(in collectionView: NSCollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: NSCollectionView,
    viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
    at indexPath: IndexPath
  ) -> NSView { fatalError() }
}

// nscollectionviewlayoutattributes
@MainActor open class NSCollectionViewLayoutAttributes: NSObject {
  public override init() {}
  // nscollectionviewlayoutattributes/frame
  open var frame: NSRect = .zero
  // nscollectionviewlayoutattributes/indexpath
  open var indexPath: IndexPath? = nil
  // nscollectionviewlayoutattributes/representedelementkind: nil for an item
  open var representedElementKind: String? { nil }
  // nscollectionviewlayoutattributes/init(forItemWith:)
  public convenience init(forItemWith indexPath: IndexPath) { self.init() }
  // nscollectionviewlayoutattributes/init(forsupplementaryviewofkind:with:)
  public convenience init(forSupplementaryViewOfKind elementKind: NSCollectionView.SupplementaryElementKind, with indexPath: IndexPath) { self.init() }
}

// nstablecolumn
@MainActor open class NSTableColumn: NSObject {
  // nstablecolumn/identifier
  open var identifier: NSUserInterfaceItemIdentifier = NSUserInterfaceItemIdentifier("")
}

// nstableview
@MainActor open class NSTableView: NSView {
  // nstableview/datasource
  weak open var dataSource: (any NSTableViewDataSource)? = nil
  // nstableview/delegate
  weak open var delegate: (any NSTableViewDelegate)? = nil
  // nstableview/numberofrows
  open var numberOfRows: Int { 0 }
  // nstableview/numberofcolumns
  open var numberOfColumns: Int { 0 }
  // nstableview/tablecolumns
  open var tableColumns: [NSTableColumn] { [] }
  // nstableview/allowsmultipleselection
  open var allowsMultipleSelection: Bool = false
  // nstableview/selectedrowindexes
  open var selectedRowIndexes: IndexSet { [] }
  // nstableview/selectrowindexes(_:byextendingselection:)
  open func selectRowIndexes(_ indexes: IndexSet, byExtendingSelection extend: Bool) {}
  // nstableview/deselectrow(_:)
  open func deselectRow(_ row: Int) {}
  // nstableview/rows(in:)
  open func rows(in rect: NSRect) -> NSRange { NSRange(location: 0, length: 0) }
  // nstableview/rect(ofrow:)
  open func rect(ofRow row: Int) -> NSRect { .zero }
  // nstableview/scrollrowtovisible(_:)
  open func scrollRowToVisible(_ row: Int) {}
  // nstableview/reloaddata()
  open func reloadData() {}
  // nstableview/reloaddata(forrowindexes:columnindexes:)
  open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
  // nstableview/beginupdates()
  open func beginUpdates() {}
  // nstableview/endupdates()
  open func endUpdates() {}
  // nstableview/insertrows(at:withanimation:)
  open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
  // nstableview/removerows(at:withanimation:)
  open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
  // nstableview/moverow(at:to:)
  open func moveRow(at oldIndex: Int, to newIndex: Int) {}
  // nstableview/view(atcolumn:row:makeifnecessary:)
  open func view(atColumn column: Int, row: Int, makeIfNecessary: Bool) -> NSView? { nil }
  // nstableview/makeview(withidentifier:owner:)
  open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?) -> NSView? { nil }
  // nstableview/animationoptions
  public struct AnimationOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let effectFade = AnimationOptions(rawValue: 0x1)
    public static let effectGap = AnimationOptions(rawValue: 0x2)
    public static let slideUp = AnimationOptions(rawValue: 0x10)
    public static let slideDown = AnimationOptions(rawValue: 0x20)
    public static let slideLeft = AnimationOptions(rawValue: 0x30)
    public static let slideRight = AnimationOptions(rawValue: 0x40)
  }
}

// nstableviewdatasource (every requirement optional; defaults here, as above)
@MainActor public protocol NSTableViewDataSource: NSObjectProtocol {
  // nstableviewdatasource/numberofrows(in:)
  func numberOfRows(in tableView: NSTableView) -> Int
}
extension NSTableViewDataSource {
  public func numberOfRows(in tableView: NSTableView) -> Int { 0 }
}

// nstableviewdelegate (every requirement optional; defaults here, as above)
@MainActor public protocol NSTableViewDelegate: NSObjectProtocol {
  // nstableviewdelegate/tableview(_:viewfor:row:)
  func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
  // nstableviewdelegate/tableview(_:isgrouprow:)
  func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
}
extension NSTableViewDelegate {
  public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? { nil }
  public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { false }
}

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
  // nscollectionviewlayoutinvalidationcontext/contentoffsetadjustment
  open var contentOffsetAdjustment: NSPoint = .zero
}

// nscollectionviewlayout (NSObject, NSCoding: init() and init?(coder:) designated)
@MainActor open class NSCollectionViewLayout: NSObject {
  public override init() {}
  public required init?(coder: NSCoder) {}
  // nscollectionviewlayout/collectionview
  open var collectionView: NSCollectionView? { nil }
  // nscollectionviewlayout/invalidationcontextclass
  open class var invalidationContextClass: AnyClass { NSCollectionViewLayoutInvalidationContext.self }
  // nscollectionviewlayout/invalidatelayout(with:)
  open func invalidateLayout(with context: NSCollectionViewLayoutInvalidationContext) {}
  // nscollectionviewlayout/invalidatelayout()
  open func invalidateLayout() {}
  // nscollectionviewlayout/prepare()
  open func prepare() {}
  // nscollectionviewlayout/collectionviewcontentsize
  open var collectionViewContentSize: NSSize { .zero }
  // nscollectionviewlayout/layoutattributesforelements(in:)
  open func layoutAttributesForElements(in rect: NSRect) -> [NSCollectionViewLayoutAttributes] { [] }
  // nscollectionviewlayout/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? { nil }
  // nscollectionviewlayout/layoutattributesforsupplementaryview(ofkind:at:)
  open func layoutAttributesForSupplementaryView(ofKind elementKind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? { nil }
  // nscollectionviewlayout/shouldinvalidatelayout(forboundschange:)
  open func shouldInvalidateLayout(forBoundsChange newBounds: NSRect) -> Bool { false }
  // nscollectionviewlayout/shouldinvalidatelayout(forpreferredlayoutattributes:withoriginalattributes:)
  open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: NSCollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: NSCollectionViewLayoutAttributes) -> Bool { false }
  // nscollectionviewlayout/invalidationcontext(forpreferredlayoutattributes:withoriginalattributes:)
  open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: NSCollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: NSCollectionViewLayoutAttributes) -> NSCollectionViewLayoutInvalidationContext { NSCollectionViewLayoutInvalidationContext() }
}

// nscollectionview
@MainActor open class NSCollectionView: NSView, NSAnimatablePropertyContainer {
  // nscollectionview/datasource
  weak open var dataSource: (any NSCollectionViewDataSource)? = nil
  // nscollectionview/supplementaryelementkind
  public typealias SupplementaryElementKind = String
  // nscollectionview/elementkindsectionheader
  public static let elementKindSectionHeader: NSCollectionView.SupplementaryElementKind = "UICollectionElementKindSectionHeader"
  // nscollectionview/elementkindsectionfooter
  public static let elementKindSectionFooter: NSCollectionView.SupplementaryElementKind = "UICollectionElementKindSectionFooter"
  // nscollectionview/register(_:foritemwithidentifier:)-(anyclass?,_)
  open func register(_ itemClass: AnyClass?, forItemWithIdentifier identifier: NSUserInterfaceItemIdentifier) {}
  // nscollectionview/makeitem(withidentifier:for:)
  open func makeItem(withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath)
    -> NSCollectionViewItem { fatalError() }
  // nscollectionview/register(_:forsupplementaryviewofkind:withidentifier:)-(anyclass?,_,_)
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind kind: NSCollectionView.SupplementaryElementKind,
    withIdentifier identifier: NSUserInterfaceItemIdentifier) {}
  // nscollectionview/makesupplementaryview(ofkind:withidentifier:for:)
  open func makeSupplementaryView(
    ofKind elementKind: NSCollectionView.SupplementaryElementKind,
    withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath
  ) -> NSView { fatalError() }
  // nscollectionview/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> NSCollectionViewLayoutAttributes? { nil }
  // nscollectionview/scrolltoitems(at:scrollposition:)
  open func scrollToItems(at indexPaths: Set<IndexPath>, scrollPosition: NSCollectionView.ScrollPosition) {}
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
