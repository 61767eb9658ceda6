/// Which registration answers each kind of supplementary view a layout asks for: always one
/// registered for that same kind.
///
/// The layout decides which kinds exist (a list's header and footer, a compositional
/// layout's boundary items and badges, any string a custom layout names), and UIKit asks the
/// data source for each. The view returned must have been dequeued for the kind asked for:
/// since iOS 15 a view registered for another kind raises "the view returned from
/// -collectionView:viewForSupplementaryElementOfKind:atIndexPath: does not match the element
/// kind it is being used for" (IGListKit #1530), and one never registered raises too
/// (ASCollectionView #70). A container that answers every kind with its header registration
/// crashes on the first layout pass of a layout with a footer.
///
/// So each kind gets a registration of its own, named after it; a kind the app gave a view
/// for shows it, and any other kind, which the app may not know its layout asks for, gets an
/// empty view of that kind.
///
/// ```swift
/// import Stagecraft
///
/// let registry = SupplementaryRegistry(kindsWithContent: ["UICollectionElementKindSectionHeader"])
/// let footer = registry.registration(forKind: "UICollectionElementKindSectionFooter")
/// print(footer.kind, footer.showsContent)  // prints UICollectionElementKindSectionFooter false
/// print(registry.registration(forKind: "header").kind)  // prints header
/// ```
public struct SupplementaryRegistry: Hashable, Sendable {
  /// One registration: the kind it is registered for, its reuse identifier, and whether it
  /// shows the app's view (or stays empty).
  public struct Registration: Hashable, Sendable {
    /// The element kind the view is registered and dequeued for.
    public let kind: String
    /// Its reuse identifier: one per kind.
    public let reuseIdentifier: String
    /// Whether the app gave a view for this kind; `false` for an empty view.
    public let showsContent: Bool
  }

  /// The kinds the app gives a view for, in the order given, each once.
  public private(set) var kindsWithContent: [String]
  /// The kinds registered with the view so far.
  public private(set) var registeredKinds: Set<String> = []

  /// A registry for the kinds the app gives a view for.
  ///
  /// - Parameter kindsWithContent: The element kinds, such as
  ///   `UICollectionView.elementKindSectionHeader` for headers, or a compositional layout's
  ///   own names.
  /// - Complexity: O(k) for k kinds.
  public init(kindsWithContent: [String]) {
    self.kindsWithContent = []
    setKindsWithContent(kindsWithContent)
  }

  /// Changes the kinds the app gives a view for (a new version of the SwiftUI view);
  /// registrations already made stay.
  ///
  /// - Parameter kinds: The element kinds with content.
  /// - Complexity: O(k) for k kinds.
  public mutating func setKindsWithContent(_ kinds: [String]) {
    var seen = Set<String>()
    kindsWithContent = kinds.filter { seen.insert($0).inserted }
  }

  /// The registrations to make now, before the layout asks: one for each kind with content
  /// not registered yet. They count as registered from then on.
  ///
  /// - Returns: The registrations to make with the view.
  /// - Complexity: O(k) for k kinds.
  public mutating func registrationsToMake() -> [Registration] {
    kindsWithContent.filter { registeredKinds.insert($0).inserted }.map {
      registration(forKind: $0)
    }
  }

  /// Answers the layout's request for a view of `kind`: the registration to dequeue from,
  /// registered for that same kind, and whether it must be registered with the view first
  /// (a kind the layout asks for that the app gave no view for).
  ///
  /// - Parameter kind: The element kind the layout asks for.
  /// - Returns: The registration, and whether to register it before dequeuing.
  /// - Complexity: O(k) for k kinds with content.
  public mutating func answer(kind: String) -> (registration: Registration, register: Bool) {
    (registration(forKind: kind), registeredKinds.insert(kind).inserted)
  }

  /// The registration of `kind`: registered for that same kind.
  ///
  /// - Parameter kind: The element kind.
  /// - Returns: Its registration.
  /// - Complexity: O(k) for k kinds with content.
  public func registration(forKind kind: String) -> Registration {
    Registration(
      kind: kind, reuseIdentifier: "Stagecraft.Supplementary." + kind,
      showsContent: kindsWithContent.contains(kind))
  }
}
