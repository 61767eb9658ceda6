import Foundation
import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftTool

typealias DriftSection = ArraySection<Int, Int>

/// A data source whose answer changes without an update, from a step on: an item or a section
/// added or removed, in any section, as a loading section from a flag or a store mutated
/// behind the data source does. The change follows identity (a section or an item of the
/// app's store), so that once made it stays in the data source's answer whatever the later
/// updates move; a change that comes and goes with the data (an empty-state section) is
/// `aChangeOnlyTheNewDataShowsReachesTheGuard`.
struct Drift {
  enum Kind: CaseIterable { case loadingSection, removeSection, addItem, removeItem }
  var kind: Kind
  /// The section or the item it concerns, chosen from the data when it happens.
  var identifier: Int

  init(_ kind: Kind, in sections: [DriftSection], pick: Int) {
    let items = sections.flatMap(\.elements)
    switch kind {
    case .removeSection where !sections.isEmpty, .addItem where !sections.isEmpty:
      self.kind = kind
      identifier = sections[pick % sections.count].model
    case .removeItem where !items.isEmpty:
      self.kind = kind
      identifier = items[pick % items.count]
    default:
      self.kind = .loadingSection
      identifier = -1
    }
  }

  /// `sections` as the drifted data source answers them.
  func apply(_ sections: [DriftSection]) -> [DriftSection] {
    var sections = sections
    switch kind {
    case .loadingSection:
      sections.append(DriftSection(model: -1, elements: [-1]))
    case .removeSection:
      sections.removeAll { $0.model == identifier }
    case .addItem:
      if let index = sections.firstIndex(where: { $0.model == identifier }) {
        sections[index].elements.append(-2)
      }
    case .removeItem:
      for index in sections.indices { sections[index].elements.removeAll { $0 == identifier } }
    }
    return sections
  }
}

/// One entry point onto a `HeadlessCollectionView`, driven as an app drives it.
@MainActor
protocol DriftEntry {
  var view: HeadlessCollectionView<DriftSection> { get }
  func show(_ sections: [DriftSection]) async
}

/// `CollectionCoordinator`, which becomes the view's data source.
@MainActor final class CoordinatorDrift: DriftEntry {
  let view = HeadlessCollectionView(CollectionModel(sections: [DriftSection]()))
  let coordinator: CollectionCoordinator<HeadlessCollectionView<DriftSection>, DriftSection>
  init(_ check: UpdateGuard) {
    coordinator = CollectionCoordinator(target: view, guard: check)
  }
  func show(_ sections: [DriftSection]) async {
    coordinator.update(sections: sections, animated: true)
    await coordinator.waitForBackgroundDiffs()
    await coordinator.waitForCallbacks()
  }
}

/// `UpdatePipeline` onto the view, whose data source is the pipeline's data.
@MainActor final class PipelineDrift: DriftEntry {
  let view = HeadlessCollectionView(CollectionModel(sections: [DriftSection]()))
  let pipeline: UpdatePipeline<[DriftSection], Never>
  init(_ check: UpdateGuard) {
    pipeline = UpdatePipeline(target: view, sections: [], guard: check)
    view.dataSource = { [weak pipeline] in pipeline?.data ?? [] }
  }
  func show(_ sections: [DriftSection]) async {
    _ = await pipeline.apply(sections)
  }
}

/// A `DiffableDataSource` wired to the view.
@MainActor final class DataSourceDrift: DriftEntry {
  let view = HeadlessCollectionView(CollectionModel(sections: [DriftSection]()))
  let dataSource: DiffableDataSource<HeadlessCollectionView<DriftSection>, Int, Int>
  init(_ check: UpdateGuard) {
    dataSource = DiffableDataSource(target: view)
    dataSource.updateGuard = check
    view.dataSource = { [weak dataSource] in
      (dataSource?.shownSections ?? []).map { section in
        DriftSection(
          model: section.model.identifier, elements: section.elements.map(\.identifier))
      }
    }
  }
  func show(_ sections: [DriftSection]) async {
    var snapshot = DiffableSnapshot<Int, Int>()
    for section in sections {
      try? snapshot.appendSections([section.model])
      try? snapshot.appendItems(section.elements, toSection: section.model)
    }
    dataSource.apply(snapshot, animatingDifferences: true, completion: nil)
  }
}

