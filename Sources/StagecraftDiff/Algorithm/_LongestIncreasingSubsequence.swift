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
/// search; otherwise the search runs without branches over a summary of every 64th tail,
/// which stays in the cache, then within one block. The scratch space is 32-bit when the
/// values allow.
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
internal func _longestIncreasingSubsequence<T: FixedWidthInteger>(
  _ values: UnsafeBufferPointer<Int>, valueLimit: Int, scratch: T.Type
) -> (staying: ContiguousArray<Bool>, length: Int) {
  var staying = ContiguousArray<Bool>(repeating: false, count: valueLimit)
  let count = values.count
  var length = 0
  // tails[l] is the smallest value that ends an increasing subsequence of length l + 1.
  // link[v] is 0 when v continues a run (its predecessor is v - 1: the initial value, left
  // as it is), 1 when v has no predecessor, and u + 2 when its predecessor is u.
  var tails = ContiguousArray<T>(repeating: 0, count: count)
  var link = ContiguousArray<T>(repeating: 0, count: valueLimit)
  // summary[b] is tails[64 b]: the first tail of each block of 64.
  var summary = ContiguousArray<T>(repeating: 0, count: count &>> 6 &+ 1)
  do {
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
            // The first tail not smaller than `value`, by a binary search without branches
            // (which way it goes is unpredictable): `below` is all ones when the probed
            // tail is smaller than `value` (both are non-negative, so the difference cannot
            // overflow), else zero. Over many tails, a summary of every 64th tail, which
            // stays in the cache, is searched first, then one block of 64.
            var low = length
            if length > 0, Int(tails[length &- 1]) > value {
              low = 0
              var size = length &- 1
              if length > 1_024 {
                var block = 0
                size = ((length &- 1) &>> 6) &+ 1
                while size > 0 {
                  let half = size &>> 1
                  let below = (Int(summary[block &+ half]) &- value) &>> (Int.bitWidth &- 1)
                  block &+= (half &+ 1) & below
                  size = half &+ ((size &- 2 &* half &- 1) & below)
                }
                // `block` blocks start below `value`: the answer is in the last of them, or
                // is the first tail.
                low = Swift.max(0, block &- 1) &<< 6
                size = block > 0 ? Swift.min(64, length &- 1 &- low) : 0
              }
              while size > 0 {
                let half = size &>> 1
                let below = (Int(tails[low &+ half]) &- value) &>> (Int.bitWidth &- 1)
                low &+= (half &+ 1) & below
                size = half &+ ((size &- 2 &* half &- 1) & below)
              }
            }
            link[value] = low > 0 ? tails[low &- 1] &+ 2 : 1
            tails[low] = T(truncatingIfNeeded: value)
            if low & 63 == 0 { summary[low &>> 6] = T(truncatingIfNeeded: value) }
            var end = position &+ 1
            var next = value &+ 1
            while end < count, values[end] == next {
              low &+= 1
              tails[low] = T(truncatingIfNeeded: next)
              if low & 63 == 0 { summary[low &>> 6] = T(truncatingIfNeeded: next) }
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
  }
  return (staying, length)
}
