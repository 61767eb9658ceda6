/// Marks the values of one longest strictly increasing subsequence of `values`.
///
/// `values` are distinct and less than `valueLimit`; negative entries are left out (a
/// source position without a partner). `_checkLISInput` checks it in builds with
/// `STAGECRAFT_INTERNAL_CHECKS`. The result is indexed by value: in the diffs the
/// values are target positions, and the elements that stay are found by target.
///
/// Patience sorting with predecessor links. When several subsequences are longest, the
/// one that ends at the latest possible position, with the smallest tails, is chosen, so
/// the result is deterministic.
///
/// A run of consecutive values (`v`, `v + 1`, …) is placed in one step: each value after
/// the first goes right after the previous one among the tails (the previous value is the
/// tail there, and the tail after it, if any, is larger than the previous value and, the
/// values being distinct, larger than this one), which is what the search would find, and
/// its predecessor is `v - 1`, left implicit. A list that kept long runs in order costs
/// one search per run. A value larger than the longest tail (the common case) needs no
/// search; otherwise `_tailsBelow` finds its place with a few vector comparisons, through
/// a two-level summary of the tails. The scratch space is 32-bit when the values allow.
///
/// - Returns: A mask, indexed by value, with `true` at the values of the subsequence, and
///   its length.
/// - Complexity: O(k + r log k + `valueLimit`), where k is `values.count` and r the
///   number of runs of consecutive values.
@inlinable
internal func _longestIncreasingSubsequence(
  _ values: ContiguousArray<Int>, valueLimit: Int
) -> (staying: ContiguousArray<Bool>, length: Int) {
  values.withUnsafeBufferPointer { _longestIncreasingSubsequence($0, valueLimit: valueLimit) }
}

/// Traps when `values` break the input condition of `_longestIncreasingSubsequence`: the
/// non-negative values distinct and less than `valueLimit`; compiled only with
/// `STAGECRAFT_INTERNAL_CHECKS`.
///
/// - Complexity: O(k + `valueLimit`).
@inlinable
@inline(__always)
internal func _checkLISInput(_ values: UnsafeBufferPointer<Int>, valueLimit: Int) {
  #if STAGECRAFT_INTERNAL_CHECKS
    var seen = ContiguousArray(repeating: false, count: max(valueLimit, 0))
    for value in values where value >= 0 {
      precondition(value < valueLimit, "an LIS value is not below its limit")
      precondition(!seen[value], "an LIS value repeats")
      seen[value] = true
    }
  #endif
}

/// `_longestIncreasingSubsequence(_:valueLimit:)` of values in a buffer.
@inlinable
internal func _longestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, valueLimit: Int
) -> (staying: ContiguousArray<Bool>, length: Int) {
  _checkLISInput(values, valueLimit: valueLimit)
  if valueLimit < Int(Int32.max) &- 2 {
    return _longestIncreasingSubsequence(values, valueLimit: valueLimit, scratch: Int32.self)
  }
  return _longestIncreasingSubsequence(values, valueLimit: valueLimit, scratch: Int.self)
}

/// `_longestIncreasingSubsequence(_:valueLimit:)` with tails and links stored as `T`,
/// which holds every value below `valueLimit` plus 2.
@inlinable
internal func _longestIncreasingSubsequence<T: FixedWidthInteger & SIMDScalar>(
  _ values: UnsafeBufferPointer<Int>, valueLimit: Int, scratch: T.Type
) -> (staying: ContiguousArray<Bool>, length: Int) {
  var staying = ContiguousArray<Bool>(repeating: false, count: valueLimit)
  let count = values.count
  var length = 0
  // tails[l] is the smallest value that ends an increasing subsequence of length l + 1;
  // past `length`, T.max, so that whole blocks of 16 can be compared at once.
  // summary[b] is tails[16 b], the first tail of each block of 16, likewise padded.
  // link[v] is 0 when v continues a run (its predecessor is v - 1: the initial value, left
  // as it is), 1 when v has no predecessor, and u + 2 when its predecessor is u.
  // summary[g] for g from `groups` on is tails[256 (g - groups)], the first tail of each
  // group of 16 blocks, likewise padded: a summary of the summary.
  var tails = ContiguousArray<T>(repeating: .max, count: count &+ 16)
  let groups = (count &>> 4) &+ 17
  var summary = ContiguousArray<T>(repeating: .max, count: groups &+ (count &>> 8) &+ 17)
  var link = ContiguousArray<T>(repeating: 0, count: valueLimit)
  summary.withUnsafeMutableBufferPointer { summary in
    tails.withUnsafeMutableBufferPointer { tails in
      link.withUnsafeMutableBufferPointer { link in
        var position = 0
        while position < count {
          let value = values[position]
          if value < 0 {
            position &+= 1
            continue
          }
          var low = length
          if length > 0, Int(tails[length &- 1]) > value {
            low = _tailsBelow(
              T(truncatingIfNeeded: value), tails, summary, groups: groups, length: length)
          }
          link[value] = low > 0 ? tails[low &- 1] &+ 2 : 1
          tails[low] = T(truncatingIfNeeded: value)
          if low & 15 == 0 { _summarize(T(truncatingIfNeeded: value), low, summary, groups) }
          var end = position &+ 1
          var next = value &+ 1
          while end < count, values[end] == next {
            low &+= 1
            tails[low] = T(truncatingIfNeeded: next)
            if low & 15 == 0 { _summarize(T(truncatingIfNeeded: next), low, summary, groups) }
            end &+= 1
            next &+= 1
          }
          length = Swift.max(length, low &+ 1)
          position = end
        }
        guard length > 0 else { return }
        staying.withUnsafeMutableBufferPointer { staying in
          var value = Int(tails[length &- 1])
          while true {
            staying[value] = true
            let predecessor = Int(link[value])
            if predecessor == 1 { break }
            value = predecessor == 0 ? value &- 1 : predecessor &- 2
          }
        }
      }
    }
  }
  return (staying, length)
}

