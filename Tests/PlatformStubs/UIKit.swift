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
  // uicolor/systembackground (iOS 13)
  open class var systemBackground: UIColor { UIColor() }
}

// nsdirectionaledgeinsets
public struct NSDirectionalEdgeInsets: Equatable, Sendable {
  public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
  // nsdirectionaledgeinsets/init(top:leading:bottom:trailing:)
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
  }
  // nsdirectionaledgeinsets/zero
  public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

// uilistcontentconfiguration (iOS 14)
@MainActor public struct UIListContentConfiguration: UIContentConfiguration {
  // uilistcontentconfiguration/text
  public var text: String? = nil
  // uilistcontentconfiguration/secondarytext
  public var secondaryText: String? = nil
  // uilistcontentconfiguration/cell()
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  // uilistcontentconfiguration/makecontentview()
  public func makeContentView() -> any UIView & UIContentView { fatalError() }
  // uilistcontentconfiguration/updated(for:)
  public func updated(for state: any UIConfigurationState) -> Self { self }
}

// uinavigationitem
@MainActor open class UINavigationItem: NSObject {
  // uinavigationitem/title
  open var title: String? = nil
}

// uiedgeinsets
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  // uiedgeinsets/init(top:left:bottom:right:)
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
}

// uiconfigurationstate (iOS 14)
@MainActor public protocol UIConfigurationState {}

// uicontentview (iOS 14)
@MainActor public protocol UIContentView: NSObjectProtocol {
  // uicontentview/configuration
  var configuration: any UIContentConfiguration { get set }
}

// uicontentconfiguration (iOS 14)
@MainActor public protocol UIContentConfiguration {
  // uicontentconfiguration/makecontentview()
  func makeContentView() -> any UIView & UIContentView
  // uicontentconfiguration/updated(for:)
  func updated(for state: any UIConfigurationState) -> Self
}

// uicellconfigurationstate
@MainActor public struct UICellConfigurationState: UIConfigurationState {
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
  // uiview/init(frame:) and uiview/init(coder:): UIView's designated initializers
  // (UIView.h, NS_DESIGNATED_INITIALIZER); `init()` is NSObject's, which UIKit routes to
  // init(frame: .zero). A subclass with an initializer of its own writes the required
  // init(coder:), as Xcode demands.
  public init(frame: CGRect) { super.init() }
  public override convenience init() { self.init(frame: .zero) }
  public required init?(coder: NSCoder) { super.init() }
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
  // uiview/addsubview(_:)
  open func addSubview(_ view: UIView) {}
  // uiview/autoresizingmask-swift.property
  open var autoresizingMask: UIView.AutoresizingMask = []
  // uiview/autoresizingmask-swift.struct
  public struct AutoresizingMask: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }
  // uiview/performwithoutanimation(_:)
  open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
  // uiview/superview
  open var superview: UIView? { nil }
  // uifocusenvironment/setneedsfocusupdate()
  open func setNeedsFocusUpdate() {}
  // uifocusenvironment/updatefocusifneeded()
  open func updateFocusIfNeeded() {}
}

// uifocusenvironment
@MainActor public protocol UIFocusEnvironment: NSObjectProtocol {}
// uifocusitem
@MainActor public protocol UIFocusItem: UIFocusEnvironment {}
extension UIView: UIFocusItem {}

// uifocussystem (iOS 12)
@MainActor open class UIFocusSystem: NSObject {
  // uifocussystem/focussystem(for:)
  open class func focusSystem(for environment: any UIFocusEnvironment) -> UIFocusSystem? { nil }
  // uifocussystem/focuseditem
  open var focusedItem: (any UIFocusItem)? { nil }
}

