import Stagecraft
import StagecraftTestSupport
import Testing

// A realistic screen, written the way an app would write it: a feed of posts in day
// sections, refreshed by pull-to-refresh, with deletes and a selected post. The test
// drives the same replay a view controller would run, on CollectionModel.

/// A post in the feed: identified by `id`; its title and like count are its content.
struct Post: Differentiable, Hashable, Identifiable {
  var id: Int
  var title: String
  var likes: Int
}

/// A day section of the feed. (A header that showed a post count would change content on
/// every refresh, and a reloaded section loses its selection, as in UIKit.)
struct Day: Differentiable, Hashable {
  var title: String
}

typealias FeedSection = ArraySection<Day, Post>

/// The screen's state, as a view model would keep it.
struct FeedScreen {
  var sections: [FeedSection] = []

  static func sections(today: [Post], earlier: [Post]) -> [FeedSection] {
    [
      FeedSection(model: Day(title: "Today"), elements: today),
      FeedSection(model: Day(title: "Earlier"), elements: earlier),
    ].filter { !$0.elements.isEmpty }
  }

  /// What a view controller does on pull-to-refresh: diff, then replay onto the view.
  mutating func refresh(
    to newSections: [FeedSection], on view: inout CollectionModel<FeedSection>
  ) throws {
    let staged = StagedChangeset(source: sections, target: newSections)
    try view.reload(
      using: staged, strategy: UpdateStrategy().elementUpdates(.reconfigure),
      setData: { self.sections = $0 })
  }
}

@Suite("Example: a sectioned feed with pull-to-refresh")
struct FeedScreenExample {
  let hello = Post(id: 1, title: "Hello", likes: 3)
  let lunch = Post(id: 2, title: "Lunch", likes: 0)
  let launch = Post(id: 3, title: "Launch day", likes: 41)
  let recap = Post(id: 4, title: "Weekly recap", likes: 7)

  @Test func pullToRefreshKeepsTheSelectionAndEveryCellCurrent() throws {
    var screen = FeedScreen()
    screen.sections = FeedScreen.sections(today: [hello, lunch], earlier: [launch, recap])
    var view = CollectionModel(sections: screen.sections, viewport: .items(0..<3))

    // The user selects "Launch day" (Earlier, first row).
    view.selectItem(at: ElementPath(element: 0, section: 1))

    // Pull to refresh: a new post arrives, "Lunch" was deleted, "Hello" got likes, and
    // yesterday's "Hello" moved to Earlier.
    let breaking = Post(id: 5, title: "Breaking", likes: 0)
    var liked = hello
    liked.likes = 9
    let refreshed = FeedScreen.sections(today: [breaking], earlier: [liked, launch, recap])
    try screen.refresh(to: refreshed, on: &view)

    #expect(view.sections == refreshed)
    #expect(screen.sections == refreshed)
    #expect(view.staleCells.isEmpty)
    // "Launch day" is still selected, now second in Earlier.
    #expect(view.indexPathsForSelectedItems == [ElementPath(element: 1, section: 1)])
    #expect(view.element(at: ElementPath(element: 1, section: 1)) == launch)

    // Scrolling down configures the rest from the data: nothing stale anywhere.
    view.viewport = .all
    #expect(view.staleCells.isEmpty)
  }

  @Test func deletingTheLastPostOfADayRemovesTheSection() throws {
    var screen = FeedScreen()
    screen.sections = FeedScreen.sections(today: [lunch], earlier: [launch])
    var view = CollectionModel(sections: screen.sections)
    try screen.refresh(to: FeedScreen.sections(today: [], earlier: [launch]), on: &view)
    #expect(view.sections.map(\.model.title) == ["Earlier"])
    let batch = view.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { return batch }
      return nil
    }
    #expect(batch.first?.deleteSections == [0])
  }

  @Test func aHandWrittenUpdateThatForgetsTheSectionCrashesTheModelLikeUIKit() {
    var view = CollectionModel(sections: FeedScreen.sections(today: [lunch], earlier: [launch]))
    // The app deletes the row but forgets that the "Today" section disappears with it.
    var batch = BatchUpdate()
    batch.deleteItems = [ElementPath(element: 0, section: 0)]
    #expect(throws: BatchUpdateError.self) {
      try view.performBatchUpdates(
        batch, newSections: FeedScreen.sections(today: [], earlier: [launch]))
    }
  }
}
