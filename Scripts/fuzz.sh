#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (each compiled with the library's sources into one
# module, with -sanitize=fuzzer,address) and runs each for SECONDS (default 60), starting
# from the seed corpus in Fuzz/Corpus. A crash leaves its input in .fuzz/ and fails the run.
#
#   Scripts/fuzz.sh [SECONDS]
set -euo pipefail
seconds="${1:-60}"
cd "$(dirname "$0")/.."
mkdir -p .fuzz
mapfile -t library < <(find Sources/Stagecraft -name '*.swift' | sort)
for target in diff model; do
  case "$target" in
    diff) file=Fuzz/FuzzDiff.swift ;;
    model) file=Fuzz/FuzzModel.swift ;;
  esac
  echo "==> building fuzz-$target"
  # ld.gold warns about every sanitizer symbol it cannot export; keep the log, show errors.
  if ! swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name StagecraftFuzz \
    -D STAGECRAFT_INTERNAL_CHECKS "${library[@]}" Fuzz/FuzzSupport.swift "$file" \
    -o ".fuzz/fuzz-$target" > ".fuzz/build-$target.log" 2>&1; then
    grep -v "Cannot export local symbol" ".fuzz/build-$target.log"
    exit 1
  fi
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
