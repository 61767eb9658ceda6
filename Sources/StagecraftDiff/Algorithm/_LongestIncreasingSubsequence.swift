/// Marks the values of one longest strictly increasing subsequence of `values`.
///
/// `values` are distinct and less than `valueLimit`; negative entries are left out (a
/// source position without a partner). The result is indexed by value: in the diffs the
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
/// search; otherwise `_tailsBelow` finds its place with vector comparisons. The scratch
/// space is 32-bit when the values allow.
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

/// `_longestIncreasingSubsequence(_:valueLimit:)` of values in a buffer.
@inlinable
internal func _longestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int>, valueLimit: Int
) -> (staying: ContiguousArray<Bool>, length: Int) {
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
  var tails = ContiguousArray<T>(repeating: .max, count: count &+ 16)
  var summary = ContiguousArray<T>(repeating: .max, count: (count &>> 4) &+ 17)
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
            low = _tailsBelow(T(truncatingIfNeeded: value), tails, summary, length: length)
          }
          link[value] = low > 0 ? tails[low &- 1] &+ 2 : 1
          tails[low] = T(truncatingIfNeeded: value)
          if low & 15 == 0 { summary[low &>> 4] = T(truncatingIfNeeded: value) }
          var end = position &+ 1
          var next = value &+ 1
          while end < count, values[end] == next {
            low &+= 1
            tails[low] = T(truncatingIfNeeded: next)
            if low & 15 == 0 { summary[low &>> 4] = T(truncatingIfNeeded: next) }
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

/// The number of tails smaller than `value`: where it goes among them.
///
/// The blocks of 16 tails whose first tail is smaller are counted first, 16 summary
/// entries at a time, by a vector comparison when the tails are few (a random order
/// keeps about 2√n of them) and by a binary search without branches when they are many
/// (an order that is mostly kept); then the tails smaller within the last such block, by
/// one vector comparison. Both lists are padded with `T.max`, which is never smaller.
/// The vector code is written for `Int32` itself: through a generic parameter the
/// comparisons would not be vectorized. Full-width tails are searched by halving.
///
/// - Complexity: O(length / 256) vector comparisons for up to 4,096 tails, else
///   O(log length).
@inlinable
@inline(__always)
internal func _tailsBelow<T: FixedWidthInteger & SIMDScalar>(
  _ value: T, _ tails: UnsafeMutableBufferPointer<T>, _ summary: UnsafeMutableBufferPointer<T>,
  length: Int
) -> Int {
  if T.self == Int32.self {
    let tailsBase = UnsafeRawPointer(tails.baseAddress.unsafelyUnwrapped)
    let summaryBase = UnsafeRawPointer(summary.baseAddress.unsafelyUnwrapped)
    return _tailsBelow(
      Int32(truncatingIfNeeded: value), tails: tailsBase.assumingMemoryBound(to: Int32.self),
      summary: summaryBase.assumingMemoryBound(to: Int32.self), length: length)
  }
  // Full-width tails, for more values than 32 bits count: a binary search without
  // branches over all of them.
  var low = 0
  var size = length &- 1
  while size > 0 {
    let half = size &>> 1
    let mask = tails[low &+ half] < value ? -1 : 0
    low &+= (half &+ 1) & mask
    size = half &+ ((size &- 2 &* half &- 1) & mask)
  }
  return low
}

/// `_tailsBelow` for 32-bit tails.
@inlinable
@inline(__always)
internal func _tailsBelow(
  _ value: Int32, tails: UnsafePointer<Int32>, summary: UnsafePointer<Int32>, length: Int
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
  let blocks = ((length &- 1) &>> 4) &+ 1
  var below = 0
  if length <= 4_096 {
    var chunk = 0
    while chunk < blocks {
      let found = countBelow(summary + chunk)
      below &+= found
      if found < 16 { break }
      chunk &+= 16
    }
  } else {
    var size = blocks
    while size > 0 {
      let half = size &>> 1
      let mask = summary[below &+ half] < value ? -1 : 0
      below &+= (half &+ 1) & mask
      size = half &+ ((size &- 2 &* half &- 1) & mask)
    }
  }
  guard below > 0 else { return 0 }
  let block = (below &- 1) &<< 4
  return block &+ countBelow(tails + block)
}
