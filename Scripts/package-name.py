#!/usr/bin/env python3
"""Prints the -package-name SwiftPM passes to this package's targets (its identity, after the
checkout's folder), read from .build/debug/description.json; the folder's name, lowercased,
when there is no build yet. Scripts/check-platforms.sh and Scripts/check-apple-sdk.sh compile
the modules outside SwiftPM with it, so that they see the package's own declarations as in a
build."""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def find(node):
    if isinstance(node, list):
        for index, value in enumerate(node):
            if value == "-package-name" and index + 1 < len(node):
                return node[index + 1]
            found = find(value)
            if found:
                return found
    elif isinstance(node, dict):
        for value in node.values():
            found = find(value)
            if found:
                return found
    return None


description = os.path.join(ROOT, ".build", "debug", "description.json")
name = None
if os.path.exists(description):
    with open(description) as file:
        name = find(json.load(file))
print(name or os.path.basename(ROOT).lower())
sys.exit(0)