/// `reload(using:)` with the app's own array as the data source.
@MainActor final class ReloadDrift: DriftEntry {
  var sections: [DriftSection] = []
  let check: UpdateGuard
  lazy var view = HeadlessCollectionView(
    CollectionModel(sections: [DriftSection]()), dataSource: { [unowned self] in sections })
  init(_ check: UpdateGuard) { self.check = check }
  func show(_ next: [DriftSection]) async {
    view.reload(
      using: StagedChangeset(source: sections, target: next), guard: check,
      setData: { self.sections = $0 })
  }
}

@MainActor
@Suite("The guard checks what UIKit will read")
struct DataSourceDriftTests {
  enum Entry: String, CaseIterable { case coordinator, pipeline, dataSource, reload }

  func make(_ entry: Entry, _ check: UpdateGuard) -> any DriftEntry {
    switch entry {
    case .coordinator: CoordinatorDrift(check)
    case .pipeline: PipelineDrift(check)
    case .dataSource: DataSourceDrift(check)
    case .reload: ReloadDrift(check)
    }
  }

  /// The next sections: items inserted, deleted and moved (across sections too), sections
  /// inserted and deleted; identifiers unique, and never used again once deleted (an app's
  /// store gives new records new identifiers).
  static func next(
    after sections: [DriftSection], _ random: inout SplitMix64, fresh: inout Int
  ) -> [DriftSection] {
    var result = sections
    var freshSection = fresh
    fresh += 1
    for _ in 0..<Int(random.next() % 4) + 1 {
      switch random.next() % 6 {
      case 0 where result.count < 4:
        result.insert(
          DriftSection(model: freshSection, elements: []),
          at: Int(random.next() % UInt64(result.count + 1)))
        freshSection = fresh
        fresh += 1
      case 1 where result.count > 1:
        result.remove(at: Int(random.next() % UInt64(result.count)))
      case 2 where !result.isEmpty:
        let section = Int(random.next() % UInt64(result.count))
        if !result[section].elements.isEmpty {
          result[section].elements.remove(
            at: Int(random.next() % UInt64(result[section].elements.count)))
        }
      case 3 where !result.isEmpty:
        let from = Int(random.next() % UInt64(result.count))
        guard let item = result[from].elements.popLast() else { break }
        let to = Int(random.next() % UInt64(result.count))
        result[to].elements.insert(
          item, at: Int(random.next() % UInt64(result[to].elements.count + 1)))
      default:
        if result.isEmpty {
          result.append(DriftSection(model: freshSection, elements: []))
          freshSection = fresh
          fresh += 1
        }
        let section = Int(random.next() % UInt64(result.count))
        result[section].elements.insert(
          fresh, at: Int(random.next() % UInt64(result[section].elements.count + 1)))
        fresh += 1
      }
    }
    return result == sections
      ? sections + [DriftSection(model: freshSection, elements: [fresh])] : result
  }

