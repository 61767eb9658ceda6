#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (diff, model, validation, and log: the flight-log reader
# of `stagecraft replay`) and runs each for SECONDS
# (default 60), starting from the seed corpus in Fuzz/Corpus. The library's modules and the test-support module
# are compiled as they are in a build, one module each, with -sanitize=fuzzer,address and
# the internal invariant checks; each target links them. A crash leaves its input in
# .fuzz/ and fails the run.
#
#   Scripts/fuzz.sh [SECONDS]
set -euo pipefail
seconds="${1:-60}"
# libFuzzer reports a crash itself; Swift's backtracer, symbolicating under the address
# sanitizer, can hang instead of letting the run end.
export SWIFT_BACKTRACE=enable=no
cd "$(dirname "$0")/.."
out=.fuzz/build
rm -rf "$out"
mkdir -p "$out"
flags=(-O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name stagecraft
  -D STAGECRAFT_INTERNAL_CHECKS -I "$out")

# ld.gold warns about every sanitizer symbol it cannot export; keep the log, show errors.
run() {  # run LOG COMMAND...
  local log=$1
  shift
  if ! "$@" > "$log" 2>&1; then
    grep -v "Cannot export local symbol" "$log"
    exit 1
  fi
}

objects=()
for module in StagecraftDiff StagecraftReplay StagecraftModel StagecraftGuard StagecraftSnapshots \
  StagecraftPlatforms StagecraftPipeline StagecraftCoordinator StagecraftSwiftUI Stagecraft \
  StagecraftTestSupport StagecraftTool; do
  echo "==> building $module"
  mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
  run "$out/$module.log" swiftc "${flags[@]}" -c -wmo -module-name "$module" \
    -emit-module -emit-module-path "$out/$module.swiftmodule" "${sources[@]}" -o "$out/$module.o"
  objects+=("$out/$module.o")
done

for target in diff model validation log; do
  case "$target" in
    diff) file=Fuzz/FuzzDiff.swift ;;
    model) file=Fuzz/FuzzModel.swift ;;
    validation) file=Fuzz/FuzzValidation.swift ;;
    log) file=Fuzz/FuzzLog.swift ;;
  esac
  echo "==> building fuzz-$target"
  run "$out/fuzz-$target.log" swiftc "${flags[@]}" -module-name "Fuzz$target" \
    Fuzz/FuzzSupport.swift "$file" "${objects[@]}" -o ".fuzz/fuzz-$target"
  mkdir -p ".fuzz/corpus-$target"
  echo "==> running fuzz-$target for ${seconds}s"
  ".fuzz/fuzz-$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
    -artifact_prefix=".fuzz/crash-$target-" ".fuzz/corpus-$target" "Fuzz/Corpus/$target" \
    2>&1 | tee ".fuzz/fuzz-$target.log" | grep -E "^(stat::|#[0-9]+ +DONE|==|SUMMARY|Done)" || true
  if grep -qE "ERROR: libFuzzer|deadly signal|SUMMARY: AddressSanitizer" ".fuzz/fuzz-$target.log"; then
    echo "fuzz-$target found a failure; see .fuzz/fuzz-$target.log and .fuzz/crash-$target-*"
    exit 1
  fi
done
