#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftModel
  import StagecraftReplay
  import SwiftUI
  import UIKit

  /// What the modifiers of a `StagedCollection` ask for, carried in the environment so that
  /// they work in any order and through any other modifier, as SwiftUI's own do. The
  /// innermost value of each wins.
  struct _CollectionOptions {
    var insets: EdgeInsets?
    var strategy: UpdateStrategy?
    var reachEnd: _Reach?
    var reachStart: _Reach?
    var onCollectionView: ((UICollectionView) -> Void)?
    /// Closures of identifiers and elements, erased: the collection passes its own, and
    /// each modifier reads back the type it was declared for.
    var onSelect: _Typed<(Any) -> Void>?
    var prefetch: _Typed<(prefetch: ([AnyHashable]) -> Void, cancel: ([AnyHashable]) -> Void)>?
    #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
      var contextMenu: _Typed<([Any]) -> UIContextMenuConfiguration?>?
      /// The type the context menu modifier named.
      var contextMenuType: Any.Type? { contextMenu?.type }
    #else
      var contextMenuType: Any.Type? { nil }
    #endif
    var scrolledItem: _Typed<(get: () -> AnyHashable?, set: (AnyHashable) -> Void)>?
    /// The item a self-sizing list holds still while the answer below it streams.
    var pinnedItem: _Typed<AnyHashable?>?
  }

  /// A reach trigger's distance and handler.
  /// A typed modifier's handler, erased, and the type the app named, so that a collection of
  /// another type can say so (`typedModifierMismatch`).
  struct _Typed<Handler> {
    var type: Any.Type
    var handler: Handler
  }

  struct _Reach {
    var distance: ReachDistance
    var action: @MainActor () async -> Void
  }

  struct _CollectionOptionsKey: EnvironmentKey {
    static var defaultValue: _CollectionOptions { _CollectionOptions() }
  }

  extension EnvironmentValues {
    var _collectionOptions: _CollectionOptions {
      get { self[_CollectionOptionsKey.self] }
      set { self[_CollectionOptionsKey.self] = newValue }
    }
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension View {
    /// Loads the next page when the collection comes within `distance` of its end: twice
    /// the viewport's height by default, as KarrotListKit's `onReachEnd`, or a number of
    /// points. The action runs once per page: the trigger is busy until it returns and
    /// fires again only once the page arrived (the content grew) or the list left the
    /// zone and came back; short content that fills less than the screen asks at once.
    ///
    /// - Parameters:
    ///   - distance: How close to the end.
    ///   - action: Loads the next page; the trigger waits for it to return.
    /// - Returns: The view, whose `StagedCollection`s ask.
    /// - Complexity: O(1).
    public func onReachEnd(
      distance: ReachDistance = .standard, perform action: @escaping @MainActor () async -> Void
    ) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.reachEnd = _Reach(distance: distance, action: action)
      }
    }

    /// Loads what comes before when the collection, scrolling toward its start, comes within
    /// `distance` of it: the older messages of a chat. Updates keep the item the user reads
    /// in place while the page arrives above it. Once per page, as `onReachEnd`.
    ///
    /// - Parameters:
    ///   - distance: How close to the start.
    ///   - action: Loads the previous page; the trigger waits for it to return.
    /// - Returns: The view, whose `StagedCollection`s ask.
    /// - Complexity: O(1).
    public func onReachStart(
      distance: ReachDistance = .standard, perform action: @escaping @MainActor () async -> Void
    ) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.reachStart = _Reach(distance: distance, action: action)
      }
    }

    /// Sets the content insets of the collection view.
    ///
    /// - Parameter insets: The insets.
    /// - Returns: The view, whose `StagedCollection`s use them.
    /// - Complexity: O(1).
    public func contentInsets(_ insets: EdgeInsets) -> some View {
      transformEnvironment(\._collectionOptions) { $0.insets = insets }
    }

    /// How updates reach the collection view: whether they animate, above how many changes
    /// the view reloads instead, and what they keep of the scroll position; see
    /// `UpdateStrategy`.
    ///
    /// - Parameter strategy: The strategy; by default `.coordinator`: as the transaction
    ///   says, with the anchor kept.
    /// - Returns: The view, whose `StagedCollection`s use it.
    /// - Complexity: O(1).
    public func updateStrategy(_ strategy: UpdateStrategy) -> some View {
      transformEnvironment(\._collectionOptions) { $0.strategy = strategy }
    }

    /// Hands the app the collection view once it exists, for settings no modifier covers: a
    /// prefetch data source of its own, a refresh control of its own, scroll indicators,
    /// `keyboardDismissMode`, drag and drop.
    ///
    /// The collection owns the view's `dataSource` and `delegate`: changing them breaks it.
    /// Do not change its data (`reloadData()`, batch updates) or its selection either: the
    /// coordinator keeps them in step with the data and the bindings. Replacing the
    /// `prefetchDataSource` or the `refreshControl` turns `onPrefetch` or `.refreshable` off.
    ///
    /// - Parameter configure: Called once, after the collection view is made.
    /// - Returns: The view.
    /// - Complexity: O(1).
    public func onCollectionView(_ configure: @escaping (UICollectionView) -> Void) -> some View {
      transformEnvironment(\._collectionOptions) { $0.onCollectionView = configure }
    }

    /// Called with the element the user taps, whether or not a selection is bound: the
    /// tutorial's `didSelectItem`.
    ///
    /// - Parameters:
    ///   - type: The collection's element type.
    ///   - action: Called with the tapped element.
    /// - Returns: The view, whose `StagedCollection`s of `type` report taps.
    /// - Complexity: O(1).
    public func onSelect<Element: Sendable>(
      for type: Element.Type, perform action: @escaping (Element) -> Void
    ) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.onSelect = _Typed(type: Element.self) { element in (element as? Element).map(action) }
      }
    }

    /// Prefetches what the collection is about to show, by identity: `prefetch` hears the
    /// identifiers of the elements UIKit asks for, nearest first, once each until they are
    /// shown or cancelled; `cancel` hears those it no longer needs, and those an update
    /// deleted. UIKit's index paths, which go stale across updates, never reach the app.
    ///
    /// - Parameters:
    ///   - type: The collection's element type.
    ///   - prefetch: Starts the work for these elements (an image download).
    ///   - cancel: Cancels it.
    /// - Returns: The view, whose `StagedCollection`s of `type` prefetch.
    /// - Complexity: O(1).
    public func onPrefetch<Element: Identifiable & Sendable>(
      for type: Element.Type, prefetch: @escaping ([Element.ID]) -> Void,
      cancel: @escaping ([Element.ID]) -> Void
    ) -> some View where Element.ID: Sendable {
      transformEnvironment(\._collectionOptions) {
        $0.prefetch = _Typed(
          type: Element.self,
          handler: (
            { prefetch($0.compactMap { $0.base as? Element.ID }) },
            { cancel($0.compactMap { $0.base as? Element.ID }) }
          ))
      }
    }

    #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
      /// A context menu for the elements the user presses (UIKit's
      /// `collectionView(_:contextMenuConfigurationForItemsAt:point:)`), by element.
      ///
      /// - Parameters:
      ///   - type: The collection's element type.
      ///   - menu: The menu's configuration for the elements, or nil for none.
      /// - Returns: The view, whose `StagedCollection`s of `type` show the menu.
      /// - Complexity: O(1).
      public func collectionContextMenu<Element: Sendable>(
        for type: Element.Type, menu: @escaping ([Element]) -> UIContextMenuConfiguration?
      ) -> some View {
        transformEnvironment(\._collectionOptions) {
          $0.contextMenu = _Typed(type: Element.self) { elements in
            menu(elements.compactMap { $0 as? Element })
          }
        }
      }
    #endif

    /// Binds the item the list is scrolled to, by identity: the element at the top of the
    /// viewport, written back once each time a scroll comes to rest; setting it scrolls
    /// that element to the top. (Updates keep the element the user reads where it is
    /// whether or not this is bound: that is the coordinator's scroll-position policy.)
    ///
    /// - Parameter item: The identifier of the element the list is scrolled to.
    /// - Returns: The view, whose `StagedCollection`s bind it.
    /// - Complexity: O(1).
    public func scrolledItem<ID: Hashable & Sendable>(_ item: Binding<ID?>) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.scrolledItem = _Typed(
          type: ID.self,
          handler: (
            { item.wrappedValue.map(AnyHashable.init) },
            { item.wrappedValue = $0.base as? ID }
          ))
      }
    }
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension View {
    /// Holds the item with this identifier still while the items below it grow: the prompt
    /// whose answer streams in, in a self-sizing list (`StagedCollection.selfSizingList`,
    /// a `CollectionListLayout`). Its top stays where it is through measured sizes and
    /// updates alike, and the list may scroll past its end to hold it (the room a pin
    /// makes); `nil` lets go. Other layouts ignore it.
    ///
    /// - Parameter item: The identifier of the pinned element, or `nil`.
    /// - Returns: The view, whose `StagedCollection`s pin it.
    /// - Complexity: O(1); the layout finds the item in O(1) expected.
    public func pinnedItem<ID: Hashable & Sendable>(_ item: ID?) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.pinnedItem = _Typed(type: ID.self, handler: item.map(AnyHashable.init))
      }
    }
  }

  @available(iOS 16, tvOS 16, visionOS 1, *)
  extension StagedCollection {
    /// Holds this collection's element with identifier `item` still while the items below
    /// it grow, with its type checked by the compiler: see `View.pinnedItem(_:)`.
    ///
    /// - Parameter item: The identifier of the pinned element, or `nil`.
    /// - Returns: The collection, pinning it.
    /// - Complexity: O(1).
    public func pinnedItem(_ item: Element.ID?) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.pinnedItem = _Typed(type: Element.ID.self, handler: item.map(AnyHashable.init))
      }
    }

    // The typed modifiers, applied on the collection itself: the compiler checks the type.
    // (Through other modifiers, the `for:` forms reach it through the environment, where a
    // wrong type is reported at run time in debug builds.)

    /// Hears every tap on an element of this collection: `onSelect(for:perform:)`, with the
    /// element's type checked by the compiler.
    ///
    /// - Parameter action: Called with the tapped element.
    /// - Returns: The collection, reporting taps.
    /// - Complexity: O(1).
    public func onSelect(perform action: @escaping (Element) -> Void) -> some View {
      onSelect(for: Element.self, perform: action)
    }

    /// Prefetches this collection's elements by identity: `onPrefetch(for:prefetch:cancel:)`,
    /// with the identifier's type checked by the compiler.
    ///
    /// - Parameters:
    ///   - prefetch: Called with the identifiers to prefetch, nearest first.
    ///   - cancel: Called with the identifiers whose prefetch is no longer needed.
    /// - Returns: The collection, prefetching.
    /// - Complexity: O(1).
    public func onPrefetch(
      prefetch: @escaping ([Element.ID]) -> Void, cancel: @escaping ([Element.ID]) -> Void
    ) -> some View {
      onPrefetch(for: Element.self, prefetch: prefetch, cancel: cancel)
    }

    #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
      /// A context menu for this collection's elements: `collectionContextMenu(for:menu:)`,
      /// with the element's type checked by the compiler.
      ///
      /// - Parameter menu: Makes the menu of the pressed elements, or `nil` for none.
      /// - Returns: The collection, with the menu.
      /// - Complexity: O(1).
      public func collectionContextMenu(
        menu: @escaping ([Element]) -> UIContextMenuConfiguration?
      ) -> some View {
        collectionContextMenu(for: Element.self, menu: menu)
      }
    #endif

    /// Binds the item the list is scrolled to, with its type checked by the compiler: see
    /// `View.scrolledItem(_:)`.
    ///
    /// - Parameter item: The identifier of the element the list is scrolled to.
    /// - Returns: The collection with the binding.
    /// - Complexity: O(1).
    public func scrolledItem(_ item: Binding<Element.ID?>) -> some View {
      transformEnvironment(\._collectionOptions) {
        $0.scrolledItem = _Typed(
          type: Element.ID.self,
          handler: (
            { item.wrappedValue.map(AnyHashable.init) },
            { item.wrappedValue = $0.base as? Element.ID }
          ))
      }
    }
  }
#endif
