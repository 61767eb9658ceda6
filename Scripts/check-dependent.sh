#!/usr/bin/env bash
# An app's debug build of the package compiles none of the library's internal checks: builds
# Tests/Fixtures/Dependent (a package that depends on this checkout's StagecraftDiff product)
# in debug, as an app's build would, and reads `_stagecraftInternalChecksEnabled` from it.
# Then asks for the checks (STAGECRAFT_INTERNAL_CHECKS=1) and sees them on, so that the first
# answer is the setting's and not an accident of the fixture.
set -euo pipefail
cd "$(dirname "$0")/../Tests/Fixtures/Dependent"

run() { swift run --scratch-path "${TMPDIR:-/tmp}/stagecraft-dependent-$1" Dependent 2>/dev/null; }

plain=$(env -u STAGECRAFT_INTERNAL_CHECKS bash -c "$(declare -f run); run plain")
echo "a dependent's debug build: $plain"
[[ $plain == "internal checks: false, stages: 1" ]] || {
  echo "error: a dependent's debug build compiles the internal checks" >&2
  exit 1
}
asked=$(STAGECRAFT_INTERNAL_CHECKS=1 bash -c "$(declare -f run); run asked")
echo "asked for (STAGECRAFT_INTERNAL_CHECKS=1): $asked"
[[ $asked == "internal checks: true, stages: 1" ]] || {
  echo "error: STAGECRAFT_INTERNAL_CHECKS=1 does not turn the checks on" >&2
  exit 1
}
# The StagecraftDiff product is the diff alone: the dependent's build compiled no other layer.
modules=$(ls "${TMPDIR:-/tmp}/stagecraft-dependent-plain/debug/Modules" | sed -n 's/\.swiftmodule$//p')
others=$(echo "$modules" | grep '^Stagecraft' | grep -vx StagecraftDiff || true)
[[ -z $others ]] || {
  echo "error: the StagecraftDiff product built other layers too: $others" >&2
  exit 1
}
echo "the StagecraftDiff product built only: $(echo $modules | tr '\n' ' ')"
