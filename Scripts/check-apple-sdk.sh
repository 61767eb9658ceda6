#!/usr/bin/env bash
# Type-checks every library module, the app code in Tests/PlatformStubs/Usage and the
# documentation's view-controller and SwiftUI snippets against Apple's iOS SDK, for
# arm64-apple-ios<floor>, where <floor> is the iOS version Package.swift declares: Swift 6 mode,
# -package-name, SwiftPM's defines, warnings as errors. Nothing is linked or run.
#
# The SDK: $APPLE_SDK, else `xcrun --sdk iphoneos --show-sdk-path` on a Mac, else
# ../shared/apple-sdk/iPhoneOS16.5.sdk beside the checkout. With none, the check says so and
# skips, except under CI=true, where no SDK is a failure.
#
# A 5.8-era SDK (16.5) lacks declarations that a Swift 6.3 compiler needs: the SDK is copied
# into .build/apple-sdk and Scripts/apple-sdk/prepare.sh adds them there, each as Apple's newer
# SDK declares it (Scripts/apple-sdk/README.md lists them with their sources). A current SDK is
# used as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
shared=$root/../shared/apple-sdk

sdk=${APPLE_SDK:-}
if [[ -z $sdk ]] && command -v xcrun >/dev/null 2>&1; then
  sdk=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null || true)
fi
if [[ -z $sdk && -d $shared/iPhoneOS16.5.sdk ]]; then sdk=$shared/iPhoneOS16.5.sdk; fi
if [[ -z $sdk || ! -d $sdk ]]; then
  if [[ ${CI:-} == true ]]; then
    echo "error: no iOS SDK (set APPLE_SDK, install Xcode, or provide ../shared/apple-sdk)" >&2
    exit 1
  fi
  echo "no iOS SDK here (APPLE_SDK, xcrun, ../shared/apple-sdk): the Apple SDK check is skipped"
  exit 0
fi

# The floor: the iOS version in Package.swift's `platforms:` (`.iOS(.v15)` -> 15.0).
floor=$(sed -nE 's/.*\.iOS\(\.v([0-9]+)(_([0-9]+))?\).*/\1.\3/p' Package.swift | head -1)
floor=${floor%.}
[[ $floor == *.* ]] || floor=$floor.0
[[ -n $floor ]] || { echo "error: Package.swift declares no iOS platform" >&2; exit 1; }
target=arm64-apple-ios$floor
echo "SDK: $sdk"
echo "target: $target (the floor Package.swift declares)"

out=$root/.build/apple-sdk
mkdir -p "$out"
prepared=$(Scripts/apple-sdk/prepare.sh "$sdk" "$out")

# The compiler: on a Mac, Xcode's; on Linux, this toolchain through the shared SDK's wrapper
# (a resource folder without the Linux modules, and the API notes Apple's toolchains ship).
if [[ $(uname) == Darwin ]]; then
  compiler=(xcrun --sdk iphoneos swiftc -target "$target" -sdk "$prepared")
elif [[ -x $shared/swiftc-apple ]]; then
  export APPLE_SDK=$prepared APPLE_TARGET=$target APPLE_MODULE_CACHE=$out/cache/$target
  compiler=("$shared/swiftc-apple")
else
  echo "error: no compiler for the iOS SDK on $(uname) (../shared/apple-sdk/swiftc-apple)" >&2
  exit 1
fi

# -package-name: the package's identity, as SwiftPM passes it (the checkout's folder).
package_name=$(python3 Scripts/package-name.py)

modules=$out/modules/$target
rm -rf "$modules"
mkdir -p "$modules"
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -D SWIFT_PACKAGE -D DEBUG)

# Each library module in dependency order, as the debug build compiles it: the targets with
# Package.swift's `checks` settings get STAGECRAFT_INTERNAL_CHECKS.
for module in StagecraftDiff StagecraftReplay StagecraftModel StagecraftGuard \
  StagecraftSnapshots StagecraftPipeline StagecraftCoordinator StagecraftPlatforms \
  StagecraftSwiftUI Stagecraft; do
  defines=()
  case $module in
    StagecraftSwiftUI | Stagecraft) ;;
    *) defines=(-D STAGECRAFT_INTERNAL_CHECKS) ;;
  esac
  echo "==> $module"
  "${compiler[@]}" "${flags[@]}" "${defines[@]}" -package-name "$package_name" -wmo \
    -emit-module -module-name "$module" -I "$modules" \
    -emit-module-path "$modules/$module.swiftmodule" \
    $(find "Sources/$module" -name '*.swift' | sort)
done

# The app code: outside the package, it sees only the public API. Each file alone (a port is
# one app's code), then all of them together (names must not clash in one target).
echo "==> app code (Tests/PlatformStubs/Usage) against the SDK"
shopt -s nullglob
files=(Tests/PlatformStubs/Usage/*.swift)
for file in "${files[@]}"; do
  echo "    $file"
  "${compiler[@]}" -swift-version 6 -parse-as-library -warnings-as-errors -typecheck \
    -module-name AppUsage -I "$modules" "$file"
done
"${compiler[@]}" -swift-version 6 -parse-as-library -warnings-as-errors -typecheck \
  -module-name AppUsage -I "$modules" "${files[@]}"
# What Scripts/api.py needs to read the UIKit modules' API from this build: the modules'
# folder, then the digester's flags, one a line.
if [[ $(uname) != Darwin ]]; then
  printf '%s\n' "$modules" -sdk "$prepared" -target "$target" \
    -resource-dir "${TMPDIR:-/tmp}/swiftc-apple-resources" \
    -module-cache-path "$APPLE_MODULE_CACHE" > "$out/digester-flags"
else
  printf '%s\n' "$modules" -sdk "$prepared" -target "$target" > "$out/digester-flags"
fi
echo "every library module, port and snippet type-checks against $(basename "$sdk") for $target"
