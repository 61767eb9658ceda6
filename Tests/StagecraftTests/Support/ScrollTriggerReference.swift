import Stagecraft

/// The height of an item in the prefetch tests: varies with its identity, and is 0 for one
/// identifier in eleven, so that items of height 0 are met.
@Sendable func prefetchHeight(_ item: Item) -> Double {
  item.id % 11 == 0 ? 0 : Double(10 + (item.id * 13) % 47)
}

/// The prefetch and reach rules as the issue states them, written apart from the library: a
/// plain pass over every item, laid out top to bottom, at each evaluation. An identifier the
/// data repeats is one item: in the window if any occurrence is, visible if any is, at the
/// distance of its nearest occurrence, its path its first occurrence in the window, and its
/// place in data order that of its first occurrence in the window.
struct ScrollTriggerReference {
  enum Event: Hashable, CustomStringConvertible {
    case prefetch(Int, at: Int)
    case cancel(Int, at: Int?)
    case reachEnd
    case reachStart

    var description: String {
      switch self {
      case .prefetch(let id, let at): "prefetch \(id) at \(at)"
      case .cancel(let id, let at): "cancel \(id) at \(at.map(String.init) ?? "-")"
      case .reachEnd: "reach end"
      case .reachStart: "reach start"
      }
    }
  }

  /// One reach trigger, as stated: idle or busy, armed or not.
  struct Reach {
    var distance: Double  // in viewports
    var busy = false
    var armed = true
    var heightWhenFired = 0.0
    var wentOut = false
  }

  var items: [Item]
  var offset: Double
  var viewport: Double
  var leading: Double
  var trailing: Double
  var end: Reach?
  var start: Reach?
  var forward = true
  /// The identifiers in the window at the last evaluation, with their first index there.
  var inWindow: [Int: Int] = [:]
  /// The outstanding prefetches, with the element they were made for.
  var outstanding: [Int: Item] = [:]

  /// Scrolls: the direction follows the change of offset.
  mutating func scroll(to newOffset: Double) -> [Event] {
    if newOffset > offset { forward = true }
    if newOffset < offset { forward = false }
    offset = newOffset
    return evaluate()
  }

  mutating func resize(to height: Double) -> [Event] {
    viewport = height
    return evaluate()
  }

  /// New data; the offset the update left (not a scroll).
  mutating func update(to newItems: [Item], offset newOffset: Double) -> [Event] {
    items = newItems
    offset = newOffset
    return evaluate(dataChanged: true)
  }

  mutating func complete(end completesEnd: Bool) -> [Event] {
    if completesEnd { end?.busy = false } else { start?.busy = false }
    return evaluate()
  }

  mutating func evaluate(dataChanged: Bool = false) -> [Event] {
    var tops: [Double] = []
    var contentHeight = 0.0
    for item in items {
      tops.append(contentHeight)
      contentHeight += prefetchHeight(item)
    }
    func overlaps(_ index: Int, _ low: Double, _ high: Double) -> Bool {
      let (top, height) = (tops[index], prefetchHeight(items[index]))
      if height == 0 { return low <= top && top < high }
      return top < high && top + height > low
    }
    let ahead = forward ? leading : trailing
    let behind = forward ? trailing : leading
    let (low, high) = (offset - behind * viewport, offset + viewport + ahead * viewport)
    var window: [Int: Int] = [:]
    var visible: Set<Int> = []
    for index in items.indices where overlaps(index, low, high) {
      if window[items[index].id] == nil { window[items[index].id] = index }
      if overlaps(index, offset, offset + viewport) { visible.insert(items[index].id) }
    }
    var events: [Event] = []
    var again: [Int] = []
    for (id, _) in inWindow.sorted(by: { $0.value < $1.value }) where outstanding[id] != nil {
      let now = items.firstIndex { $0.id == id }
      guard let index = window[id] else {
        events.append(.cancel(id, at: now))
        outstanding[id] = nil
        continue
      }
      if visible.contains(id) {
        outstanding[id] = nil
      } else if dataChanged, items[index].content != outstanding[id]!.content {
        // Content changes come with updates (an identifier whose occurrences differ does
        // not change when the window moves from one to another).
        events.append(.cancel(id, at: index))
        again.append(index)
      }
    }
    var starts = again
    for (id, index) in window where !visible.contains(id) && inWindow[id] == nil {
      starts.append(index)
    }
    // The gap to the viewport of an identifier's nearest occurrence in the window.
    func gap(_ first: Int) -> Double {
      var nearest = Double.infinity
      for index in items.indices
      where items[index].id == items[first].id && overlaps(index, low, high) {
        let top = tops[index]
        let bottom = top + prefetchHeight(items[index])
        nearest = min(
          nearest, top >= offset + viewport ? top - (offset + viewport) : offset - bottom)
      }
      return nearest
    }
    starts.sort { (gap($0), $0) < (gap($1), $1) }
    for index in starts {
      outstanding[items[index].id] = items[index]
      events.append(.prefetch(items[index].id, at: index))
    }
    // Elements that stayed outstanding keep the content seen now.
    for (id, index) in window where outstanding[id] != nil { outstanding[id] = items[index] }
    inWindow = window
    if evaluateReach(
      &end, left: contentHeight - (offset + viewport), content: contentHeight,
      awayFromIt: !forward)
    {
      events.append(.reachEnd)
    }
    if evaluateReach(&start, left: offset, content: contentHeight, awayFromIt: forward) {
      events.append(.reachStart)
    }
    return events
  }

  func evaluateReach(_ reach: inout Reach?, left: Double, content: Double, awayFromIt: Bool)
    -> Bool
  {
    guard var trigger = reach else { return false }
    defer { reach = trigger }
    let short = content <= viewport
    let inZone = short || left <= trigger.distance * viewport
    if !trigger.armed {
      if content > trigger.heightWhenFired {
        trigger.armed = true
      } else if !inZone {
        trigger.wentOut = true
      } else if trigger.wentOut {
        trigger.armed = true
      }
    }
    guard !trigger.busy, trigger.armed, short || (inZone && !awayFromIt) else { return false }
    trigger.busy = true
    trigger.armed = false
    trigger.wentOut = false
    trigger.heightWhenFired = content
    return true
  }

  /// The outstanding prefetches, in data order (of their first occurrence in the window).
  var outstandingInOrder: [Int] {
    inWindow.sorted { $0.value < $1.value }.map(\.key).filter { outstanding[$0] != nil }
  }
}

/// The model's scroll events since `start`, as the reference writes them.
func referenceEvents(
  _ model: CollectionModel<ArraySection<Int, Item>>, since start: Int
) -> [ScrollTriggerReference.Event] {
  model.scrollEvents[start...].map { event in
    switch event {
    case .prefetch(let item, let path): .prefetch(item.id, at: path.element)
    case .cancelPrefetch(let item, let path): .cancel(item.id, at: path?.element)
    case .reachEnd: .reachEnd
    case .reachStart: .reachStart
    }
  }
}
