#!/usr/bin/env bash
# Records the golden outputs the refactoring issues are checked against (tests/golden.rs compares).
# Usage: tests/golden/record.sh [path/to/sattar]   (default: target/release/sattar)
# Timings (`ms`, `seconds`) are stripped; everything else must stay byte for byte.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${1:-target/release/sattar}
G=tests/golden
strip() { python3 "$G/strip.py"; }
faults=$("$B" faults --format json | python3 -c 'import json,sys; print(" ".join(f["id"] for f in json.load(sys.stdin)))')
rm -rf "$G/out/core" "$G/out/check" "$G/out/localize" "$G/out/parse" && mkdir -p "$G/out/core" "$G/out/check" "$G/out/localize" "$G/out/parse"
"$B" eval --format csv --threads 1 | cut -d, -f1-8 > "$G/out/eval.csv"
"$B" eval --format csv --threads 1 --faults 'bst.*' --runs 3 --seed 7 --formula ochiai | cut -d, -f1-8 > "$G/out/eval_bst_ochiai.csv"
for f in $faults; do
  "$B" core --fault "$f" --format json | strip > "$G/out/core/$f.json"
  "$B" core --fault "$f" --relaxed --order constraints --format json | strip > "$G/out/core/$f.relaxed.json"
  "$B" check --fault "$f" --format json | strip > "$G/out/check/$f.json" || true
  "$B" localize --fault "$f" --engine interp --session "$G/out/localize/$f.jsonl" --format json | strip > "$G/out/localize/$f.json"
  "$B" parse --fault "$f" --format json > "$G/out/parse/$f.json"
done
"$B" check java-subjects/bst/BinarySearchTree.java --method add --spec specs/bst.spec --ensures postcond1 --scope 3 --format json | strip > "$G/out/check/bst.correct.json" || true
"$B" check java-subjects/linkedlist/LinkedList.java --method delete --spec specs/linkedlist.spec --ensures postcond1 --scope 3 --format json | strip > "$G/out/check/sll.correct.json" || true