// uiaccessibility
public enum UIAccessibility {
  // uiaccessibility/notification
  public struct Notification: Hashable, Sendable, RawRepresentable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    // uiaccessibility/notification/layoutchanged
    public static let layoutChanged = Notification(rawValue: 1001)
  }
  // uiaccessibility/assistivetechnologyidentifier
  public struct AssistiveTechnologyIdentifier: Hashable, Sendable {
    let rawValue: String
    // uiaccessibility/assistivetechnologyidentifier/notificationvoiceover
    public static let notificationVoiceOver = AssistiveTechnologyIdentifier(
      rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
  }
  // uiaccessibility/post(notification:argument:)
  public static func post(notification: Notification, argument: Any?) {}
  // uiaccessibility/focusedelement(using:)
  public static func focusedElement(using assistiveTechnologyIdentifier: AssistiveTechnologyIdentifier?)
    -> Any?
  { nil }
}

// uiwindow
@MainActor open class UIWindow: UIView {}

// uilabel
@MainActor open class UILabel: UIView {
  // uilabel/text
  open var text: String? = nil
}

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
// uiactionhandler: `typedef void (^UIActionHandler)(__kindof UIAction *action)` with no
// NS_SWIFT_UI_ACTOR (UIAction.h, iOS 16.5 and 27 SDKs); Swift sees `(UIAction) -> Void`
public typealias UIActionHandler = (UIAction) -> Void

// What tvOS lacks (UIRefreshControl.h, UIScrollView.h, UIContextMenuConfiguration.h:
// API_UNAVAILABLE(tvos)) is left out when the stub plays tvOS (STAGECRAFT_TVOS_CHECK), so
// that a use the module does not guard fails to type-check, as it would fail to build.
#if !STAGECRAFT_TVOS_CHECK
// uirefreshcontrol (iOS 6; unavailable on tvOS)
@available(tvOS, unavailable)
@MainActor open class UIRefreshControl: UIControl {
  // uirefreshcontrol/endrefreshing()
  open func endRefreshing() {}
  // uirefreshcontrol/isrefreshing
  open var isRefreshing: Bool { false }
}

// uicontextmenuconfiguration (iOS 13; unavailable on tvOS)
@available(tvOS, unavailable)
@MainActor open class UIContextMenuConfiguration: NSObject {}
#endif

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
  #if !STAGECRAFT_TVOS_CHECK
  // uiscrollview/refreshcontrol (iOS 10; unavailable on tvOS)
  @available(tvOS, unavailable)
  open var refreshControl: UIRefreshControl? = nil
  #endif
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
@MainActor open class UICollectionViewListCell: UICollectionViewCell {
  // uicollectionviewlistcell/defaultcontentconfiguration()
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
  // uicollectionviewlistcell/indentationlevel
  open var indentationLevel: Int = 0
  // uicollectionviewlistcell/accessories
  open var accessories: [UICellAccessory] = []
}

// uicellaccessory (iOS 14)
public struct UICellAccessory {
  // uicellaccessory/actionhandler
  public typealias ActionHandler = () -> Void
  // uicellaccessory/displayedstate
  public enum DisplayedState {
    case always, whenEditing, whenNotEditing
  }
  // uicellaccessory/outlinedisclosureoptions
  public struct OutlineDisclosureOptions {
    public init() {}
  }
  // uicellaccessory/outlinedisclosure(displayed:options:actionhandler:)
  public static func outlineDisclosure(
    displayed: DisplayedState = .always,
    options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
    actionHandler: ActionHandler? = nil
  ) -> UICellAccessory { UICellAccessory() }
}

// uicollectionviewdatasource. Its optional requirements are requirements with defaults here:
// Swift on Linux has no `@objc optional`.
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
  // uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
  // uicollectionviewdatasource/collectionview(_:cellforitemat:)
  func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell
  // uicollectionviewdatasource/numberofsections(in:) (optional)
  func numberOfSections(in collectionView: UICollectionView) -> Int
  // uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:) (optional)
  func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView
  // uicollectionviewdatasource/collectionview(_:canmoveitemat:) (optional)
  func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  // uicollectionviewdatasource/collectionview(_:moveitemat:to:) (optional)
  func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  // uicollectionviewdatasource/indextitles(for:) (optional, iOS 14)
  func indexTitles(for collectionView: UICollectionView) -> [String]?
  // uicollectionviewdatasource/collectionview(_:indexpathforindextitle:at:) (optional, iOS 14)
  func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath
}
extension UICollectionViewDataSource {
  public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView { fatalError() }
  public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }
  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath) {}
  public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
  public func collectionView(
    _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
  ) -> IndexPath { fatalError() }
}

