#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's docc, from the library's symbol graph,
# and fails on any warning. Output: .build/docs (a static site archive).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
rm -rf "$graphs" .build/docs
mkdir -p "$graphs"
swift build --target Stagecraft \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
# Keep only the library's own graph (and its extensions of other modules).
find "$graphs" -name '*.symbols.json' ! -name 'Stagecraft*' -delete
docc convert Sources/Stagecraft/Stagecraft.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Stagecraft \
  --fallback-bundle-identifier org.stagecraft.Stagecraft \
  --output-path .build/docs \
  --warnings-as-errors
echo "documentation built in .build/docs"
