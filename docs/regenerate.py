#!/usr/bin/env python3
"""Regenerates every `sattar eval` table of docs/EVALUATION.md (and README.md) from scratch.

Usage (from the repository root, after `cargo build --release`):

    python3 docs/regenerate.py [--threads N] [--sattar PATH] [--check] [--only TEXT]

Each generated table in EVALUATION.md and README.md follows a marker line

    <!-- sattar eval ARGS :: SECTION -->

naming the `sattar eval` arguments and the section of its markdown output the table is
(`Single faults`, `Statistics over faults`, `Restricted variants`, `Multiple faults`, `Mutants`,
`Mutants: statistics over mutants`, `Mutants: Top-1 per operator`, `Mutants: omissions`, `Times`:
the first table under the `###` or `####` heading that starts so). The script runs each distinct command once
(with `--threads N`, default 2), replaces every marked table with what it printed, writes each
command's per-case rows as JSON to docs/evaluation/ (`--raw`), and the versions of sattar, the
SAT solver and the JDK to docs/evaluation/VERSIONS. With `--check` it writes nothing and exits 1
if a table other than a `Times` table (timings are never the same twice) would change. With
`--only TEXT` it runs only the commands whose arguments contain TEXT and leaves every other
table (and raw file) as it is.
"""

import argparse
import hashlib
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = [os.path.join(ROOT, "docs", "EVALUATION.md"), os.path.join(ROOT, "README.md")]
RAW = os.path.join(ROOT, "docs", "evaluation")
MARK = re.compile(r"^<!-- sattar eval (.*) :: (.+?) -->$")


def tables_of(markdown):
    """Every `###` or `####` heading of eval's markdown with the first table under it."""
    out, heading, state = {}, None, "none"
    for line in markdown.splitlines():
        if line.startswith("### ") or line.startswith("#### "):
            heading, state = line.lstrip("#").strip(), "before"
        elif heading and line.startswith("|") and state != "after":
            out.setdefault(heading, []).append(line)
            state = "in"
        elif state == "in":
            state = "after"
    return out


def slug(args):
    """A file name for a command's raw rows: readable, unique per argument list."""
    words = re.sub(r"[^A-Za-z0-9]+", "-", args).strip("-") or "all"
    return f"{words[:60]}-{hashlib.sha1(args.encode()).hexdigest()[:8]}"


def run_eval(sattar, args, threads, raw):
    """The markdown `sattar eval ARGS` prints; its rows go to `raw` when given."""
    cmd = [sattar, "eval", *shlex.split(args), "--threads", str(threads)]
    if raw:
        if os.path.exists(raw):
            os.remove(raw)
        cmd += ["--raw", raw]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{done.stderr}")
    return done.stdout


def section(tables, name, args):
    for heading, table in tables.items():
        if heading.startswith(name):
            return table
    sys.exit(f"`sattar eval {args}` printed no section `{name}` (it has: {', '.join(tables)})")


def regenerate(lines, outputs):
    """The document with every marked table replaced; the names of the tables that changed."""
    out, changed, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        mark = MARK.match(line)
        if not mark:
            continue
        args, name = mark.group(1), mark.group(2)
        if args not in outputs:
            continue
        old = []
        while i < len(lines) and lines[i].startswith("|"):
            old.append(lines[i])
            i += 1
        new = section(outputs[args], name, args)
        if old != new and not name.startswith("Times"):
            changed.append(f"sattar eval {args} :: {name}")
        out.extend(new)
    return out, changed


def versions(sattar):
    lines = [subprocess.run([sattar, "--version"], capture_output=True, text=True).stdout.strip()]
    with open(os.path.join(ROOT, "Cargo.lock")) as lock:
        solver = re.search(r'name = "cadical"\nversion = "([^"]+)"', lock.read())
    lines.append(f"cadical crate {solver.group(1) if solver else 'unknown'}")
    try:
        jdk = subprocess.run(["javac", "-version"], capture_output=True, text=True)
        lines.append((jdk.stdout + jdk.stderr).strip() + " (eval runs on the interpreter)")
    except OSError:
        lines.append("no JDK (eval runs on the interpreter)")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--sattar", default=os.path.join(ROOT, "target", "release", "sattar"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", default=None)
    opts = ap.parse_args()
    docs = {}
    for doc in DOCS:
        with open(doc) as f:
            docs[doc] = f.read().split("\n")
    commands = []
    for line in (line for lines in docs.values() for line in lines):
        mark = MARK.match(line)
        if mark and mark.group(1) not in commands:
            commands.append(mark.group(1))
    if not opts.check:
        os.makedirs(RAW, exist_ok=True)
    outputs = {}
    if opts.only is not None:
        commands = [c for c in commands if opts.only in c]
    for args in commands:
        raw = None if opts.check else os.path.join(RAW, slug(args) + ".json")
        print(f"sattar eval {args}", file=sys.stderr)
        outputs[args] = tables_of(run_eval(opts.sattar, args, opts.threads, raw))
    regenerated, changed = {}, []
    for doc, lines in docs.items():
        new, doc_changed = regenerate(lines, outputs)
        regenerated[doc] = new
        changed += [f"{os.path.relpath(doc, ROOT)}: {c}" for c in doc_changed]
    if opts.check:
        for c in changed:
            print(f"differs: {c}", file=sys.stderr)
        sys.exit(1 if changed else 0)
    for doc, new in regenerated.items():
        with open(doc, "w") as f:
            f.write("\n".join(new))
    with open(os.path.join(RAW, "VERSIONS"), "w") as f:
        f.write(versions(opts.sattar))
    print(f"{len(commands)} commands, {len(changed)} tables changed", file=sys.stderr)


if __name__ == "__main__":
    main()
