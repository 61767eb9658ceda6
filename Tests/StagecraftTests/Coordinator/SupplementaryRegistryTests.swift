import Stagecraft
import Testing

/// UIKit's rules for supplementary views, as crash reports recorded them: a view must be
/// dequeued from a registration made for the kind the layout asks for. A kind never
/// registered raises (ASCollectionView #70: "could not dequeue a view of kind:
/// UICollectionElementKindSectionFooter"), and since iOS 15 a view registered for another
/// kind raises "does not match the element kind it is being used for" (IGListKit #1530).
struct SupplementaryViewsDouble {
  enum Refusal: Error, Equatable {
    case notRegistered(kind: String, reuseIdentifier: String)
    case kindMismatch(asked: String, registeredFor: String)
  }

  /// Reuse identifier → the kinds it is registered for.
  var registered: [String: Set<String>] = [:]

  mutating func register(kind: String, reuseIdentifier: String) {
    registered[reuseIdentifier, default: []].insert(kind)
  }

  /// The kind of the view dequeued for a request of `kind`, or UIKit's refusal.
  func dequeue(ofKind kind: String, reuseIdentifier: String) throws(Refusal) -> String {
    guard let kinds = registered[reuseIdentifier] else {
      throw .notRegistered(kind: kind, reuseIdentifier: reuseIdentifier)
    }
    guard kinds.contains(kind) else {
      throw .kindMismatch(asked: kind, registeredFor: kinds.sorted().joined(separator: ","))
    }
    return kind
  }
}

@Suite("Supplementary views: each kind gets a view of that kind")
struct SupplementaryRegistryTests {
  static let header = "UICollectionElementKindSectionHeader"
  static let footer = "UICollectionElementKindSectionFooter"

  /// The kinds each layout asks for: a list with headers and footers, a compositional grid
  /// with boundary headers, footers and a badge, and a custom layout of its own names (one
  /// of them "header", which is not UIKit's header kind).
  static let layouts: [String: [String]] = [
    "list": [header, footer],
    "grid": [header, footer, "badge"],
    "custom": ["header", "decoration-label", header],
  ]

  /// What the app gives views for: nothing, headers, headers and footers, its own kinds.
  static let apps: [String: [String]] = [
    "no views": [],
    "headers": [header],
    "headers and footers": [header, footer],
    "tutorial's kinds": ["badge", "header"],
  ]

  /// The first layout passes of every layout for every app, three sections each, as the
  /// collection's controller answers them: no request is refused, each is answered with a
  /// view of its own kind, showing the app's view exactly for the kinds it gave.
  @Test(arguments: Array(layouts.keys.sorted()))
  func everyRequestedKindGetsAViewOfThatKind(layout: String) throws {
    for (app, kinds) in Self.apps {
      var registry = SupplementaryRegistry(kindsWithContent: kinds)
      var view = SupplementaryViewsDouble()
      for registration in registry.registrationsToMake() {
        view.register(kind: registration.kind, reuseIdentifier: registration.reuseIdentifier)
      }
      for _ in 0..<3 {
        for kind in Self.layouts[layout]! {
          let (registration, isNew) = registry.answer(kind: kind)
          if isNew {
            view.register(kind: registration.kind, reuseIdentifier: registration.reuseIdentifier)
          }
          let dequeued = try view.dequeue(
            ofKind: kind, reuseIdentifier: registration.reuseIdentifier)
          #expect(dequeued == kind, "\(layout), \(app)")
          #expect(registration.showsContent == kinds.contains(kind), "\(layout), \(app)")
        }
      }
      // Every kind was registered once, the app's up front.
      #expect(registry.registeredKinds == Set(kinds + Self.layouts[layout]!))
    }
  }

  /// What the old controller did, answering every kind with its header registration, is
  /// refused as UIKit refuses it: the double is not lenient.
  @Test func answeringEveryKindWithTheHeaderRegistrationIsRefused() {
    var view = SupplementaryViewsDouble()
    view.register(kind: Self.header, reuseIdentifier: "header")
    #expect(
      throws: SupplementaryViewsDouble.Refusal.kindMismatch(
        asked: Self.footer, registeredFor: Self.header)
    ) {
      try view.dequeue(ofKind: Self.footer, reuseIdentifier: "header")
    }
    #expect(
      throws: SupplementaryViewsDouble.Refusal.notRegistered(
        kind: "badge", reuseIdentifier: "badge")
    ) {
      try view.dequeue(ofKind: "badge", reuseIdentifier: "badge")
    }
  }

  /// A new version of the view may give views for other kinds: registrations made stay, new
  /// ones are made, and content follows the new kinds.
  @Test func changingTheKindsKeepsTheRegistrations() {
    var registry = SupplementaryRegistry(kindsWithContent: [Self.header, Self.header])
    #expect(registry.kindsWithContent == [Self.header])
    #expect(registry.registrationsToMake().map(\.kind) == [Self.header])
    #expect(registry.registrationsToMake().isEmpty)
    registry.setKindsWithContent([Self.footer])
    #expect(registry.registrationsToMake().map(\.kind) == [Self.footer])
    #expect(!registry.answer(kind: Self.header).registration.showsContent)
    #expect(registry.answer(kind: Self.header).register == false)
    #expect(registry.answer(kind: "badge").register == true)
  }
}

@Suite("Views are written only when a value changed")
@MainActor
struct AssignIfChangedTests {
  final class ViewDouble {
    var writes = 0
    var inset = 0.0 {
      didSet { writes += 1 }
    }
  }

  @Test func anUnchangedValueIsNotWritten() {
    let view = ViewDouble()
    #expect(_assignIfChanged(8, to: \ViewDouble.inset, on: view))
    #expect(!_assignIfChanged(8, to: \ViewDouble.inset, on: view))
    #expect(view.writes == 1 && view.inset == 8)
  }
}
