// How apps use StagedCollection, type-checked against the SwiftUI and UIKit stubs by
// Scripts/check-platforms.sh: a flat grid with a set binding, a list with an optional single
// selection, sections with headers, insets, load more, the cell's state, a button in a cell.
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

  var body: some View {
    Text(photo.title).opacity(state == .normal ? 1 : 0.6)
  }
}

@available(iOS 16, *)
struct FeedView: View {
  @State private var photos: [Photo] = []
  @State private var selected: Photo.ID?
  @State private var reading: Photo.ID?

  var body: some View {
    StagedCollection(photos, selection: $selected) { photo in
      PhotoCell(photo: photo)
    }
    .scrollPosition($reading)
    .contentInsets(EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0))
    .onLoadMore(within: 10) {
      photos.append(Photo(id: photos.count, title: "more"))
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

  var body: some View {
    StagedCollection(sections: albums, selection: $picked) { photo in
      PhotoCell(photo: photo)
    } header: { title in
      Text(title)
    }
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
  }
}
