#!/usr/bin/env python3
"""The public API of the Stagecraft product, one line per declaration, checked against the
baseline in api/Stagecraft.api.

The declarations come from swift-api-digester's dump of each library module, as the
compiler sees them: the modules that build on Linux from .build/debug/Modules (run
`swift build` first), the UIKit modules from the build Scripts/check-apple-sdk.sh makes
against Apple's iOS SDK, and the AppKit one from the build Scripts/check-platforms.sh makes
against the AppKit stub (run both first). Every public declaration is listed, underscored
or not: an underscored one reaches users as any other does (a requirement's default, a
member a conformance adds), so a change to it is a change to the API.

  Scripts/api.py            compare with the baseline; exit 1, with the diff, on a change
  Scripts/api.py --update   write the baseline (a reviewed change to the public API)
"""
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "api", "Stagecraft.api")
LINUX = ["StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard",
         "StagecraftSnapshots", "StagecraftPipeline", "StagecraftCoordinator"]
# The modules whose public declarations exist only where UIKit or AppKit does, from the
# platform check's builds against the stubs.
PLATFORM = [("UIKit", "StagecraftPlatforms"), ("UIKit", "StagecraftSwiftUI"),
            ("AppKit", "StagecraftPlatforms")]
KINDS = {"TypeDecl", "Function", "Var", "Constructor", "TypeAlias", "AssociatedType",
         "Subscript", "EnumElement", "OperatorDecl"}
# Attributes that say something to a caller; the rest (storage, inlining, transparency)
# are implementation.
ATTRIBUTES = {"Final", "DiscardableResult", "Available", "Preconcurrency", "Rethrows",
              "Required", "Convenience", "Override", "Dynamic", "Lazy", "NonObjC", "Nonisolated",
              "Consuming", "Borrowing"}


def dump(module, include, extra=()):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        command = ["swift-api-digester", "-dump-sdk", "-module", module, "-o", out.name]
        command += list(extra)
        for path in include:
            command += ["-I", path]
        subprocess.run(command, check=True, capture_output=True)
        with open(out.name) as file:
            return json.load(file)["ABIRoot"]


def signature(node):
    kind = node.get("kind")
    types = [c.get("printedName", "") for c in node.get("children", [])
             if c.get("kind", "").startswith("Type")]
    if kind in ("Function", "Constructor", "Subscript") and types:
        return "(" + ", ".join(types[1:]) + ") -> " + types[0]
    if kind == "Var":
        accessors = [a.get("accessorKind", "") for a in node.get("accessors", [])]
        settable = "set" in accessors or "modify" in accessors or "_modify" in accessors
        vtype = types[0] if types else ""
        if not vtype and node.get("accessors"):
            getter = node["accessors"][0]
            vtype = next((c.get("printedName", "") for c in getter.get("children", [])), "")
        return vtype + (" { get set }" if settable else " { get }")
    if kind == "TypeAlias" and types:
        return "= " + types[0]
    return ""


def package_protocols():
    """The protocols the package declares `package`: a public type's conformance to one is
    not API (clients cannot name it), though the digester lists it."""
    names = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name)) as file:
                    names.update(re.findall(r"^\s*package protocol (\w+)", file.read(), re.M))
    return names


PACKAGE_PROTOCOLS = package_protocols()


def lines_of(node, module, parents, out):
    kind = node.get("kind")
    name = node.get("name", "")
    hidden = node.get("isInternal") or node.get("implicit")
    if kind in KINDS and not hidden:
        path = ".".join(parents + [node.get("printedName", name)])
        parts = [module, node.get("declKind", kind), path]
        sig = signature(node)
        if sig:
            parts.append(": " + sig)
        if node.get("genericSig"):
            parts.append(node["genericSig"])
        details = []
        if node.get("static"):
            details.append("static")
        if node.get("isThrowing"):
            details.append("throws")
        if node.get("isOpen"):
            details.append("open")
        if node.get("funcSelfKind") == "Mutating":
            details.append("mutating")
        details += sorted(a for a in node.get("declAttributes", []) if a in ATTRIBUTES)
        if kind == "TypeDecl":
            conformances = sorted(c.get("printedName", "") for c in node.get("conformances", [])
                                  if c.get("printedName", "") not in PACKAGE_PROTOCOLS)
            if conformances:
                details.append("conforms to " + ", ".join(conformances))
        if details:
            parts.append("[" + "; ".join(details) + "]")
        out.add(" ".join(parts))
    if kind in ("Root", "TypeDecl") or kind is None:
        nested = parents if kind in ("Root", None) else parents + [name]
        if not hidden:
            for child in node.get("children", []):
                lines_of(child, module, nested, out)


def current():
    out = set()
    modules = os.path.join(ROOT, ".build", "debug", "Modules")
    for module in LINUX:
        lines_of(dump(module, [modules]), module, [], out)
    # The SDK build's modules and the digester's flags for it, which check-apple-sdk.sh
    # writes (the SDK copy, the target, the resource and module-cache folders).
    sdk_flags = os.path.join(ROOT, ".build", "apple-sdk", "digester-flags")
    for framework, module in PLATFORM:
        tag = f"{module}({framework})"
        if framework == "UIKit":
            if not os.path.exists(sdk_flags):
                sys.exit("api.py: no build against Apple's iOS SDK: run Scripts/check-apple-sdk.sh "
                         "first")
            with open(sdk_flags) as file:
                flags = file.read().split("\n")
            folder, extra = flags[0], [flag for flag in flags[1:] if flag]
            lines_of(dump(module, [folder], extra), tag, [], out)
            continue
        folder = os.path.join(ROOT, ".build", "platform-check", framework)
        if not os.path.exists(os.path.join(folder, module + ".swiftmodule")):
            sys.exit(f"api.py: no {module} built against the {framework} stub: run "
                     "Scripts/check-platforms.sh first")
        lines_of(dump(module, [folder, modules]), tag, [], out)
    return sorted(out)


def main():
    lines = current()
    text = "\n".join(lines) + "\n"
    if "--update" in sys.argv:
        os.makedirs(os.path.dirname(BASELINE), exist_ok=True)
        with open(BASELINE, "w") as file:
            file.write(text)
        print(f"api.py: wrote {len(lines)} declarations to api/Stagecraft.api")
        return
    try:
        with open(BASELINE) as file:
            baseline = file.read()
    except FileNotFoundError:
        sys.exit("api.py: no baseline: run Scripts/api.py --update")
    if baseline == text:
        print(f"api.py: the public API matches the baseline ({len(lines)} declarations)")
        return
    diff = difflib.unified_diff(baseline.splitlines(), lines, "api/Stagecraft.api (baseline)",
                                "the build", lineterm="")
    print("\n".join(diff))
    print("api.py: the public API differs from api/Stagecraft.api. If the change is meant, "
          "review it, run Scripts/api.py --update and commit the baseline with it, and say "
          "it in the CHANGELOG.")
    sys.exit(1)


if __name__ == "__main__":
    main()
