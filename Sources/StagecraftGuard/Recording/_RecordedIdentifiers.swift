import StagecraftDiff
import StagecraftModel

/// The identifiers of `data` per section, for a keyframe: a flat list of `Differentiable`
/// elements is one section, a list of `DifferentiableSection`s one per section. Each is the
/// 64-bit FNV-1a hash of its description in hexadecimal (stable across launches and
/// devices, unlike `Hasher`), or the description itself when `descriptions` is set. Nil when
/// there are more than `limit` identifiers, or the elements have no identity to record.
///
/// - Complexity: O(n) dynamic casts and descriptions for n identifiers (keyframes are rare).
package func _recordedIdentifiers<C: Collection>(
  _ data: C, limit: Int, descriptions: Bool
) -> [[String]]? {
  func text(_ identifier: any Hashable) -> String {
    let description = String(describing: identifier)
    return descriptions ? description : _fnv1a64Hex(description)
  }
  var result: [[String]] = []
  var total = 0
  var flat: [String] = []
  // A flat list longer than the limit costs nothing to refuse.
  if data.first is any Differentiable, !(data.first is any DifferentiableSection),
    data.count > limit
  {
    return nil
  }
  for element in data {
    if let section = element as? any DifferentiableSection {
      total += section._recordedElementCount
      guard total <= limit else { return nil }
      result.append(section._recordedElementIdentifiers.map(text))
    } else if let item = element as? any Differentiable {
      total += 1
      guard total <= limit else { return nil }
      flat.append(text(item.differenceIdentifier))
    } else {
      return nil
    }
  }
  return result.isEmpty ? [flat] : result
}

extension DifferentiableSection {
  /// The number of the section's elements.
  fileprivate var _recordedElementCount: Int { elements.count }

  /// The identifiers of the section's elements.
  fileprivate var _recordedElementIdentifiers: [any Hashable] {
    elements.map { $0.differenceIdentifier }
  }
}

/// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes, as 16 hexadecimal digits.
///
/// - Complexity: O(b) for b bytes.
package func _fnv1a64Hex(_ text: String) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01b3
  }
  let digits = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - digits.count) + digits
}