/// Records `value`, the new tail at `index`, a multiple of 16, in the summary: as the
/// first tail of its block, and of its group of 16 blocks when it starts one.
@inlinable
@inline(__always)
internal func _summarize<T: FixedWidthInteger>(
  _ value: T, _ index: Int, _ summary: UnsafeMutableBufferPointer<T>, _ groups: Int
) {
  summary[index &>> 4] = value
  if index & 255 == 0 { summary[groups &+ index &>> 8] = value }
}

/// The number of tails smaller than `value`: where it goes among them.
///
/// Three counts of 16 lanes each: the groups of 256 tails whose first tail is smaller
/// (more than one count only past 4,096 tails), the blocks of 16 in the last such group,
/// the tails in the last such block. Every list is padded with `T.max`, which is never
/// smaller. The cost hardly depends on where the value goes: a random order (about 2√n
/// tails) and an order kept but for local shuffles (the k-th occurrences of repeated
/// identifiers after edits: thousands of tails) cost the same few comparisons, and no
/// branch depends on the value. On the 10/10/10/10 edit of 100,000 elements with ids from
/// 1,000 values, stopping at the first chunk not wholly below made the whole diff about 10%
/// slower, in mispredicted exits, and the binary search over the blocks that this replaces
/// 35% slower. Past 65,536 tails the groups are searched by halving. The vector code is written for `Int32`
/// itself: through a generic parameter the comparisons would not be vectorized.
/// Full-width tails are searched by halving.
///
/// - Complexity: O(1 + length / 4,096) vector comparisons up to 65,536 tails, else
///   O(log length).
@inlinable
@inline(__always)
internal func _tailsBelow<T: FixedWidthInteger & SIMDScalar>(
  _ value: T, _ tails: UnsafeMutableBufferPointer<T>, _ summary: UnsafeMutableBufferPointer<T>,
  groups: Int, length: Int
) -> Int {
  if T.self == Int32.self {
    let tailsBase = UnsafeRawPointer(tails.baseAddress.unsafelyUnwrapped)
    let summaryBase = UnsafeRawPointer(summary.baseAddress.unsafelyUnwrapped)
    return _tailsBelow(
      Int32(truncatingIfNeeded: value), tails: tailsBase.assumingMemoryBound(to: Int32.self),
      summary: summaryBase.assumingMemoryBound(to: Int32.self), groups: groups, length: length)
  }
  // Full-width tails, for more values than 32 bits count.
  return _countBelow(value, UnsafePointer(tails.baseAddress.unsafelyUnwrapped), count: length)
}

/// The number of the first `count` entries of the ascending `sorted` that are smaller
/// than `value`, by a binary search without branches.
///
/// - Complexity: O(log count).
@inlinable
@inline(__always)
internal func _countBelow<T: Comparable>(_ value: T, _ sorted: UnsafePointer<T>, count: Int)
  -> Int
{
  var low = 0
  var size = count
  while size > 0 {
    let half = size &>> 1
    let mask = sorted[low &+ half] < value ? -1 : 0
    low &+= (half &+ 1) & mask
    size = half &+ ((size &- 2 &* half &- 1) & mask)
  }
  return low
}

/// `_tailsBelow` for 32-bit tails.
@inlinable
@inline(__always)
internal func _tailsBelow(
  _ value: Int32, tails: UnsafePointer<Int32>, summary: UnsafePointer<Int32>, groups: Int,
  length: Int
) -> Int {
  let splat = SIMD16<Int32>(repeating: value)
  @inline(__always)
  func countBelow(_ base: UnsafePointer<Int32>) -> Int {
    let lanes = UnsafeRawPointer(base).loadUnaligned(as: SIMD16<Int32>.self)
    // Ones where a tail is smaller, summed by halving (the library's `wrappedSum()` is a
    // call).
    let ones = SIMD16<Int32>(repeating: 0).replacing(with: 1, where: lanes .< splat)
    let eight = ones.lowHalf &+ ones.highHalf
    let four = eight.lowHalf &+ eight.highHalf
    let two = four.lowHalf &+ four.highHalf
    return Int(two.x &+ two.y)
  }
  let groupCount = ((length &- 1) &>> 8) &+ 1
  let firstOfGroups = summary + groups
  var group: Int
  if groupCount <= 256 {
    // Every chunk of 16 is counted, with no early exit: the firsts are sorted and padded,
    // so the counts add up to the right one, and a loop whose length changes only with
    // `length` is predicted where an exit that depends on the value would not be.
    group = 0
    var chunk = 0
    while chunk < groupCount {
      group &+= countBelow(firstOfGroups + chunk)
      chunk &+= 16
    }
  } else {
    group = _countBelow(value, firstOfGroups, count: groupCount)
  }
  guard group > 0 else { return 0 }
  // The group's first tail is smaller, so at least its first block counts.
  let blockStart = (group &- 1) &<< 4
  let tailStart = (blockStart &+ countBelow(summary + blockStart) &- 1) &<< 4
  return tailStart &+ countBelow(tails + tailStart)
}
