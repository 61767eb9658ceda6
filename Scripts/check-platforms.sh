#!/usr/bin/env bash
# Type-checks the UIKit, UITableView and AppKit adapters and the SwiftUI collection on Linux
# against stubs of exactly the declarations they use (Tests/PlatformStubs), then the app code
# that calls them
# (Tests/PlatformStubs/Usage*, and the documentation's view-controller snippets that
# Scripts/doctests.py extracts), with warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target Stagecraft >/dev/null
modules=.build/debug/Modules
out=.build/platform-check
rm -rf "$out"
# SwiftPM builds every target with -package-name; so do these, with the same name (the
# package's identity, after the folder of the checkout), so that the adapters' conformances of
# UIKit types to StagecraftReplay's protocol are non-retroactive and the shell sees the
# package's own declarations, as in a build.
package_name=$(python3 Scripts/package-name.py)
flags=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name "$package_name")

check() {  # check FRAMEWORK USAGE_DIR [SHELL_FRAMEWORK SHELL_MODULE]
  local framework=$1 usage=$2 dir="$out/$1"
  mkdir -p "$dir"
  echo "==> $framework stub"
  swiftc "${flags[@]}" -emit-module -module-name "$framework" \
    -emit-module-path "$dir/$framework.swiftmodule" "Tests/PlatformStubs/$framework.swift"
  echo "==> StagecraftPlatforms against the $framework stub"
  swiftc "${flags[@]}" -emit-module -module-name StagecraftPlatforms -I "$dir" -I "$modules" \
    -emit-module-path "$dir/StagecraftPlatforms.swiftmodule" \
    $(find Sources/StagecraftPlatforms -name '*.swift' | sort)
  if [[ $# -ge 4 ]]; then
    # The SwiftUI shell, against the SwiftUI stub (which re-exports the UIKit stub).
    echo "==> $3 stub, and $4 against it"
    swiftc "${flags[@]}" -emit-module -module-name "$3" -I "$dir" \
      -emit-module-path "$dir/$3.swiftmodule" "Tests/PlatformStubs/$3.swift"
    swiftc "${flags[@]}" -emit-module -module-name "$4" -I "$dir" -I "$modules" \
      -emit-module-path "$dir/$4.swiftmodule" $(find "Sources/$4" -name '*.swift' | sort)
  fi
  swiftc "${flags[@]}" -emit-module -module-name Stagecraft -I "$dir" -I "$modules" \
    -emit-module-path "$dir/Stagecraft.swiftmodule" Sources/Stagecraft/*.swift
  echo "==> app code against the $framework stub"
  shopt -s nullglob
  # Swift on Linux has no Objective-C interop, so it rejects `@IBOutlet`, `@IBAction` and
  # `@objc`: the app code is checked from a copy without those attributes, and everything
  # else in each declaration (its type, its signature, its use) is checked as written.
  local copy="$dir/usage"
  mkdir -p "$copy"
  for file in "$usage"/*.swift; do
    sed -E 's/@(IBOutlet|IBAction|objc)( |$)//g' "$file" > "$copy/$(basename "$file")"
  done
  local files=("$copy"/*.swift)
  # App code is outside the package: it sees only the public API.
  swiftc -swift-version 6 -parse-as-library -warnings-as-errors -typecheck \
    -module-name "${framework}Usage" -I "$dir" -I "$modules" "${files[@]}"
}

check UIKit Tests/PlatformStubs/Usage SwiftUI StagecraftSwiftUI
# tvOS: the UIKit stub without what tvOS lacks (API_UNAVAILABLE(tvos) in UIKit's headers), and
# the SwiftUI module, which declares tvOS 16, against it.
echo "==> StagecraftSwiftUI against the UIKit stub as tvOS has it"
tv="$out/tvOS"
mkdir -p "$tv"
swiftc "${flags[@]}" -D STAGECRAFT_TVOS_CHECK -emit-module -module-name UIKit \
  -emit-module-path "$tv/UIKit.swiftmodule" Tests/PlatformStubs/UIKit.swift
swiftc "${flags[@]}" -emit-module -module-name StagecraftPlatforms -I "$tv" -I "$modules" \
  -emit-module-path "$tv/StagecraftPlatforms.swiftmodule" \
  $(find Sources/StagecraftPlatforms -name '*.swift' | sort)
swiftc "${flags[@]}" -emit-module -module-name SwiftUI -I "$tv" \
  -emit-module-path "$tv/SwiftUI.swiftmodule" Tests/PlatformStubs/SwiftUI.swift
swiftc "${flags[@]}" -D STAGECRAFT_TVOS_CHECK -emit-module -module-name StagecraftSwiftUI \
  -I "$tv" -I "$modules" -emit-module-path "$tv/StagecraftSwiftUI.swiftmodule" \
  $(find Sources/StagecraftSwiftUI -name '*.swift' | sort)
check AppKit Tests/PlatformStubs/UsageAppKit
echo "platform adapters type-check"