// uitableviewdatasource. Optional requirements as above.
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
  // uitableviewdatasource/tableview(_:numberofrowsinsection:)
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  // uitableviewdatasource/tableview(_:cellforrowat:)
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  // uitableviewdatasource/numberofsections(in:) (optional)
  func numberOfSections(in tableView: UITableView) -> Int
  // uitableviewdatasource/tableview(_:titleforheaderinsection:) (optional)
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  // uitableviewdatasource/tableview(_:titleforfooterinsection:) (optional)
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  // uitableviewdatasource/tableview(_:caneditrowat:) (optional)
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  // uitableviewdatasource/tableview(_:commit:forrowat:) (optional)
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  // uitableviewdatasource/tableview(_:canmoverowat:) (optional)
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  // uitableviewdatasource/tableview(_:moverowat:to:) (optional)
  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
  // uitableviewdatasource/sectionindextitles(for:) (optional)
  func sectionIndexTitles(for tableView: UITableView) -> [String]?
  // uitableviewdatasource/tableview(_:sectionforsectionindextitle:at:) (optional)
  func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}
extension UITableViewDataSource {
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath) {}
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  public func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

// uitableviewheaderfooterview
@MainActor open class UITableViewHeaderFooterView: UIView {}

// uicollectionviewdelegate (which refines UIScrollViewDelegate)
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {}

// uicollectionviewdatasourceprefetching (iOS 10)
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  // uicollectionviewdatasourceprefetching/collectionview(_:prefetchitemsat:)
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}

// uitableviewdelegate (UITableView.h in the iOS 16.5 SDK; its methods are optional there,
// default implementations here)
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
  // uitableviewdelegate/tableview(_:estimatedheightforrowat:) (iOS 7)
  func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
  // uitableviewdelegate/tableview(_:willdisplay:forrowat:)
  func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}
extension UITableViewDelegate {
  public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { 0 }
  public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

// uitableviewdatasourceprefetching (iOS 10)
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  // uitableviewdatasourceprefetching/tableview(_:prefetchrowsat:)
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}

// uicollectionviewlayoutattributes (UICollectionViewLayout.h in the iOS 16.5 SDK)
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  public override init() {}
  // uicollectionviewlayoutattributes/frame
  open var frame: CGRect = .zero
  // uicollectionviewlayoutattributes/indexpath
  open var indexPath: IndexPath = IndexPath(item: 0, section: 0)
  // uicollectionviewlayoutattributes/representedelementkind: nil for a cell
  open var representedElementKind: String? { nil }
  // uicollectionviewlayoutattributes/init(forcellwith:)
  public convenience init(forCellWith indexPath: IndexPath) { self.init() }
  // uicollectionviewlayoutattributes/init(forsupplementaryviewofkind:with:)
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) { self.init() }
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
  // uicollectionlayoutlistconfiguration/showsseparators
  public var showsSeparators: Bool = true
  // uicollectionlayoutlistconfiguration/backgroundcolor
  public var backgroundColor: UIColor? = nil
  // uicollectionlayoutlistconfiguration/init(appearance:)
  public init(appearance: UICollectionLayoutListConfiguration.Appearance) {}
}