  /// Sectioned sequences through each entry point; at a random step the data source's answer
  /// changes without an update. No block reaches the view that it refuses; the replayed log
  /// names the first block after the change, and the line of the call that made it; a
  /// sequence without a change replays clean. Some rings are small enough to wrap: what
  /// `onIncident` gets then starts at a keyframe and holds the incident's block.
  @Test(arguments: Entry.allCases)
  func noBlockReachesAViewThatRefusesIt(entry: Entry) async throws {
    let seeds = UInt64(toolTestSeeds(full: 24, reduced: 8))
    var named = 0
    for seed in 0..<seeds {
      var random = SplitMix64(seed: seed &* 31 &+ UInt64(entry.rawValue.count))
      let small = seed % 3 == 2
      let incidents = _Locked<[FlightRecorder.Incident]>([])
      let recorder = FlightRecorder(
        configuration: .init(byteBudget: small ? 700 : 256 * 1024),
        onIncident: { incident in incidents.withLock { $0.append(incident) } })
      let app = make(entry, UpdateGuard(recorder: recorder))
      let steps = 12
      let driftAt = seed % 4 == 0 ? nil : Int(random.next() % UInt64(steps - 2)) + 1
      var sections: [DriftSection] = []
      var fresh = 1
      var mark: Int?
      for step in 0..<steps {
        if step == driftAt {
          mark = recorder.records.last?.sequence ?? 0
          let drift = Drift(
            Drift.Kind.allCases[Int(random.next() % 4)], in: sections,
            pick: Int(random.next() % 64))
          let read = app.view.dataSource
          app.view.dataSource = { drift.apply(read()) }
        }
        sections = Self.next(after: sections, &random, fresh: &fresh)
        await app.show(sections)
        #expect(app.view.refusals.isEmpty, "seed \(seed) step \(step): \(app.view.refusals)")
      }
      let log = recorder.export()
      let replay = FlightLogReplay(try FlightLog.parse(Data(log.utf8)))
      if let mark {
        // The first block after the change, if the ring still holds it.
        let first = recorder.records.first { $0.sequence > mark && $0.kind == .block }
        if let first, recorder.records.first?.sequence ?? .max <= mark + 1 {
          #expect(replay.firstDisagreement?.record == first.sequence, "seed \(seed)")
          #expect(first.callSite?.fileID == "StagecraftToolTests/DataSourceDriftTests.swift")
          #expect(replay.firstDisagreement?.callSite == first.callSite?.description)
          named += 1
        }
        for incident in incidents.withLock({ $0 }) {
          let lines = incident.log.split(separator: "\n")
          #expect(lines.count >= 2 && lines[1].contains(#""kind":"keyframe""#), "seed \(seed)")
          #expect(lines.contains { $0.hasPrefix("{\"seq\":\(incident.record.sequence),") })
        }
      } else {
        #expect(replay.firstDisagreement == nil, "seed \(seed)")
        #expect(replay.verdictsAgree, "seed \(seed)")
        #expect(incidents.withLock { $0.isEmpty }, "seed \(seed)")
      }
    }
    #expect(named > 0)
  }

  /// An app that makes its own batch updates on a recording view (the diff's stages, as
  /// DifferenceKit makes them), whose data source drifts at a random step: every block the
  /// view would refuse is caught by the recording view's check of what the data source
  /// answers after it, reloaded instead, and the replay names the first block after the
  /// change.
  @Test func aRecordingViewCatchesWhatTheDataSourceAnswers() async throws {
    var named = 0
    for seed in 0..<UInt64(toolTestSeeds(full: 24, reduced: 8)) {
      var random = SplitMix64(seed: seed &* 17 &+ 3)
      let recorder = FlightRecorder()
      let recording = BatchUpdateRecording(guard: UpdateGuard(recorder: recorder))
      var data: [DriftSection] = []
      var drift: Drift?
      // The view's cached counts, and what its data source answers.
      var held: [Int] = []
      func answered() -> [Int] { (drift?.apply(data) ?? data).map(\.elements.count) }
      var fresh = 1
      let driftAt = seed % 4 == 0 ? nil : Int(random.next() % 10) + 1
      var mark: Int?
      for step in 0..<12 {
        if step == driftAt {
          mark = recorder.records.last?.sequence ?? 0
          drift = Drift(
            Drift.Kind.allCases[Int(random.next() % 4)], in: data, pick: Int(random.next() % 64))
        }
        let next = Self.next(after: data, &random, fresh: &fresh)
        for stage in StagedChangeset(source: data, target: next) {
          recording.beginBatch()
          recording.add(
            BatchUpdate(
              deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
              reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
              deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
              reloadItems: stage.elementUpdated, moveItems: stage.elementMoved))
          data = Array(stage.data)
          let after = answered()
          let decision = recording.endBatch(viewCounts: held, dataCounts: after)
          if case .raise = decision { Issue.record("seed \(seed): a block reached UIKit refused") }
          held = after
        }
      }
      let replay = FlightLogReplay(try FlightLog.parse(Data(recorder.export().utf8)))
      let first = mark.flatMap { mark in
        recorder.records.first {
          $0.sequence > mark && $0.kind == .block && $0.verdict != .performed
        }
      }
      #expect(replay.firstDisagreement?.record == first?.sequence, "seed \(seed)")
      if first != nil { named += 1 }
    }
    #expect(named > 0)
  }

