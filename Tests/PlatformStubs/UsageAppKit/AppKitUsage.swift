// How a macOS app calls the replay on an NSCollectionView, type-checked against the AppKit
// stub by Scripts/check-platforms.sh.
import AppKit
import Stagecraft

@MainActor final class LibraryViewController: NSViewController {
  let collectionView = NSCollectionView()
  var titles: [String] = []

  func show(_ newTitles: [String]) {
    collectionView.reload(
      using: StagedChangeset(source: titles, target: newTitles), setData: { self.titles = $0 })
  }

  func showSilently(_ newTitles: [String]) {
    collectionView.reload(
      using: StagedChangeset(source: titles, target: newTitles),
      strategy: UpdateStrategy().elementUpdates(.silent),
      configureCell: { item, path in _ = (item, self.titles[path.element]) },
      setData: { self.titles = $0 })
  }
}