// uitableviewcell
@MainActor open class UITableViewCell: UIView {
  // uitableviewcell/init(style:reuseidentifier:)
  public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
  // uitableviewcell/init(coder:)
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  // uitableviewcell/cellstyle
  public enum CellStyle: Int, @unchecked Sendable { case `default`, value1, value2, subtitle }
  // uitableviewcell/editingstyle
  public enum EditingStyle: Int, @unchecked Sendable { case none, delete, insert }
  // uitableviewcell/contentconfiguration (iOS 14)
  open var contentConfiguration: (any UIContentConfiguration)? = nil
  // uitableviewcell/defaultcontentconfiguration() (iOS 14)
  open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

// uicollectionviewlayoutinvalidationcontext
@MainActor open class UICollectionViewLayoutInvalidationContext: NSObject {
  // An Objective-C class: its inherited init() can be called on a metatype, as apps do with
  // `invalidationContextClass`; `required` models that here.
  public required override init() {}
  // uicollectionviewlayoutinvalidationcontext/invalidateitems(at:)
  open func invalidateItems(at indexPaths: [IndexPath]) {}
  // uicollectionviewlayoutinvalidationcontext/contentoffsetadjustment (iOS 8)
  open var contentOffsetAdjustment: CGPoint = .zero
}

// uicollectionviewlayout (UICollectionViewLayout.h in the iOS 16.5 SDK: NSObject <NSCoding>,
// with init and initWithCoder: its designated initializers)
@MainActor open class UICollectionViewLayout: NSObject {
  public override init() {}
  public required init?(coder: NSCoder) {}
  // uicollectionviewlayout/collectionview
  open var collectionView: UICollectionView? { nil }
  // uicollectionviewlayout/invalidationcontextclass
  open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }
  // uicollectionviewlayout/invalidatelayout(with:)
  open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {}
  // uicollectionviewlayout/invalidatelayout()
  open func invalidateLayout() {}
  // uicollectionviewlayout/prepare()
  open func prepare() {}
  // uicollectionviewlayout/collectionviewcontentsize
  open var collectionViewContentSize: CGSize { .zero }
  // uicollectionviewlayout/layoutattributesforelements(in:)
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
  // uicollectionviewlayout/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  // uicollectionviewlayout/layoutattributesforsupplementaryview(ofkind:at:)
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  // uicollectionviewlayout/shouldinvalidatelayout(forboundschange:)
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
  // uicollectionviewlayout/shouldinvalidatelayout(forpreferredlayoutattributes:withoriginalattributes:) (iOS 8)
  open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool { false }
  // uicollectionviewlayout/invalidationcontext(forpreferredlayoutattributes:withoriginalattributes:) (iOS 8)
  open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes, withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutInvalidationContext { UICollectionViewLayoutInvalidationContext() }
  // uicollectionviewlayout/targetcontentoffset(forproposedcontentoffset:) (iOS 7)
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }
}

// uicollectionviewflowlayout
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

// nscollectionlayoutdimension (iOS 13)
@MainActor open class NSCollectionLayoutDimension: NSObject {
  // nscollectionlayoutdimension/fractionalwidth(_:)
  open class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { fatalError() }
  // nscollectionlayoutdimension/fractionalheight(_:)
  open class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { fatalError() }
  // nscollectionlayoutdimension/absolute(_:)
  open class func absolute(_ absoluteDimension: CGFloat) -> Self { fatalError() }
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
  // nscollectionlayoutitem/contentinsets
  open var contentInsets: NSDirectionalEdgeInsets = .zero
}

// nscollectionlayoutgroup (iOS 13)
@MainActor open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
  // nscollectionlayoutgroup/horizontal(layoutsize:subitems:)
  open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
    -> Self { fatalError() }
  // nscollectionlayoutgroup/horizontal(layoutsize:subitem:count:) (iOS 13; deprecated in 16:
  // API_DEPRECATED_WITH_REPLACEMENT in UICollectionViewCompositionalLayout.h). Deprecated
  // for every platform here, so that a port using it fails the check's warnings-as-errors,
  // as it warns in Xcode.
  @available(*, deprecated, renamed: "horizontal(layoutSize:repeatingSubitem:count:)")
  open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int)
    -> Self { fatalError() }
  // nscollectionlayoutgroup/horizontal(layoutsize:repeatingsubitem:count:) (iOS 16)
  @available(iOS 16.0, tvOS 16.0, *)
  open class func horizontal(
    layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int
  ) -> Self { fatalError() }
  // nscollectionlayoutgroup/vertical(layoutsize:subitems:)
  open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem])
    -> Self { fatalError() }
}