  /// An empty-state section that the data source adds when the data is empty changes the
  /// data source's answer only with the new data, inside the block: the guard cannot see it
  /// before. It asks again once the data is set, and the view makes, instead of the planned
  /// calls, the block valid whatever the counts: no refusal, the block recorded as fallen
  /// back (an incident), the fallback reported once, and the view reloaded with the final
  /// data.
  @Test(arguments: Entry.allCases)
  func aChangeOnlyTheNewDataShowsIsCaughtInTheBlock(entry: Entry) async throws {
    let incidents = _Locked<[FlightRecorder.Incident]>([])
    let fallbacks = _Locked<[BatchUpdateFallback]>([])
    let recorder = FlightRecorder(onIncident: { incident in
      incidents.withLock { $0.append(incident) }
    })
    let app = make(
      entry,
      UpdateGuard(
        recorder: recorder,
        onFallback: { fallback in
          fallbacks.withLock { $0.append(fallback) }
        }))
    let full = [DriftSection(model: 1, elements: [1, 2]), DriftSection(model: 2, elements: [3])]
    await app.show(full)
    let read = app.view.dataSource
    app.view.dataSource = {
      let sections = read()
      // "Nothing here yet": a section of its own when every section is empty.
      return sections.allSatisfy(\.elements.isEmpty)
        ? sections + [DriftSection(model: -1, elements: [-1])] : sections
    }
    let empty = [DriftSection(model: 1, elements: []), DriftSection(model: 2, elements: [])]
    await app.show(empty)
    #expect(app.view.refusals.isEmpty)
    let fellBack = recorder.records.filter { $0.verdict == .fellBack(.dataSourceChanged) }
    #expect(fellBack.count == 1)
    #expect(incidents.withLock { $0.map(\.record.sequence) } == fellBack.map(\.sequence))
    #expect(fallbacks.withLock { $0.map(\.cause) } == [.dataSourceChanged])
    #expect(fallbacks.withLock { $0.first?.dataSourceItemCounts } == [0, 0, 1])
    // The view shows what the data source answers after the reload.
    #expect(app.view.model.sections.map(\.elements.count) == [0, 0, 1])
    let replay = FlightLogReplay(try FlightLog.parse(Data(recorder.export().utf8)))
    #expect(replay.firstDisagreement?.record == fellBack.first?.sequence)
  }

  /// Changes keyed by position (an item added to the third section, the first section
  /// removed), which move with the data: whether a block shows them depends on the data it
  /// sets, so the guard sees some only inside the block. No refusal, and the replay names the
  /// first block after the change.
  @Test(arguments: Entry.allCases)
  func positionalChangesAreCaughtToo(entry: Entry) async throws {
    var named = 0
    for seed in 0..<UInt64(toolTestSeeds(full: 40, reduced: 10)) {
      var random = SplitMix64(seed: seed &* 13 &+ 5)
      let recorder = FlightRecorder()
      let app = make(entry, UpdateGuard(recorder: recorder))
      var sections: [DriftSection] = []
      var fresh = 1
      let driftAt = Int(random.next() % 10) + 1
      var mark = 0
      for step in 0..<12 {
        if step == driftAt {
          mark = recorder.records.last?.sequence ?? 0
          let (kind, position) = (Int(random.next() % 4), Int(random.next() % 8))
          let read = app.view.dataSource
          app.view.dataSource = { Self.shifted(read(), kind: kind, position: position) }
        }
        sections = Self.next(after: sections, &random, fresh: &fresh)
        await app.show(sections)
        #expect(app.view.refusals.isEmpty, "seed \(seed) step \(step)")
      }
      let replay = FlightLogReplay(try FlightLog.parse(Data(recorder.export().utf8)))
      let first = recorder.records.first { $0.sequence > mark && $0.kind == .block }
      if let first {
        #expect(replay.firstDisagreement?.record == first.sequence, "seed \(seed)")
        named += 1
      }
    }
    #expect(named > 0)
  }

