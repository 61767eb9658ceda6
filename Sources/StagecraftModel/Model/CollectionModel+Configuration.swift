import StagecraftReplay

extension CollectionModel {
  /// How strictly the model validates, how it words errors, and how it treats the
  /// selection.
  public struct Configuration: Hashable, Sendable {
    /// Also refuse what UIKit accepts but then crashes on or corrupts itself with: the
    /// same index path deleted, inserted or reloaded twice; items inserted into a section
    /// that the same batch moves; a reloaded section whose item count changes. `true` by
    /// default. When `false`, duplicates count once and the rest is applied as described.
    public var isStrict: Bool

    /// The text of count failures; `.classic` by default (see `BatchUpdateError.Wording`
    /// for UIKit's later texts).
    public var wording: BatchUpdateError.Wording

    /// The view the model plays: a `UICollectionView` (the default) or a `UITableView`,
    /// whose refusals speak of rows. UIKit documents no difference between the two in what
    /// a batch may do, so the rules are the same; only the words change.
    public var view: BatchUpdateError.ViewKind

    /// Whether `reloadData` keeps the selected paths that still exist. Sources disagree on
    /// what UIKit does; the default, `false`, clears the selection, which is what a
    /// `UICollectionView` is commonly observed to do.
    public var keepsSelectionOnReloadData: Bool

    /// Whether selecting an item keeps the others selected. `false` by default, as in
    /// `UICollectionView` and `UITableView`; set it to follow several selected items
    /// through an update.
    public var allowsMultipleSelection: Bool

    /// Whether the view is in a window. A replay sets the data once and calls
    /// `reloadData` instead of animating when it is not (The Batch-Update Rules,
    /// "Data-source timing").
    public var isOnScreen: Bool

    /// How many of its newest `events` and `scrollEvents` the model keeps, at least:
    /// `defaultEventLimit` (10,000) by default, so that a model that lives long (a preview,
    /// a soak test, a chat streaming for an hour) stays bounded; `nil` keeps every event
    /// for the model's life, for a test that reads the whole log. Once a log holds twice
    /// as many, its oldest are discarded down to this many, so that appending stays O(1)
    /// amortized and the log at most twice the bound (`discardedEventCount` and
    /// `discardedScrollEventCount` count them). Choose a bound above what one operation
    /// appends (a scroll's prefetches, a replay's blocks): a reader that reads after each
    /// operation then sees every event.
    public var eventLimit: Int?

    /// The bound of the logs by default: 10,000 events each (at most twice as many held).
    ///
    /// - Complexity: O(1).
    public static var defaultEventLimit: Int { 10_000 }

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - isStrict: Refuse what UIKit accepts but then crashes on.
    ///   - wording: The text of count failures.
    ///   - view: The view the model plays: its refusals use its words.
    ///   - keepsSelectionOnReloadData: Keep the selection through `reloadData`.
    ///   - allowsMultipleSelection: Keep other items selected when selecting one.
    ///   - isOnScreen: Whether the view is in a window.
    ///   - eventLimit: How many of the newest events to keep at least;
    ///     `defaultEventLimit` by default, `nil` for all.
    /// - Complexity: O(1).
    public init(
      isStrict: Bool = true,
      wording: BatchUpdateError.Wording = .classic,
      view: BatchUpdateError.ViewKind = .collectionView,
      keepsSelectionOnReloadData: Bool = false,
      allowsMultipleSelection: Bool = false,
      isOnScreen: Bool = true,
      eventLimit: Int? = Configuration.defaultEventLimit
    ) {
      self.isStrict = isStrict
      self.wording = wording
      self.view = view
      self.keepsSelectionOnReloadData = keepsSelectionOnReloadData
      self.allowsMultipleSelection = allowsMultipleSelection
      self.isOnScreen = isOnScreen
      self.eventLimit = eventLimit
    }
  }
}
