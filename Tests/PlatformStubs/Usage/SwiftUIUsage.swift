// How apps use StagedCollection, type-checked against the SwiftUI and UIKit stubs by
// Scripts/check-platforms.sh: a flat list with a single selection, modifiers in any order and
// through other modifiers, sections with headers and footers and single selection, the
// tutorial's supplementary kinds, the cell's state and its deselect action, a button in a
// cell, swipe actions, a context menu, reaching the collection view, prefetching, a refresh
// control and each update strategy.
import Stagecraft
import SwiftUI
import UIKit

struct Photo: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
}

@available(iOS 16, *)
struct PhotoCell: View {
  let photo: Photo
  @Environment(\.cellState) private var state
  @Environment(\.deselectCell) private var deselectCell

  var body: some View {
    VStack {
      Text(photo.title).opacity(state == .normal ? 1 : 0.6)
      Button("Done") { deselectCell() }
    }
    // In a list layout, a cell's swipe actions are the row's.
    .swipeActions {
      Button("Delete") { print("delete \(photo.id)") }
    }
  }
}

@available(iOS 16, *)
struct FeedView: View {
  @State private var photos: [Photo] = []
  @State private var selected: Photo.ID?
  @State private var reading: Photo.ID?

  var body: some View {
    // Modifiers in any order, through SwiftUI's own.
    StagedCollection(photos, selection: $selected) { photo in
      PhotoCell(photo: photo)
    }
    .padding()
    .scrolledItem($reading)
    .onReachEnd(distance: .points(800)) {
      photos += (photos.count..<photos.count + 20).map { Photo(id: $0, title: "more") }
    }
    .contentInsets(EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0))
    .onSelect(for: Photo.self) { photo in print("opened \(photo.title)") }
    .onPrefetch(for: Photo.self) { ids in
      print("download \(ids)")
    } cancel: { ids in
      print("cancel \(ids)")
    }
    .updateStrategy(.animated(below: 1_000).reloading(above: 500))
    .refreshable { @MainActor in photos = [] }
    .onCollectionView { collectionView in collectionView.isPrefetchingEnabled = true }
    .collectionContextMenu(for: Photo.self) { photos in
      photos.isEmpty ? nil : UIContextMenuConfiguration()
    }
  }
}

@available(iOS 16, *)
struct AlbumsView: View {
  @State private var albums: [CollectionSection<String, Photo>] = [
    CollectionSection(id: "Summer", elements: [Photo(id: 1, title: "Beach")]),
    CollectionSection(id: "Winter", elements: [Photo(id: 2, title: "Snow")]),
  ]
  @State private var picked: Set<Photo.ID> = []
  @State private var cover: Photo.ID?

  var body: some View {
    VStack {
      StagedCollection(sections: albums, selection: $picked) { photo in
        PhotoCell(photo: photo)
      } header: { title in
        Text(title)
      }
      // One selected photo across sections, with footers.
      StagedCollection(sections: albums, selection: $cover) { photo in
        PhotoCell(photo: photo)
      } header: { title in
        Text(title)
      } footer: { title in
        Text("end of \(title)")
      }
      .onReachStart { print("older albums") }
    }
  }
}

/// The layout names a badge kind of its own; every kind it asks for gets a view of that kind.
@available(iOS 16, *)
struct BadgedView: View {
  let albums: [CollectionSection<String, Photo>]
  let layout: () -> UICollectionViewLayout

  var body: some View {
    StagedCollection(
      sections: albums, supplementaryKinds: ["badge", UICollectionView.elementKindSectionHeader],
      layout: layout
    ) { photo in
      PhotoCell(photo: photo)
    } supplementary: { kind, album in
      Text(kind == "badge" ? "new" : album)
    }
    .updateStrategy(.nonanimatedBatchUpdates)
  }
}

/// Without a binding, a tapped cell fires the button at its root and deselects itself.
@available(iOS 16, *)
struct ActionsView: View {
  let actions: [Photo]
  var body: some View {
    StagedCollection(actions) { action in
      Button(action.title) { print("tapped \(action.title)") }
    }
    .updateStrategy(.reloadData)
  }
}

/// The SwiftUI-collection tutorial's items are `Hashable`, not `Identifiable`: an `id:` key
/// path, as `ForEach(_:id:)`; a layout instance, as LazyCollection's users pass one.
@available(iOS 16, *)
struct TutorialView: View {
  struct Emoji: Hashable, Sendable {
    var symbol: String
  }
  @State private var emojis = [Emoji(symbol: "😀"), Emoji(symbol: "🐶")]
  @State private var picked: Set<String> = []
  let grid: UICollectionViewLayout

  var body: some View {
    VStack {
      StagedCollection(emojis, id: \.symbol, selection: $picked) { emoji in
        Text(emoji.symbol)
      }
      .onSelect(for: Emoji.self) { emoji in print("picked \(emoji.symbol)") }
      StagedCollection(emojis.map { Photo(id: $0.hashValue, title: $0.symbol) }, layout: grid) {
        photo in
        PhotoCell(photo: photo)
      }
    }
  }
}

/// A badge on every item (an item-level supplementary kind gets the item's index path), and
/// a layout per section that follows the section when sections move.
@available(iOS 16, *)
struct ItemBadgesView: View {
  let albums: [CollectionSection<String, Photo>]
  let layout: () -> UICollectionViewLayout
  let summer: NSCollectionLayoutSection
  let other: NSCollectionLayoutSection

  var body: some View {
    StagedCollection(sections: albums, supplementaryKinds: ["badge"], layout: layout) { photo in
      PhotoCell(photo: photo)
    } supplementary: { kind, album, indexPath in
      Text("\(album) \(indexPath.item)")
    }
    .sectionLayout { album, _ in album == "Summer" ? summer : other }
  }
}

/// The typed modifiers applied on the collection itself: their types are the collection's,
/// checked by the compiler.
@available(iOS 16, *)
struct CheckedModifiersView: View {
  let photos: [Photo]
  @State private var reading: Photo.ID?

  var body: some View {
    // (The stubs' view builder takes two views a block.)
    VStack {
      VStack {
        StagedCollection(photos) { photo in PhotoCell(photo: photo) }
          .onSelect { photo in print("opened \(photo.title)") }
        StagedCollection(photos) { photo in PhotoCell(photo: photo) }
          .onPrefetch { ids in
            print("download \(ids)")
          } cancel: { ids in
            print("cancel \(ids)")
          }
      }
      VStack {
        StagedCollection(photos) { photo in PhotoCell(photo: photo) }
          .collectionContextMenu { photos in photos.isEmpty ? nil : UIContextMenuConfiguration() }
        StagedCollection(photos) { photo in PhotoCell(photo: photo) }
          .scrolledItem($reading)
      }
    }
  }
}
