import Stagecraft

extension CrashText {
  /// The smallest batch for a per-operation refusal: just enough sections and items that
  /// every check UIKit makes before the one that fails passes.
  func operation() -> Reproduction? {
    switch reason {
    case .deleteItemOutOfRange(let item, let section, let count):
      var result = Reproduction(sections: section + 1)
      result.before[section] = count
      result.after[section] = count
      result.batch.deleteItems = [ElementPath(element: item, section: section)]
      return result
    case .deleteItemSectionOutOfRange(let item, let section, let count):
      var result = Reproduction(sections: count)
      result.batch.deleteItems = [ElementPath(element: item, section: section)]
      return result
    case .insertItemOutOfRange(let item, let section, let count):
      var result = Reproduction(sections: section + 1)
      result.before[section] = count
      result.after[section] = count
      result.batch.insertItems = [ElementPath(element: item, section: section)]
      return result
    case .insertItemSectionOutOfRange(let item, let section, let count):
      var result = Reproduction(sections: count)
      result.batch.insertItems = [ElementPath(element: item, section: section)]
      return result
    case .deleteSectionOutOfRange(let section, let count):
      var result = Reproduction(sections: count)
      result.batch.deleteSections = [section]
      return result
    case .reloadSectionOutOfRange(let section, let count):
      var result = Reproduction(sections: count)
      result.batch.reloadSections = [section]
      return result
    case .insertSectionOutOfRange(let section, let count):
      var result = Reproduction(sections: count)
      result.batch.insertSections = [section]
      return result
    case .moveSectionOutOfRange(let section, let count):
      var result = Reproduction(sections: count)
      result.batch.moveSections = [Move(source: section, target: 0)]
      return result
    case .moveSectionTargetOutOfRange(let section, let target, let count):
      guard section < count else { return nil }
      var result = Reproduction(sections: count)
      result.batch.moveSections = [Move(source: section, target: target)]
      return result
    default:
      return itemOperation()
    }
  }

  /// Sections enough to hold every path, each with items enough for every path.
  static func covering(_ paths: [ElementPath]) -> Reproduction {
    let sections = (paths.map(\.section).max() ?? 0) + 1
    let items = (paths.map(\.element).max() ?? 0) + 1
    return Reproduction(sections: sections, items: items)
  }

  private func itemOperation() -> Reproduction? {
    switch reason {
    case .moveItemOutOfRange(let path, let count):
      var result = Reproduction(sections: path.section + 1, items: 1)
      result.before[path.section] = count
      result.after[path.section] = max(count, 1)
      result.batch.moveItems = [Move(source: path, target: ElementPath(element: 0, section: 0))]
      return result
    case .moveItemTargetOutOfRange(let path, let target, let count):
      var result = Self.covering([path, target])
      result.after[target.section] = count
      result.batch.moveItems = [Move(source: path, target: target)]
      return result
    case .moveItemSectionOutOfRange(let path, let count):
      var result = Reproduction(sections: count)
      result.batch.moveItems = [Move(source: path, target: ElementPath(element: 0, section: 0))]
      return result
    case .moveItemTargetSectionOutOfRange(let path, let target, let count):
      guard path.section < count else { return nil }
      var result = Reproduction(sections: count)
      result.before[path.section] = path.element + 1
      result.after[path.section] = path.element + 1
      result.batch.moveItems = [Move(source: path, target: target)]
      return result
    case .reconfigureItemOutOfRange(let path, let sections, let count):
      var result = Reproduction(sections: sections)
      if path.section < sections {
        result.before[path.section] = count
        result.after[path.section] = count
      }
      result.batch.reconfigureItems = [path]
      return result
    case .deleteAndReloadSameSection(let section):
      var result = Reproduction(sections: section + 1)
      result.batch.deleteSections = [section]
      result.batch.reloadSections = [section]
      return result
    case .deleteAndReloadSamePath(let path):
      var result = Self.covering([path])
      result.batch.deleteItems = [path]
      result.batch.reloadItems = [path]
      return result
    case .deleteAndMoveSamePath(let path):
      var result = Self.covering([path])
      result.batch.deleteItems = [path]
      result.batch.moveItems = [
        Move(source: path, target: ElementPath(element: 0, section: path.section))
      ]
      return result
    case .deleteAndMoveSameSection(let section):
      var result = Reproduction(sections: section + 1)
      result.batch.deleteSections = [section]
      result.batch.moveSections = [Move(source: section, target: 0)]
      return result
    case .insertAndMoveSamePath(let path):
      var result = Self.covering([path])
      result.batch.moveItems = [
        Move(source: ElementPath(element: 0, section: path.section), target: path)
      ]
      result.batch.insertItems = [path]
      return result
    default:
      return sectionOperation()
    }
  }

  private func sectionOperation() -> Reproduction? {
    switch reason {
    case .insertAndMoveSameSection(let section):
      var result = Reproduction(
        before: Array(repeating: 0, count: section + 1),
        after: Array(repeating: 0, count: section + 2))
      result.batch.moveSections = [Move(source: 0, target: section)]
      result.batch.insertSections = [section]
      return result
    case .moveFromDeletedSection(let section):
      var result = Reproduction(
        before: Array(repeating: 1, count: section + 2),
        after: Array(repeating: 1, count: section + 1))
      result.batch.deleteSections = [section]
      result.batch.moveItems = [
        Move(
          source: ElementPath(element: 0, section: section),
          target: ElementPath(element: 0, section: 0))
      ]
      return result
    case .moveIntoInsertedSection(let section):
      let before = max(section, 1)
      var result = Reproduction(
        before: Array(repeating: 1, count: before), after: Array(repeating: 1, count: before + 1))
      result.batch.insertSections = [section]
      result.batch.moveItems = [
        Move(
          source: ElementPath(element: 0, section: 0),
          target: ElementPath(element: 0, section: section))
      ]
      return result
    case .sectionMovedTwice(let section, let first, let second):
      var result = Reproduction(sections: max(section, first, second) + 1)
      result.batch.moveSections = [
        Move(source: section, target: first), Move(source: section, target: second),
      ]
      return result
    case .sectionsMovedToSameTarget(let first, let second, let target):
      var result = Reproduction(sections: max(first, second, target) + 1)
      result.batch.moveSections = [
        Move(source: first, target: target), Move(source: second, target: target),
      ]
      return result
    case .itemMovedTwice(let path, let first, let second):
      var result = Self.covering([path, first, second])
      result.batch.moveItems = [
        Move(source: path, target: first), Move(source: path, target: second),
      ]
      return result
    case .itemsMovedToSameTarget(let first, let second, let target):
      var result = Self.covering([first, second, target])
      result.batch.moveItems = [
        Move(source: first, target: target), Move(source: second, target: target),
      ]
      return result
    default:
      return nil
    }
  }
}
