/// The animations a headless view holds in flight until a test ends them: the completions
/// of animated blocks, in order, and how many blocks arrived while one was still running.
struct _HeldAnimations {
  /// Whether an animated block's completion waits for `finish(_:)`.
  var holds = false
  /// The number of blocks applied while the last block of an earlier replay (the one with a
  /// completion) was still animating.
  private(set) var overlappingBlocks = 0
  private var pending: [((Bool) -> Void)?] = []

  /// The number of animations in flight.
  var count: Int { pending.count }

  /// Notes that a block is about to be applied: it overlaps when an earlier replay's last
  /// block is still animating.
  mutating func blockWillApply() {
    if pending.contains(where: { $0 != nil }) { overlappingBlocks += 1 }
  }

  /// Holds `completion` when the block animates and animations are held, and says whether
  /// it did; otherwise the caller completes at once (outside this value, which the
  /// completion may touch again).
  mutating func hold(_ completion: ((Bool) -> Void)?, animated: Bool) -> Bool {
    guard holds && animated else { return false }
    pending.append(completion)
    return true
  }

  /// Takes every animation in flight, for the caller to complete in order once it no
  /// longer accesses this value: a completion may start another block, which holds anew.
  mutating func takeAll() -> [((Bool) -> Void)?] {
    defer { pending = [] }
    return pending
  }
}
