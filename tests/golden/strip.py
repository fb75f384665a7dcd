"""Reads JSON on stdin, drops timing fields (`ms`, `core_ms`, `seconds`, `wall`) recursively, prints it sorted."""
import json
import sys

TIMING = {"ms", "core_ms", "seconds", "wall", "wall_seconds"}


def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in TIMING}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


print(json.dumps(strip(json.load(sys.stdin)), indent=1, sort_keys=True))