// nscollectionlayoutsection (iOS 13)
@MainActor open class NSCollectionLayoutSection: NSObject {
  // nscollectionlayoutsection/init(group:)
  public convenience init(group: NSCollectionLayoutGroup) { self.init() }
  // nscollectionlayoutsection/intergroupspacing
  open var interGroupSpacing: CGFloat = 0
  // nscollectionlayoutsection/contentinsets
  open var contentInsets: NSDirectionalEdgeInsets = .zero
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
  public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
    super.init(frame: frame)
  }
  // uicollectionview/init(coder:)
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  // No `init()`: UIKit's designated initializers take a layout or a coder
  // (UICollectionView.h, NS_DESIGNATED_INITIALIZER), and a collection view made without a
  // layout raises when it lays out. The stub leaves `init()` out so that no doc or usage
  // file makes one.
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
  // uicollectionview/register(_:forcellwithreuseidentifier:)-(anyclass?,_)
  open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
  // uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
  open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> UICollectionViewCell { fatalError() }
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
  // uicollectionview/visiblecells
  open var visibleCells: [UICollectionViewCell] { [] }
  // uicollectionview/rememberslastfocusedindexpath
  open var remembersLastFocusedIndexPath: Bool = false
  // uicollectionview/supplementaryview(forelementkind:at:)
  open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> UICollectionReusableView?
  { nil }
  // uicollectionview/indexpath(for:)
  open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { nil }
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
  // uitableview/datasource
  weak open var dataSource: (any UITableViewDataSource)? = nil
  // uitableview/delegate
  weak open var delegate: (any UITableViewDelegate)? = nil
  // uitableview/register(_:forcellreuseidentifier:)-(anyclass?,_)
  open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  // uitableview/dequeuereusablecell(withidentifier:for:)
  open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> UITableViewCell { fatalError() }
  // uitableview/isediting
  open var isEditing: Bool = false
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
  // uitableview/beginupdates()
  open func beginUpdates() {}
  // uitableview/endupdates()
  open func endUpdates() {}
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
  // uitableview/visiblecells
  open var visibleCells: [UITableViewCell] { [] }
  // uitableview/rememberslastfocusedindexpath
  open var remembersLastFocusedIndexPath: Bool = false
  // uitableview/headerview(forsection:)
  open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? { nil }
  // uitableview/indexpath(for:)
  open func indexPath(for cell: UITableViewCell) -> IndexPath? { nil }
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
  // uiviewcontroller/navigationitem
  open var navigationItem: UINavigationItem { UINavigationItem() }
  // uiviewcontroller/loadview()
  open func loadView() {}
  // uiviewcontroller/viewdidload()
  open func viewDidLoad() {}
  // uiviewcontroller/viewdidlayoutsubviews()
  open func viewDidLayoutSubviews() {}
}

// uicollectionviewcontroller
@MainActor open class UICollectionViewController: UIViewController {
  // uicollectionviewcontroller/init(collectionviewlayout:)
  public init(collectionViewLayout layout: UICollectionViewLayout) { super.init() }
  public override init() { super.init() }
  public required init?(coder: NSCoder) { super.init() }
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
  // The controller adopts UICollectionViewDataSource and UICollectionViewDelegate in its
  // @interface (UICollectionViewController.h), so Swift mirrors their methods into the class:
  // a subclass that implements one writes `override`, as it must in Xcode.
  // uicollectionviewdatasource/numberofsections(in:)
  open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
  // uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
  open func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView { fatalError() }
  // uicollectionviewdatasource/collectionview(_:canmoveitemat:)
  open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
    -> Bool { false }
  // uicollectionviewdatasource/collectionview(_:moveitemat:to:)
  open func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath) {}
  // uicollectionviewdelegate/collectionview(_:didselectitemat:)
  open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
  // uicollectionviewdelegate/collectionview(_:diddeselectitemat:)
  open func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}
extension UICollectionViewController: UICollectionViewDataSource, UICollectionViewDelegate {}

// uitableviewcontroller
@MainActor open class UITableViewController: UIViewController {
  // uitableviewcontroller/tableview
  open var tableView: UITableView! = nil
  // uitableviewdelegate/indexpathforpreferredfocusedview(in:), which the controller implements
  open func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? { nil }
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
