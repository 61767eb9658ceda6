#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftPlatforms
  import StagecraftReplay
  import SwiftUI
  import UIKit

  /// An element as the diff reads it: its `id` is its identity, `==` its content.
  struct _Identified<Element: Identifiable & Equatable & Sendable>: Differentiable, Sendable
  where Element.ID: Sendable {
    let element: Element
    var differenceIdentifier: Element.ID { element.id }
    func isContentEqual(to source: Self) -> Bool { element == source.element }
  }

  /// A section's identity as the diff reads it.
  struct _SectionKey<ID: Hashable & Sendable>: Hashable, Differentiable, Sendable {
    let id: ID
  }

  /// The representable: SwiftUI's side of the collection view controller.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  @MainActor
  struct _StagedCollectionRepresentable<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View
  >: UIViewControllerRepresentable where Element.ID: Sendable {
    typealias Controller = _StagedCollectionController<SectionID, Element, Cell>
    let collection: StagedCollection<SectionID, Element, Cell>

    func makeUIViewController(context: Context) -> Controller {
      let controller = Controller(layout: collection.layout(), cell: collection.cell)
      if let provider = collection.sectionLayout {
        controller.layOutSections(by: provider)
      }
      context.environment._collectionOptions.onCollectionView?(controller.collectionView)
      return controller
    }

    /// SwiftUI calls this on every change of the parent's state: one input, one call.
    func updateUIViewController(_ controller: Controller, context: Context) {
      let transaction = context.transaction
      controller.apply(
        collection, options: context.environment._collectionOptions,
        refresh: context.environment.refresh,
        animated: transactionAnimates(
          hasAnimation: transaction.animation != nil,
          disablesAnimations: transaction.disablesAnimations))
    }
  }

#endif
