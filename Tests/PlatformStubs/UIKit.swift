// swift-format-ignore-file
// A stub of exactly the UIKit declarations that Stagecraft's adapters and its documented
// view-controller code use, so that CI can type-check them on Linux, where UIKit does not
// exist. Each declaration is transcribed from Apple's documentation page named above it
// (https://developer.apple.com/documentation/uikit/...): its name, labels, optionality and
// main-actor isolation. The bodies are placeholders; nothing here runs.
@_exported import Foundation

// uiresponder
@MainActor open class UIResponder: NSObject {
  public override init() {}
}

// uicolor
open class UIColor: NSObject, @unchecked Sendable {
  // uicolor/clear
  open class var clear: UIColor { UIColor() }
}

// uiedgeinsets
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  // uiedgeinsets/init(top:left:bottom:right:)
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
}

// uicontentconfiguration
@MainActor public protocol UIContentConfiguration {}

// uicellconfigurationstate
@MainActor public struct UICellConfigurationState {
  // uicellconfigurationstate/isselected
  public var isSelected: Bool = false
  // uicellconfigurationstate/ishighlighted
  public var isHighlighted: Bool = false
}

// uiview
// uiuserinterfacelayoutdirection
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
  case leftToRight
  case rightToLeft
}

@MainActor open class UIView: UIResponder {
  // uiview/window
  open var window: UIWindow? { nil }
  // uiview/backgroundcolor
  open var backgroundColor: UIColor? = nil
  // uiview/didmovetowindow()
  open func didMoveToWindow() {}
  // uiview/layoutifneeded()
  open func layoutIfNeeded() {}
  // uiview/bounds
  open var bounds: CGRect = .zero
  // uiview/setneedslayout()
  open func setNeedsLayout() {}
  // uiview/effectiveuserinterfacelayoutdirection
  open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
  // uiview/performwithoutanimation(_:)
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
}

// uiwindow
@MainActor open class UIWindow: UIView {}

// uicontrol
@MainActor open class UIControl: UIView {
  // uicontrol/event
  public struct Event: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // uicontrol/event/valuechanged
    public static let valueChanged = Event(rawValue: 1 << 12)
  }
  // uicontrol/addaction(_:for:) (iOS 14)
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

// uiaction (iOS 13); its init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)
// is called here with the handler alone, the other parameters keeping their defaults.
@MainActor open class UIAction: NSObject {
  // uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
  public convenience init(title: String = "", handler: @escaping UIActionHandler) { self.init() }
}
// uiactionhandler
public typealias UIActionHandler = @MainActor (UIAction) -> Void

// uirefreshcontrol
@MainActor open class UIRefreshControl: UIControl {
  public override init() {}
  // uirefreshcontrol/endrefreshing()
  open func endRefreshing() {}
  // uirefreshcontrol/isrefreshing
  open var isRefreshing: Bool { false }
}

// uicontextmenuconfiguration (iOS 13)
@MainActor open class UIContextMenuConfiguration: NSObject {}

// uiscrollview
@MainActor open class UIScrollView: UIView {
  // uiscrollview/contentinset
  open var contentInset: UIEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
  // uiscrollview/adjustedcontentinset (iOS 11)
  open var adjustedContentInset: UIEdgeInsets { contentInset }
  // uiscrollview/contentoffset
  open var contentOffset: CGPoint = .zero
  // uiscrollview/contentsize
  open var contentSize: CGSize = .zero
  // uiscrollview/setcontentoffset(_:animated:)
  open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {}
  // uiscrollview/refreshcontrol (iOS 10)
  open var refreshControl: UIRefreshControl? = nil
}

// uiscrollviewdelegate
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

// uicollectionreusableview
@MainActor open class UICollectionReusableView: UIView {}

// uicollectionviewcell
@MainActor open class UICollectionViewCell: UICollectionReusableView {
  // uicollectionviewcell/contentconfiguration (iOS 14)
  open var contentConfiguration: (any UIContentConfiguration)? = nil
  // uicollectionviewcell/configurationupdatehandler-swift.property (iOS 15)
  open var configurationUpdateHandler: UICollectionViewCell.ConfigurationUpdateHandler? = nil
  // uicollectionviewcell/configurationupdatehandler-swift.typealias
  public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void
}

