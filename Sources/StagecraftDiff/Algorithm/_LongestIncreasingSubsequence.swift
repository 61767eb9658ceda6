/// Marks one longest strictly increasing subsequence of `values`.
///
/// Patience sorting with predecessor links. When several subsequences are longest, the
/// one that ends at the latest possible position, with the smallest tails, is chosen, so
/// the result is deterministic.
///
/// - Returns: A mask with `true` at the positions of the subsequence.
/// - Complexity: O(k log k), where k is `values.count`; O(k) when `values` is already
///   increasing.
@inlinable
internal func _longestIncreasingSubsequenceMask(
  _ values: ContiguousArray<Int>
) -> ContiguousArray<Bool> {
  let count = values.count
  if _isStrictlyIncreasing(values) {
    return ContiguousArray(repeating: true, count: count)
  }
  // tails[l] is the position of the smallest value that ends an increasing run of
  // length l + 1; predecessor[i] is the position before i in the best run ending at i.
  var tails = ContiguousArray<Int>()
  var predecessor = ContiguousArray<Int>(repeating: -1, count: count)
  for position in 0..<count {
    let value = values[position]
    // Mostly increasing input extends the longest run: no search needed.
    if let last = tails.last, values[last] < value {
      predecessor[position] = last
      tails.append(position)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low &+ high) >> 1
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { predecessor[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var mask = ContiguousArray<Bool>(repeating: false, count: count)
  var position = tails.last ?? -1
  while position >= 0 {
    mask[position] = true
    position = predecessor[position]
  }
  return mask
}

@inlinable
internal func _isStrictlyIncreasing(_ values: ContiguousArray<Int>) -> Bool {
  var position = 1
  while position < values.count {
    if values[position] <= values[position - 1] { return false }
    position += 1
  }
  return true
}
