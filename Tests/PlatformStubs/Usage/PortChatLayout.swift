// A chat screen in the shape of ChatLayout's example app (a view controller whose collection
// view lays out with `CollectionViewChatLayout`, a data source that dequeues message cells,
// and a controller that hands it each new version of the messages), ported to Stagecraft:
// - `CollectionViewChatLayout` became `CollectionListLayout`, whose geometry is a headless
//   `ListLayoutState`; its cells size themselves with `UIHostingConfiguration`, and each
//   height is kept by the message's identity, content and width;
// - the data source answers from a `CollectionCoordinator`, which stages, guards and replays
//   each version, and the layout reads the data it shows (`shownData`);
// - `keepContentOffsetAtBottomOnBatchUpdates` became `.stickToBottom`, for the updates and
//   for the sizes; a sent prompt is pinned while its answer streams.
import Stagecraft
import SwiftUI
import UIKit

struct ChatMessage: Differentiable, Sendable {
  var id: Int
  var text: String
  var fromMe: Bool

  var differenceIdentifier: Int { id }
  func isContentEqual(to source: ChatMessage) -> Bool { text == source.text }
}

typealias ChatSection = ArraySection<Int, ChatMessage>

@available(iOS 16, *)
final class ChatViewController: UIViewController, UICollectionViewDataSource {
  private let layout = CollectionListLayout<ChatSection>(
    state: ListLayoutState(sections: [], estimatedItemHeight: 60, anchoring: .stickToBottom))
  private lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
  private lazy var coordinator = CollectionCoordinator<UICollectionView, ChatSection>(
    target: collectionView, strategy: UpdateStrategy().anchoring(.stickToBottom))
  private var messages: [ChatMessage] = []

  override func loadView() {
    view = collectionView
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "message")
    collectionView.dataSource = self
    // The layout's sizes follow the messages the view shows, by identity.
    layout.shownData = { [unowned self] in self.coordinator.shownData }
  }

  func numberOfSections(in collectionView: UICollectionView) -> Int {
    coordinator.numberOfSections
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    coordinator.numberOfItems(inSection: section)
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath)
    if let message = coordinator.item(at: ElementPath(indexPath)) {
      // Self-sizing: the hosting configuration measures the text at the view's width.
      cell.contentConfiguration = UIHostingConfiguration { Text(message.text) }
    }
    return cell
  }

  /// A new version of the messages (ChatLayout's example: its chat controller's update).
  func update(with messages: [ChatMessage]) {
    self.messages = messages
    coordinator.update(
      sections: [ChatSection(model: 0, elements: messages)], animated: true)
  }

  /// The user sends a prompt: it holds at the top while the answer streams in below it.
  func send(_ prompt: ChatMessage) {
    layout.pinnedItem = prompt.id
    update(with: messages + [prompt, ChatMessage(id: prompt.id + 1, text: "", fromMe: false)])
  }

  /// A token of the answer arrives: the answer grows in place.
  func receive(token: String, answer id: Int) {
    guard let index = messages.firstIndex(where: { $0.id == id }) else { return }
    messages[index].text += token
    update(with: messages)
  }

  /// The keyboard's height is the collection view's bottom inset; the layout reads the
  /// viewport it leaves, and a chat at its bottom stays there.
  func keyboardWillChange(height: CGFloat) {
    collectionView.contentInset.bottom = height
  }
}