// uicollectionviewlistcell (iOS 14)
@MainActor open class UICollectionViewListCell: UICollectionViewCell {}

// uicollectionviewdatasource
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {}

// uicollectionviewdelegate (which refines UIScrollViewDelegate)
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

// uicollectionviewdatasourceprefetching (iOS 10)
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  // uicollectionviewdatasourceprefetching/collectionview(_:prefetchitemsat:)
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}

// uitableviewdatasourceprefetching (iOS 10)
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  // uitableviewdatasourceprefetching/tableview(_:prefetchrowsat:)
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}

// uicollectionviewlayoutattributes
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  // uicollectionviewlayoutattributes/frame
  open var frame: CGRect = .zero
}

// uicollectionlayoutlistconfiguration (iOS 14)
@MainActor public struct UICollectionLayoutListConfiguration {
  // uicollectionlayoutlistconfiguration/appearance-swift.enum
  public enum Appearance: Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
  // uicollectionlayoutlistconfiguration/headermode-swift.enum
  public enum HeaderMode: Sendable { case none, supplementary, firstItemInSection }
  // uicollectionlayoutlistconfiguration/headermode-swift.property
  public var headerMode: UICollectionLayoutListConfiguration.HeaderMode = .none
  // uicollectionlayoutlistconfiguration/footermode-swift.enum
  public enum FooterMode: Sendable { case none, supplementary }
  // uicollectionlayoutlistconfiguration/footermode-swift.property
  public var footerMode: UICollectionLayoutListConfiguration.FooterMode = .none
  // uicollectionlayoutlistconfiguration/init(appearance:)
  public init(appearance: UICollectionLayoutListConfiguration.Appearance) {}
}

// uitableviewcell
@MainActor open class UITableViewCell: UIView {}

// uicollectionviewlayoutinvalidationcontext
@MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {
  // An Objective-C class: its inherited init() can be called on a metatype, as apps do with
  // `invalidationContextClass`; `required` models that here.
  public required override init() {}
  // uicollectionviewlayoutinvalidationcontext/invalidateitems(at:)
  open func invalidateItems(at indexPaths: [IndexPath]) {}
}

// uicollectionviewlayout
@MainActor open class UICollectionViewLayout: NSObject {
  // uicollectionviewlayout/invalidationcontextclass
  open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }
  // uicollectionviewlayout/invalidatelayout(with:)
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {}
}

// nscollectionlayoutdimension (iOS 13)
@MainActor open class NSCollectionLayoutDimension: NSObject {
  // nscollectionlayoutdimension/fractionalwidth(_:)
  open class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { fatalError() }
  // nscollectionlayoutdimension/estimated(_:)
  open class func estimated(_ estimatedDimension: CGFloat) -> Self { fatalError() }
}

// nscollectionlayoutsize (iOS 13)
@MainActor open class NSCollectionLayoutSize: NSObject {
  // nscollectionlayoutsize/init(widthdimension:heightdimension:)
  public convenience init(
    widthDimension width: NSCollectionLayoutDimension,
    heightDimension height: NSCollectionLayoutDimension
  ) { self.init() }
}

// nscollectionlayoutitem (iOS 13)
@MainActor open class NSCollectionLayoutItem: NSObject {
  // nscollectionlayoutitem/init(layoutsize:)
  public convenience init(layoutSize: NSCollectionLayoutSize) { self.init() }
}

// nscollectionlayoutgroup (iOS 13)
@MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  // nscollectionlayoutgroup/horizontal(layoutsize:subitems:)
  open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
    -> Self { fatalError() }
}

// nscollectionlayoutsection (iOS 13)
@MainActor open class NSCollectionLayoutSection: NSObject {
  // nscollectionlayoutsection/init(group:)
  public convenience init(group: NSCollectionLayoutGroup) { self.init() }
}

// nscollectionlayoutenvironment
@MainActor public protocol NSCollectionLayoutEnvironment: NSObjectProtocol {}

// uicollectionviewcompositionallayoutsectionprovider
public typealias UICollectionViewCompositionalLayoutSectionProvider =
  (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

// uicollectionviewcompositionallayout (iOS 13)
@MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
  // uicollectionviewcompositionallayout/init(section:)
  public convenience init(section: NSCollectionLayoutSection) { self.init() }
  // uicollectionviewcompositionallayout/init(sectionprovider:)
  public convenience init(
    sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider
  ) { self.init() }
  // uicollectionviewcompositionallayout/list(using:) (iOS 14)
  open class func list(using configuration: UICollectionLayoutListConfiguration)
    -> UICollectionViewCompositionalLayout { UICollectionViewCompositionalLayout() }
}