  /// `sections` with a change keyed by position: a section inserted at `position`, the
  /// section at `position` removed, an item added to it, or the first non-empty section's
  /// last item removed.
  static func shifted(_ sections: [DriftSection], kind: Int, position: Int) -> [DriftSection] {
    var sections = sections
    switch kind {
    case 0:
      sections.insert(
        DriftSection(model: -1, elements: [-1]), at: min(position, sections.count))
    case 1 where !sections.isEmpty: sections.remove(at: position % sections.count)
    case 2 where !sections.isEmpty: sections[position % sections.count].elements.append(-2)
    case 3:
      if let index = sections.indices.first(where: { !sections[$0].elements.isEmpty }) {
        sections[index].elements.removeLast()
      }
    default: break
    }
    return sections
  }

  /// A recorder that holds six random updates through `reload(using:)`.
  static func recordedLog(seed: UInt64) async -> FlightRecorder {
    let recorder = FlightRecorder()
    let app = ReloadDrift(UpdateGuard(recorder: recorder))
    var random = SplitMix64(seed: seed)
    var sections: [DriftSection] = []
    var fresh = 1
    for _ in 0..<6 {
      sections = next(after: sections, &random, fresh: &fresh)
      await app.show(sections)
    }
    return recorder
  }

  /// A log that went through a mail client or an editor (CRLF line endings, a byte-order
  /// mark, trailing whitespace) reads as the log itself.
  @Test func logsThroughMailAndEditorsRead() async throws {
    let recorder = await Self.recordedLog(seed: 5)
    let log = recorder.export()
    let original = try FlightLog.parse(Data(log.utf8))
    let mangled = "\u{FEFF}" + log.replacingOccurrences(of: "\n", with: " \t\r\n")
    let read = try FlightLog.parse(Data(mangled.utf8))
    #expect(read == original)
    #expect(read.records.count == recorder.records.count)
    let result = run("replay", "field.log", files: ["field.log": mangled])
    #expect(result.status == 0, "\(result.error)")
  }

  /// A record deleted from a log is named as missing, and is not taken for a change outside
  /// an update.
  @Test func aGapIsNamedAsMissingRecords() async throws {
    let recorder = await Self.recordedLog(seed: 8)
    var lines = recorder.export().split(separator: "\n", omittingEmptySubsequences: false)
    let removed = try #require(
      lines.indices.dropFirst(2).first { lines[$0].contains(#""kind":"block""#) })
    let sequence = recorder.records[removed - 1].sequence
    lines.remove(at: removed)
    let result = run("replay", "field.log", files: ["field.log": lines.joined(separator: "\n")])
    #expect(result.output.contains("record \(sequence) is missing from the log"))
    #expect(!result.output.contains("changed outside an update"))
  }
}

/// The seeds of a randomized tool test: all of them at full scale
/// (`STAGECRAFT_TEST_SCALE=full`), `reduced` in reduced runs, and a third of them otherwise.
func toolTestSeeds(full: Int, reduced: Int) -> Int {
  switch getenv("STAGECRAFT_TEST_SCALE").map({ String(cString: $0) }) {
  case "full": full
  case "reduced": reduced
  default: max(reduced, full / 3)
  }
}
