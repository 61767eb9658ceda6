#!/usr/bin/env bash
# prepare.sh SDK OUT: copies the iOS SDK at SDK into OUT/<name>, makes it usable by this
# machine's Swift compiler, and prints the copy's path. The SDK itself is never changed (the
# shared one is read-only).
#
# - Links: a checkout that cannot hold symbolic links stores each as a file holding its target
#   (usr/include/pthread.h holds "pthread/pthread.h"); the copy makes them links again.
# - A Swift 5.x SDK (16.5) gets the declarations of additions/*.swiftinterface appended to the
#   module interface of the same name, and the one inlinable body that a Swift 6.3 compiler
#   rejects (SwiftUI's Environment.wrappedValue) neutralized. README.md beside this script
#   states each change and where Apple's newer declaration was read. A Swift 6 SDK is copied
#   as it is.
# The copy is remade when the SDK or this folder changes.
set -euo pipefail
sdk=$(cd "$1" && pwd)
out=$2
here=$(cd "$(dirname "$0")" && pwd)
copy=$out/$(basename "$sdk")
stamp=$(printf '%s\n' "$sdk" | cat - "$here"/prepare.sh "$here"/additions/* | cksum)
if [[ -f $copy/.stagecraft-stamp && $(cat "$copy/.stagecraft-stamp") == "$stamp" ]]; then
  echo "$copy"
  exit 0
fi
rm -rf "$copy" "$out/cache"
mkdir -p "$out"
cp -R "$sdk" "$copy"
chmod -R u+w "$copy"

# Links stored as files: a file of one line, no newline, naming an existing path beside it.
while IFS= read -r -d '' file; do
  target=$(cat "$file")
  [[ $target == *$'\n'* || -z $target ]] && continue
  if [[ -e $(dirname "$file")/$target ]]; then
    rm -f "$file"
    ln -s "$target" "$file"
  fi
done < <(find "$copy" -type f -size -256c -print0)

swift_lib=$copy/usr/lib/swift
stdlib_interface=$(ls "$swift_lib"/Swift.swiftmodule/*.swiftinterface | head -1)
if grep -q '^// swift-compiler-version: Apple Swift version 5\.' "$stdlib_interface"; then
  for addition in "$here"/additions/*.swiftinterface; do
    module=$(basename "$addition" .swiftinterface)
    for interface in "$swift_lib/$module.swiftmodule/"*.swiftinterface; do
      { echo; cat "$addition"; } >> "$interface"
    done
  done
  # SwiftUI's Environment.wrappedValue (an @inlinable body) logs with os_log and an
  # interpolation, which Swift 6.3 rejects ("string interpolation cannot be used in this
  # context"), so that `import SwiftUI` fails. The interpolated branch's message is made the
  # static one of its else branch; the declaration is unchanged.
  swiftui=$copy/System/Library/Frameworks/SwiftUI.framework/Modules/SwiftUI.swiftmodule
  for interface in "$swiftui"/*.swiftinterface; do
    sed -i.orig -e "s/Accessing Environment<\\\\(Value.self)>'s value outside of/Accessing Environment's value outside of/" "$interface"
    rm -f "$interface.orig"
    if grep -q 'Environment<\\(Value.self)>' "$interface"; then
      echo "error: SwiftUI's Environment.wrappedValue was not neutralized in $interface" >&2
      exit 1
    fi
  done
fi
echo "$stamp" > "$copy/.stagecraft-stamp"
echo "$copy"