// uicollectionview
@MainActor open class UICollectionView: UIScrollView {
  // uicollectionview/init(frame:collectionviewlayout:)
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {}
  public override init() {}
  // uicollectionview/datasource
  weak open var dataSource: (any UICollectionViewDataSource)? = nil
  // uicollectionview/delegate
  weak open var delegate: (any UICollectionViewDelegate)? = nil
  // uicollectionview/elementkindsectionheader
  public class var elementKindSectionHeader: String { "UICollectionElementKindSectionHeader" }
  // uicollectionview/elementkindsectionfooter
  public class var elementKindSectionFooter: String { "UICollectionElementKindSectionFooter" }
  // uicollectionview/prefetchdatasource (iOS 10)
  weak open var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)? = nil
  // uicollectionview/isprefetchingenabled (iOS 10)
  open var isPrefetchingEnabled: Bool = true
  // uicollectionview/register(_:forsupplementaryviewofkind:withreuseidentifier:)-(anyclass?,_,_)
  open func register(
    _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {}
  // uicollectionview/dequeuereusablesupplementaryview(ofkind:withreuseidentifier:for:)
  open func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> UICollectionReusableView { fatalError() }
  // uicollectionview/cellregistration (iOS 14)
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    public typealias Handler = (Cell, IndexPath, Item) -> Void
    public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {}
  }
  // uicollectionview/supplementaryregistration (iOS 14)
  public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
    public typealias Handler = (Supplementary, String, IndexPath) -> Void
    public init(
      elementKind: String,
      handler: @escaping UICollectionView.SupplementaryRegistration<Supplementary>.Handler
    ) {}
  }
  // uicollectionview/dequeueconfiguredreusablecell(using:for:item:) (iOS 14)
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath,
    item: Item?
  ) -> Cell { fatalError() }
  // uicollectionview/dequeueconfiguredreusablesupplementary(using:for:) (iOS 14)
  public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
    using registration: UICollectionView.SupplementaryRegistration<Supplementary>,
    for indexPath: IndexPath
  ) -> Supplementary { fatalError() }
  // uicollectionview/collectionviewlayout
  open var collectionViewLayout: UICollectionViewLayout = UICollectionViewLayout()
  // uicollectionview/reloaddata()
  open func reloadData() {}
  // uicollectionview/performbatchupdates(_:completion:)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  // uicollectionview/insertsections(_:)
  open func insertSections(_ sections: IndexSet) {}
  // uicollectionview/deletesections(_:)
  open func deleteSections(_ sections: IndexSet) {}
  // uicollectionview/reloadsections(_:)
  open func reloadSections(_ sections: IndexSet) {}
  // uicollectionview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  // uicollectionview/insertitems(at:)
  open func insertItems(at indexPaths: [IndexPath]) {}
  // uicollectionview/deleteitems(at:)
  open func deleteItems(at indexPaths: [IndexPath]) {}
  // uicollectionview/reloaditems(at:)
  open func reloadItems(at indexPaths: [IndexPath]) {}
  // uicollectionview/moveitem(at:to:)
  open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  // uicollectionview/reconfigureitems(at:) (iOS 15)
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureItems(at indexPaths: [IndexPath]) {}
  // uicollectionview/cellforitem(at:)
  open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { nil }
  // uicollectionview/numberofsections
  open var numberOfSections: Int { 0 }
  // uicollectionview/numberofitems(insection:)
  open func numberOfItems(inSection section: Int) -> Int { 0 }
  // uicollectionview/scrollposition
  public struct ScrollPosition: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = ScrollPosition(rawValue: 1 << 0)
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    public static let left = ScrollPosition(rawValue: 1 << 3)
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }
  // uicollectionview/indexpathsforselecteditems
  open var indexPathsForSelectedItems: [IndexPath]? { nil }
  // uicollectionview/selectitem(at:animated:scrollposition:)
  open func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition
  ) {}
  // uicollectionview/deselectitem(at:animated:)
  open func deselectItem(at indexPath: IndexPath, animated: Bool) {}
  // uicollectionview/indexpathsforvisibleitems
  open var indexPathsForVisibleItems: [IndexPath] { [] }
  // uicollectionview/allowsmultipleselection
  open var allowsMultipleSelection: Bool = false
  // uicollectionview/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    nil
  }
  // uicollectionview/scrolltoitem(at:at:animated:)
  open func scrollToItem(
    at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool
  ) {}
}

