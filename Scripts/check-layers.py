#!/usr/bin/env python3
"""Checks that the library's layers point down: Package.swift's header lists the layers in
order, and every library target may depend only on layers listed before it. Also checks that
every dependency a target declares is imported by one of its files (an unused dependency
goes). Reads the targets from `swift package dump-package`."""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def layers():
    """The layers, in order, from Package.swift's header (`//   1 StagecraftDiff ...`)."""
    with open(os.path.join(ROOT, "Package.swift")) as manifest:
        found = re.findall(r"^//\s+(\d+)\s+(Stagecraft\w+)", manifest.read(), re.M)
    return [name for _, name in sorted(found, key=lambda entry: int(entry[0]))]


def targets():
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True,
        text=True).stdout
    result = {}
    for target in json.loads(dump)["targets"]:
        names = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        result[target["name"]] = (target.get("type"), names)
    return result


def imports(target):
    folder = os.path.join(ROOT, "Sources", target)
    found = set()
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(base, name)) as source:
                    found |= set(re.findall(r"^\s*(?:@_exported\s+)?import\s+(\w+)", source.read(),
                                            re.M))
    return found


def main():
    order = layers()
    problems = []
    if len(order) < 2:
        problems.append("Package.swift's header lists no layers")
    all_targets = targets()
    for index, layer in enumerate(order):
        if layer not in all_targets:
            problems.append(f"{layer}: in the header, not a target")
            continue
        _, dependencies = all_targets[layer]
        for dependency in dependencies:
            if dependency not in order:
                problems.append(f"{layer} depends on {dependency}, which is no layer")
            elif order.index(dependency) >= index:
                problems.append(
                    f"{layer} (layer {index + 1}) depends on {dependency} "
                    f"(layer {order.index(dependency) + 1}): a dependency points up")
    for name, (kind, dependencies) in sorted(all_targets.items()):
        if kind not in ("regular", "executable") or not dependencies:
            continue
        used = imports(name)
        for dependency in dependencies:
            if dependency not in used:
                problems.append(f"{name} depends on {dependency} and never imports it")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"{len(order)} layers point down: {' -> '.join(order)}; every dependency is imported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
