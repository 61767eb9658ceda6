#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's docc and fails on any warning. Output:
# .build/docs (a static site archive).
#
# Users see one module, `Stagecraft`, which re-exports the library's layers; DocC documents
# one module per catalog. So the layers' sources are compiled here as that one module (their
# imports of each other dropped) to produce its symbol graph.
set -euo pipefail
cd "$(dirname "$0")/.."
work=.build/docs-module
graphs=.build/symbol-graphs
rm -rf "$work" "$graphs" .build/docs
mkdir -p "$work" "$graphs"
for module in StagecraftDiff StagecraftReplay StagecraftModel StagecraftGuard StagecraftSnapshots \
  StagecraftPlatforms StagecraftPipeline StagecraftCoordinator; do
  find "Sources/$module" -name '*.swift' | while read -r file; do
    grep -vE '^ *import Stagecraft(Diff|Replay|Model|Guard|Snapshots|Platforms|Pipeline|Coordinator)$' \
      "$file" \
      > "$work/${module}_$(basename "$file")"
  done
done
swiftc -swift-version 6 -parse-as-library -module-name Stagecraft -package-name stagecraft \
  -emit-module -emit-module-path "$work/Stagecraft.swiftmodule" \
  -emit-symbol-graph -emit-symbol-graph-dir "$graphs" \
  -symbol-graph-minimum-access-level public "$work"/*.swift
# Keep only the library's own graph (and its extensions of the standard library).
find "$graphs" -name '*.symbols.json' ! -name 'Stagecraft*' -delete
docc convert Sources/Stagecraft/Stagecraft.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Stagecraft \
  --fallback-bundle-identifier org.stagecraft.Stagecraft \
  --output-path .build/docs \
  --warnings-as-errors
echo "documentation built in .build/docs"