// uitableview
@MainActor open class UITableView: UIScrollView {
  // uitableview/prefetchdatasource (iOS 10)
  weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)? = nil
  // uitableview/allowsmultipleselection
  open var allowsMultipleSelection: Bool = false
  // uitableview/rowanimation
  public enum RowAnimation: Int, @unchecked Sendable {
    case fade, right, left, top, bottom, none, middle
    case automatic = 100
  }
  // uitableview/reloaddata()
  open func reloadData() {}
  // uitableview/performbatchupdates(_:completion:) (iOS 11)
  open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
  // uitableview/insertsections(_:with:)
  open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  // uitableview/deletesections(_:with:)
  open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  // uitableview/reloadsections(_:with:)
  open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
  // uitableview/movesection(_:tosection:)
  open func moveSection(_ section: Int, toSection newSection: Int) {}
  // uitableview/insertrows(at:with:)
  open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  // uitableview/deleterows(at:with:)
  open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  // uitableview/reloadrows(at:with:)
  open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
  // uitableview/moverow(at:to:)
  open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  // uitableview/reconfigurerows(at:) (iOS 15)
  @available(iOS 15.0, tvOS 15.0, *)
  open func reconfigureRows(at indexPaths: [IndexPath]) {}
  // uitableview/cellforrow(at:)
  open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { nil }
  // uitableview/numberofsections
  open var numberOfSections: Int { 0 }
  // uitableview/numberofrows(insection:)
  open func numberOfRows(inSection section: Int) -> Int { 0 }
  // uitableview/scrollposition
  public enum ScrollPosition: Int, @unchecked Sendable {
    case none, top, middle, bottom
  }
  // uitableview/indexpathsforselectedrows
  open var indexPathsForSelectedRows: [IndexPath]? { nil }
  // uitableview/selectrow(at:animated:scrollposition:)
  open func selectRow(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition
  ) {}
  // uitableview/deselectrow(at:animated:)
  open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
  // uitableview/indexpathsforvisiblerows
  open var indexPathsForVisibleRows: [IndexPath]? { nil }
  // uitableview/rectforrow(at:)
  open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
  // uitableview/scrolltorow(at:at:animated:)
  open func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool
  ) {}
}

// uiviewcontroller
@MainActor open class UIViewController: UIResponder {
  // uiviewcontroller/init(nibname:bundle:)
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public override init() {}
  // uiviewcontroller/init(coder:)
  public required init?(coder: NSCoder) {}
  // uiviewcontroller/view
  open var view: UIView! = nil
  // uiviewcontroller/loadview()
  open func loadView() {}
  // uiviewcontroller/viewdidload()
  open func viewDidLoad() {}
  // uiviewcontroller/viewdidlayoutsubviews()
  open func viewDidLayoutSubviews() {}
}

// uicollectionviewcontroller
@MainActor open class UICollectionViewController: UIViewController {
  // uicollectionviewcontroller/collectionview
  open var collectionView: UICollectionView! = nil
  // uicollectionviewdatasource/collectionview(_:numberofitemsinsection:), which the
  // controller adopts
  open func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int { 0 }
  // uicollectionviewdatasource/collectionview(_:cellforitemat:)
  open func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell { UICollectionViewCell() }
  // uicollectionviewdelegate/collectionview(_:willdisplay:foritemat:), which the controller
  // adopts (subclasses override it)
  open func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
}

// uitableviewcontroller
@MainActor open class UITableViewController: UIViewController {
  // uitableviewcontroller/tableview
  open var tableView: UITableView! = nil
}

// foundation/indexpath, UIKit's additions
extension IndexPath {
  // foundation/indexpath/init(item:section:)
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  // foundation/indexpath/init(row:section:)
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  // foundation/indexpath/section
  public var section: Int { self[0] }
  // foundation/indexpath/item
  public var item: Int { self[1] }
  // foundation/indexpath/row
  public var row: Int { self[1] }
}
