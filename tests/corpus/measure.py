#!/usr/bin/env python3
"""How much real-world Java can sattar analyse "as handed over"?

Usage:
    python3 tests/corpus/measure.py --sattar PATH_TO_BINARY --corpus DIR
        [--out results.json] [--summary results.md] [--jobs N] [--timeout S] [--scope K]

Python 3.11, standard library only. The corpus is not part of the repository (see README.md here).

Corpus layout
    DIR/<owner>__<repo>/<path as in the repository>.java  -- one folder per repository; folders and
    files whose names start with a dot are ignored.

Source sets (what is handed to javac together)
    A *unit* is one package folder: the .java files directly in one folder. Its source set is
    those files plus, as dependencies that are compiled but not measured, the files of the other
    package folders of the same repository that the unit imports (`import p.C;`, `import p.*;`,
    `import static p.C.m;`), transitively. The rule for a set javac rejects:
      1. javac's diagnostics name files (`path:line:col: error: ...`); every file with an error is
         dropped from the set and the rest is tried again, until javac accepts it (at most 12
         rounds; a rejection that names no file of the set drops the whole set);
      2. each dropped file of the unit is then tried alone, with the unit's dependencies and the
         files of its folder accepted so far (those of the set that compiled, and dropped files
         that got in on an earlier try; repeated while some file gets in);
      3. a file javac rejects even alone is counted as "not compilable" (its methods are unknown).
    So a folder is measured as one program whenever its files compile together, and a file that
    breaks its folder (a duplicate class, a missing library, a syntax error) costs only itself and
    the files that need it. sattar runs with an empty temporary working directory and absolute
    paths, because javac also looks for sources on its default class path (the working directory).

Methods
    The methods of a unit are the `methods` of `sattar parse SET --format json` whose class is in
    the unit's package (dependencies are not counted). Each is named for `--method` as
    `pkg.Class.name(T1, T2)` (`pkg.Class.Class(...)` for a constructor), with the simple names of
    the parameter types that parse printed, which is how find_methods chooses among overloads.
    A method sattar lists but `--method` cannot find and that has no body in the source (an
    abstract or interface method) is left out of every figure and only counted.

    *parse-accepted*: `sattar parse SET --method M --format json` says `"supported": true`.
    *analysable*: parse-accepted and `sattar check SET --method M --scope K --format json` (no
    spec, default K=2) ends with a verdict: exit 0 (holds) or 1 (violation) within the timeout.
    Exit 2 is an error (its message is kept), a timeout is counted separately; any other exit
    code, or "panicked" on stderr, is a crash of sattar and is listed with the command.

    *lines*: from the line of the method's name to the line of its closing brace, found by a small
    Java scanner (comments, strings and char literals skipped); when the scanner cannot place a
    method (an anonymous class, a default constructor) the span of its statements' lines is used.
    The ">= 6 lines" figures count methods with lines >= 6.

Histograms
    Rejections are also grouped into families (arrays, JDK library, String/printing, ...) by a
    pattern on the message (FAMILIES below; the first that matches wins).
    The first unsupported construct of each rejected method (`unsupported.message` of
    `parse --method`) and each check error are normalised by replacing the program's own names
    (anything between backquotes that is not a type of the JDK, numbers, paths) with `_`, so that
    the same construct in different programs counts once. The raw message of one example is kept.
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# Running sattar


@dataclass
class Run:
    rc: int | None  # None: timed out
    out: str
    err: str
    secs: float
    cmd: list[str]


class Sattar:
    def __init__(self, binary: str, workdir: str):
        self.binary = os.path.abspath(binary)
        self.workdir = workdir
        self.lock = threading.Lock()
        self.crashes: list[dict] = []

    def run(self, args: list[str], timeout: float) -> Run:
        cmd = [self.binary, *args]
        t0 = time.monotonic()
        p = subprocess.Popen(
            cmd,
            cwd=self.workdir,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            start_new_session=True,
        )
        try:
            out, err = p.communicate(timeout=timeout)
            rc: int | None = p.returncode
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            out, err = p.communicate()
            rc = None
        r = Run(rc, out, err, time.monotonic() - t0, cmd)
        if rc is not None and (rc not in (0, 1, 2) or "panicked" in err):
            with self.lock:
                self.crashes.append(
                    {
                        "rc": rc,
                        "command": " ".join(shlex.quote(c) for c in cmd),
                        "stderr": err[-2000:],
                    }
                )
        return r


# ---------------------------------------------------------------------------------------------
# A small Java scanner: method declarations with their line spans


KEYWORDS = {
    "if", "for", "while", "switch", "catch", "synchronized", "return", "new", "throw", "try",
    "do", "else", "assert", "case", "default", "super", "this",
}
TOKEN = re.compile(
    r'"""(?:\\.|[^\\])*?"""'  # text block
    r'|"(?:\\.|[^"\\\n])*"'  # string
    r"|'(?:\\.|[^'\\\n])+'"  # char
    r"|//[^\n]*"
    r"|/\*.*?\*/"
    r"|[A-Za-z_$][A-Za-z0-9_$]*"
    r"|\d[\w.]*"
    r"|\.\.\.|\S",
    re.S,
)


@dataclass
class Decl:
    chain: tuple[str, ...]  # enclosing class names, outermost first
    name: str  # method name, or the class's simple name for a constructor
    params: list[str]  # simple names of the declared parameter types ("int[]" for arrays)
    line: int
    end: int
    body: bool


def scan_java(text: str) -> list[Decl]:
    toks: list[tuple[str, int]] = []
    pos = 0
    line = 1
    for m in TOKEN.finditer(text):
        line += text.count("\n", pos, m.start())
        s = m.group(0)
        if not (s.startswith("//") or s.startswith("/*")):
            toks.append((s, line))
        line += s.count("\n")
        pos = m.end()

    decls: list[Decl] = []
    # scope stack: ("class", name, is_enum, enum_constants_done) | ("method", decl) | ("block",)
    stack: list[list] = []
    header: list[tuple[str, int]] = []
    i = 0
    n = len(toks)

    def chain() -> tuple[str, ...]:
        return tuple(s[1] for s in stack if s[0] == "class")

    def in_class() -> bool:
        return bool(stack) and stack[-1][0] == "class"

    def strip_annotations(h: list[tuple[str, int]]) -> list[tuple[str, int]]:
        out = []
        k = 0
        while k < len(h):
            if h[k][0] == "@" and k + 1 < len(h) and h[k + 1][0] != "interface":
                k += 2
                while k + 1 < len(h) and h[k][0] == "." :
                    k += 2
                if k < len(h) and h[k][0] == "(":
                    depth = 0
                    while k < len(h):
                        if h[k][0] == "(":
                            depth += 1
                        elif h[k][0] == ")":
                            depth -= 1
                            if depth == 0:
                                k += 1
                                break
                        k += 1
                continue
            out.append(h[k])
            k += 1
        return out

    def method_of(h: list[tuple[str, int]], body: bool) -> Decl | None:
        h = strip_annotations(h)
        words = [t for t, _ in h]
        if "(" not in words:
            return None
        p = words.index("(")
        if p == 0 or "=" in words[:p]:
            return None
        name = words[p - 1]
        if not re.match(r"[A-Za-z_$]", name) or name in KEYWORDS:
            return None
        if any(w in ("class", "interface", "enum", "record") for w in words[:p]):
            return None
        # parameters
        depth = 0
        params: list[list[str]] = [[]]
        k = p + 1
        while k < len(words):
            w = words[k]
            if w == "(":
                depth += 1
            elif w == ")":
                if depth == 0:
                    break
                depth -= 1
            elif w == "<":
                depth += 1
            elif w == ">":
                depth -= 1
            elif w == "," and depth == 0:
                params.append([])
                k += 1
                continue
            params[-1].append(w)
            k += 1
        types = []
        for ps in params:
            ps = [w for w in ps if w != "final"]
            if not ps:
                continue
            c_array = False
            while len(ps) >= 3 and ps[-1] == "]" and ps[-2] == "[":
                ps, c_array = ps[:-2], True  # `String args[]`
            ps = ps[:-1]  # the parameter's name
            if c_array:
                ps = ps + ["[", "]"]
            # drop generic arguments
            simple = []
            d = 0
            for w in ps:
                if w == "<":
                    d += 1
                elif w == ">":
                    d -= 1
                elif d == 0:
                    simple.append(w)
            arr = "[]" if ("[" in simple or "..." in simple) else ""
            names = [w for w in simple if re.match(r"[A-Za-z_$]", w)]
            types.append((names[-1] if names else "?") + arr)
        return Decl(chain(), name, types, h[p - 1][1], h[p - 1][1], body)

    while i < n:
        t, ln = toks[i]
        if t == "{":
            words = [w for w, _ in header]
            kind = None
            if in_class() or not stack:
                kw = [k for k, w in enumerate(words) if w in ("class", "interface", "enum", "record")
                      and (k == 0 or words[k - 1] != ".")]
                if kw and kw[0] + 1 < len(words):
                    name = words[kw[0] + 1]
                    stack.append(["class", name, words[kw[0]] == "enum", False])
                    kind = "class"
                elif in_class():
                    d = method_of(header, True)
                    if d is not None:
                        decls.append(d)
                        stack.append(["method", d])
                        kind = "method"
            if kind is None:
                # anonymous class bodies count as classes only for nesting; their methods are
                # placed by the statement-span fallback
                stack.append(["block"])
            header = []
        elif t == "}":
            if stack:
                s = stack.pop()
                if s[0] == "method":
                    s[1].end = ln
            header = []
        elif t == ";":
            if in_class():
                top = stack[-1]
                if top[2] and not top[3]:
                    top[3] = True  # the end of an enum's constants
                else:
                    d = method_of(header, False)
                    if d is not None:
                        decls.append(d)
            header = []
        else:
            if in_class() or not stack:
                header.append((t, ln))
        i += 1
    return decls


def top_classes(text: str) -> set[str]:
    """The names of the top-level classes (interfaces, enums, records) a Java file declares."""
    names: set[str] = set()
    depth = 0
    prev = ""
    want = False
    for m in TOKEN.finditer(text):
        t = m.group(0)
        if t.startswith("//") or t.startswith("/*"):
            continue
        if want:
            names.add(t)
            want = False
        elif t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
        elif depth == 0 and t in ("class", "interface", "enum", "record") and prev not in (".", "@"):
            want = True
        prev = t
    return names


def simple(t: str) -> str:
    t = t.split("<")[0]
    return t.rsplit(".", 1)[-1]


# ---------------------------------------------------------------------------------------------
# Normalising messages


JDK_TYPES = set(
    """String StringBuilder StringBuffer Object Integer Long Double Float Short Byte Character
    Boolean Number Math System Objects Arrays Collections List ArrayList LinkedList Map HashMap
    TreeMap LinkedHashMap Set HashSet TreeSet LinkedHashSet Queue Deque ArrayDeque PriorityQueue
    Stack Vector Iterator Iterable Comparable Comparator Random Scanner Optional Exception
    RuntimeException IllegalArgumentException IllegalStateException NullPointerException
    IndexOutOfBoundsException ArrayIndexOutOfBoundsException UnsupportedOperationException
    NoSuchElementException Error AssertionError Thread Runnable Function BiFunction Supplier
    Consumer Predicate Stream IntStream Collectors Collection AbstractMap Entry Class
    ConcurrentHashMap BitSet StringJoiner CharSequence Override Enum Cloneable Serializable Locale
    Throwable EmptyStackException AbstractCollection""".split()
)


def _norm_backquoted(s: str) -> str:
    s = s.strip()
    if s.startswith("sattar "):
        return s
    m = re.fullmatch(r"([\w.]+)(<.*>)?\s+\w+((\[\])+)", s)  # `String args[]`
    if m:
        s = m.group(1) + m.group(3)
    # keep JDK types (java.util.List<T> -> java.util.List<_>), and operators / keywords
    m = re.match(r"^(java|javax|jdk)\.[\w.]+", s)
    if m:
        base = m.group(0)
        return base + ("<_>" if "<" in s else "") + ("[]" if s.endswith("]") else "")
    if s in JDK_TYPES:
        return s
    m = re.fullmatch(r"([A-Za-z_$][\w$]*)(<.*>)?((\[\])*|\.\.\.)", s)
    if m and m.group(1) in JDK_TYPES:  # `Iterator<E>`, `LinkedList<Entry<K, V>>`
        return m.group(1) + ("<_>" if m.group(2) else "") + (m.group(3) or "")
    if re.fullmatch(r"[^\w\s]+", s):  # an operator: `%`, `>>>`, `instanceof`-like symbols
        return s
    if s in {"instanceof", "switch", "try", "catch", "finally", "throw", "synchronized", "assert",
             "long", "double", "float", "char", "byte", "short", "int", "boolean", "void", "null",
             "this", "super", "var", "new", "break", "continue", "yield", "default", "static"}:
        return s
    # array types of primitives or JDK types keep their element type
    m = re.fullmatch(r"(int|long|double|float|char|byte|short|boolean|String|Object|Integer)(\[\])+", s)
    if m:
        return s
    if re.fullmatch(r"[\w.]+(\[\])+", s):
        return "_[]"
    # a JDK call like `Math.max` or `System.out.println`: keep the JDK class, drop the rest
    head = s.split(".")[0].split("(")[0]
    if head in JDK_TYPES and "." in s:
        return head + "._"
    return "_"


def normalise(msg: str) -> str:
    msg = msg.strip().splitlines()[0] if msg.strip() else ""
    msg = re.sub(r"^error:\s*", "", msg)
    msg = re.sub(r"^internal error:\s*", "internal error: ", msg)
    msg = re.sub(r"/?(?:[\w.\-]+/)*[\w\-]+\.java(?::\d+)*", "FILE", msg)
    msg = re.sub(r"`([^`]*)`", lambda m: "`" + _norm_backquoted(m.group(1)) + "`", msg)
    # qualified names of the program outside backquotes (`pkg.Class.member`); JDK names stay
    msg = re.sub(r"(?<![`\w.])(?!(?:java|javax|jdk)\.)(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*(?![\w`(])",
                 "_", msg)
    msg = re.sub(r"--method \S+", "--method M", msg)
    # heap dumps and argument lists in internal errors
    msg = re.sub(r"\bon .*?; args\(.*?\); this=\S+", "on INPUT", msg)
    msg = re.sub(r"\b\w+\d+:\w+\{[^}]*\}", "OBJ", msg)
    msg = re.sub(r"\b\d+(\.\d+)?\b", "N", msg)
    if len(msg) > 200:
        msg = msg[:200] + "…"
    return msg


# ---------------------------------------------------------------------------------------------
# The corpus


PKG = re.compile(r"^\s*package\s+([\w.]+)\s*;", re.M)
IMPORT = re.compile(r"^\s*import\s+(static\s+)?([\w.]+)(\.\*)?\s*;", re.M)


def package_of(p: Path) -> str:
    m = PKG.search(read(p))
    return m.group(1) if m else ""


def read(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


@dataclass
class Unit:
    repo: str
    folder: str  # relative to the repository folder
    package: str
    files: list[Path]  # measured
    deps: list[Path] = field(default_factory=list)  # compiled, not measured
    alone: bool = False  # a file tried on its own after its folder rejected it


def discover(corpus: Path) -> tuple[dict[str, list[Unit]], dict[str, int]]:
    repos: dict[str, list[Unit]] = {}
    files_per_repo: dict[str, int] = {}
    for rdir in sorted(p for p in corpus.iterdir() if p.is_dir() and not p.name.startswith(".")):
        repo = rdir.name.replace("__", "/", 1)
        folders: dict[Path, list[Path]] = defaultdict(list)
        for f in sorted(rdir.rglob("*.java")):
            if any(part.startswith(".") for part in f.relative_to(rdir).parts):
                continue
            folders[f.parent].append(f)
        files_per_repo[repo] = sum(len(v) for v in folders.values())
        pkg_of_folder = {}
        for folder, fs in folders.items():
            m = PKG.search(read(fs[0]))
            pkg_of_folder[folder] = m.group(1) if m else ""
        folders_of_pkg: dict[str, list[Path]] = defaultdict(list)
        for folder, pkg in pkg_of_folder.items():
            folders_of_pkg[pkg].append(folder)
        imports_of_folder: dict[Path, set[str]] = {}
        for folder, fs in folders.items():
            pk: set[str] = set()
            for f in fs:
                for m in IMPORT.finditer(read(f)):
                    name = m.group(2)
                    # `import a.b.C;` -> a.b ; `import a.b.*;` -> a.b ; static: a.b.C.m -> a.b
                    cands = [name] + [name.rsplit(".", k)[0] for k in (1, 2) if name.count(".") >= k]
                    for c in cands:
                        if c in folders_of_pkg:
                            pk.add(c)
                            break
            imports_of_folder[folder] = pk
        units = []
        for folder, fs in sorted(folders.items()):
            own = pkg_of_folder[folder]
            seen = {own}
            todo = list(imports_of_folder[folder])
            deps: list[Path] = []
            while todo:
                pk = todo.pop()
                if pk in seen:
                    continue
                seen.add(pk)
                for f2 in folders_of_pkg[pk]:
                    deps.extend(folders[f2])
                    todo.extend(imports_of_folder[f2])
            units.append(
                Unit(repo, str(folder.relative_to(rdir)), own, fs, sorted(set(deps) - set(fs)))
            )
        repos[repo] = units
    return repos, files_per_repo


ERRFILE = re.compile(r"^(/[^\n:]+\.java):\d+:\d+: error:", re.M)


def compile_unit(sattar: Sattar, unit: Unit, parse_timeout: float, log) -> tuple[list[tuple[Unit, dict]], list[dict]]:
    """The rule of the docstring: returns (compiled units with their parse JSON, rejected files)."""
    compiled: list[tuple[Unit, dict]] = []
    rejected: list[dict] = []
    members = list(unit.files) + list(unit.deps)
    dropped: list[Path] = []
    last_err = ""
    for _round in range(12):
        if not any(f in members for f in unit.files):
            break
        r = sattar.run(["parse", *map(str, members), "--format", "json"], parse_timeout)
        if r.rc is not None and r.out.strip().startswith("{"):
            try:
                data = json.loads(r.out)
            except json.JSONDecodeError:
                data = None
            if data is not None:
                u = Unit(unit.repo, unit.folder, unit.package,
                         [f for f in unit.files if f in members], [f for f in unit.deps if f in members],
                         unit.alone)
                compiled.append((u, data))
                break
        last_err = r.err if r.rc is not None else "javac timed out"
        bad = {Path(p) for p in ERRFILE.findall(r.err)} & set(members)
        if not bad:
            bad = set(members)
        members = [f for f in members if f not in bad]
        dropped.extend(f for f in unit.files if f in bad)
    else:
        dropped.extend(f for f in unit.files if f in members)
    if unit.alone:
        for f in dropped:
            rejected.append({"file": str(f), "error": first_error(last_err)})
        return compiled, rejected
    # Each dropped file is tried on its own, with the unit's dependencies and, as further
    # dependencies (compiled, not measured), the files of its folder that were accepted: those of
    # the set that compiled and those dropped files that got in on an earlier try. The tries are
    # repeated while some file gets in, so that a file that only needs siblings which were dropped
    # with it (e.g. because a diagnostic named the wrong file) is not lost.
    accepted = [f for f in unit.files if f in members] if compiled else []
    pending = list(dropped)
    last_rj: dict[Path, list[dict]] = {}
    progress = True
    while pending and progress:
        progress = False
        for f in list(pending):
            sub = Unit(unit.repo, unit.folder, unit.package, [f], list(unit.deps) + accepted, alone=True)
            c, rj = compile_unit(sattar, sub, parse_timeout, log)
            if c:
                compiled.extend(c)
                accepted.append(f)
                pending.remove(f)
                progress = True
            else:
                last_rj[f] = rj
    for f in pending:
        rejected.extend(last_rj.get(f, []))
    return compiled, rejected


def first_error(err: str) -> str:
    for line in err.splitlines():
        if ": error:" in line:
            return line.split(": error:", 1)[1].strip()
    return err.strip().splitlines()[0] if err.strip() else ""


# ---------------------------------------------------------------------------------------------
# Measuring one method


def method_arg(name: str, params: list[str]) -> str:
    cls, meth = name.rsplit(".", 1)
    if meth == "<init>":
        meth = cls.rsplit(".", 1)[-1]
    return f"{cls}.{meth}({', '.join(simple(p) for p in params)})"


def measure_method(sattar: Sattar, paths: list[str], m: dict, args) -> dict:
    arg = method_arg(m["name"], [p["type"] for p in m["params"]])
    rec = {"method": m["name"], "arg": arg}
    r = sattar.run(["parse", *paths, "--method", arg, "--format", "json"], args.parse_timeout)
    rec["parse_rc"] = r.rc
    if r.rc is None:
        rec["parse"] = "timeout"
        return rec
    try:
        d = json.loads(r.out) if r.out.strip() else None
    except json.JSONDecodeError:
        d = None
    if d is None:
        rec["parse"] = "error"
        rec["parse_error"] = first_line(r.err)
        return rec
    if d.get("supported"):
        rec["parse"] = "accepted"
    else:
        rec["parse"] = "rejected"
        u = d.get("unsupported") or {}
        rec["blocker"] = u.get("message", "")
        rec["blocker_at"] = f"{u.get('file', '')}:{u.get('line', '')}:{u.get('col', '')}"
        rec["blocker_in"] = (d.get("reached") or [m["name"]])[-1] if u.get("file") else ""
        return rec
    c = sattar.run(
        ["check", *paths, "--method", arg, "--scope", str(args.scope), "--format", "json"],
        args.timeout,
    )
    rec["check_rc"] = c.rc
    rec["check_secs"] = round(c.secs, 2)
    if c.rc is None:
        rec["check"] = "timeout"
    elif c.rc in (0, 1) and c.out.strip():
        try:
            rec["check"] = json.loads(c.out).get("result", "holds" if c.rc == 0 else "violated")
        except json.JSONDecodeError:
            rec["check"] = "holds" if c.rc == 0 else "violated"
        rec["verdict"] = True
    elif c.rc == 2:
        rec["check"] = "error"
        rec["check_error"] = first_line(c.err)
    else:
        rec["check"] = f"crash (exit {c.rc})"
        rec["check_error"] = first_line(c.err)
    return rec


def first_line(err: str) -> str:
    for line in err.splitlines():
        if line.strip().startswith("error:") or "panicked" in line:
            return line.strip()
    return err.strip().splitlines()[0].strip() if err.strip() else ""


# ---------------------------------------------------------------------------------------------


FAMILIES = [  # (family, pattern on the raw message); the first that matches wins
    ("arrays (array types, fields, access, assignment)", r"array|\[\]"),
    ("String and printing (System.out, String values)", r"PrintStream|PrintWriter|`String`"),
    ("JDK library types, fields and calls", r"java\.util|java\.io|java\.lang\.Math|JDK method|outside the program"
     r"|`(Iterator|Iterable|List|ArrayList|LinkedList|Map|HashMap|Deque|Queue|Stack|Scanner|Random|Locale"
     r"|Collection|Set|HashSet)(<|`)"),
    ("primitive and boxed types other than int/boolean", r"`(long|double|char|float|short|byte|Integer|Double|Long|Character)`"),
    ("exceptions (throw forms, messages, try)", r"throw|exception|\btry\b"),
    ("operators (`%`, `/`, bit operators)", r"operator"),
    ("overloads with the same number of parameters", r"overloading"),
    ("assignment inside an expression", r"assignment inside"),
]


def family(msg: str) -> str:
    for name, pat in FAMILIES:
        if re.search(pat, msg):
            return name
    return "other"


def pct(a: int, b: int) -> str:
    return f"{100.0 * a / b:.1f}%" if b else "-"


def summarise(results: dict) -> str:
    corpus = results["corpus"].rstrip("/") + "/"
    ms = [m for m in results["methods"] if not m.get("abstract")]
    out = []
    w = out.append
    tot = len(ms)
    acc = sum(m["parse"] == "accepted" for m in ms)
    ana = sum(bool(m.get("verdict")) for m in ms)
    big = [m for m in ms if m.get("lines", 0) >= 6]
    w("## Totals\n")
    w(f"- corpus: {results['files']} files in {len(results['repos'])} repositories; "
      f"{results['compiled_files']} files compiled in {results['units']} source sets "
      f"({results['alone_units']} of them single files split off their folder); "
      f"{len(results['rejected_files'])} files javac rejects even alone")
    w(f"- methods (constructors included, abstract/interface methods left out: "
      f"{results['abstract']}): **{tot}**")
    w("")
    w("| methods | count | parse-accepted | analysable (verdict) |")
    w("|---|---:|---:|---:|")
    w(f"| all | {tot} | {acc} ({pct(acc, tot)}) | {ana} ({pct(ana, tot)}) |")
    bacc = sum(m["parse"] == "accepted" for m in big)
    bana = sum(bool(m.get("verdict")) for m in big)
    w(f"| ≥ 6 lines | {len(big)} | {bacc} ({pct(bacc, len(big))}) | {bana} ({pct(bana, len(big))}) |")
    checks = Counter(m.get("check") for m in ms if m["parse"] == "accepted")
    w("")
    w("check on the parse-accepted methods: " + ", ".join(f"{k}: {v}" for k, v in checks.most_common()))
    perr = Counter(m["parse"] for m in ms)
    w("parse --method outcomes: " + ", ".join(f"{k}: {v}" for k, v in perr.most_common()))
    w("\n## Per repository\n")
    w("| repository | files | methods | parse-accepted | analysable | ≥6 lines | ≥6 accepted | ≥6 analysable |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    for repo in results["repos"]:
        rm = [m for m in ms if m["repo"] == repo]
        rb = [m for m in rm if m.get("lines", 0) >= 6]
        a = sum(m["parse"] == "accepted" for m in rm)
        v = sum(bool(m.get("verdict")) for m in rm)
        ba = sum(m["parse"] == "accepted" for m in rb)
        bv = sum(bool(m.get("verdict")) for m in rb)
        w(f"| {repo} | {results['files_per_repo'][repo]} | {len(rm)} | {a} ({pct(a, len(rm))}) | "
          f"{v} ({pct(v, len(rm))}) | {len(rb)} | {ba} ({pct(ba, len(rb))}) | {bv} ({pct(bv, len(rb))}) |")
    w("\n## Families of first blockers (parse --method rejections)\n")
    fam = Counter(family(m.get("blocker", "")) for m in ms if m["parse"] == "rejected")
    nrej = sum(fam.values())
    w("| count | share | family |")
    w("|---:|---:|---|")
    for k, c in fam.most_common():
        w(f"| {c} | {pct(c, nrej)} | {k} |")
    w("\n## First unsupported construct (parse --method), normalised\n")
    hist = Counter()
    example = {}
    for m in ms:
        if m["parse"] == "rejected":
            k = normalise(m.get("blocker", ""))
            hist[k] += 1
            example.setdefault(k, f"{m['blocker']} — {m['method']}")
    w("| count | construct | example |")
    w("|---:|---|---|")
    for k, c in hist.most_common():
        w(f"| {c} | {k.replace('|', '¦')} | {example[k].replace('|', '¦')[:160]} |")
    other = Counter(normalise(m.get("parse_error", "")) for m in ms if m["parse"] in ("error", "timeout"))
    if other:
        w("\nparse --method errors (no JSON): " + "; ".join(f"{c}× {k[:150]}" for k, c in other.most_common()))
    w("\n## check errors and timeouts (parse-accepted methods)\n")
    ch = Counter()
    chex = {}
    for m in ms:
        if m.get("check") in ("error",) or str(m.get("check", "")).startswith("crash"):
            k = normalise(m.get("check_error", ""))
            ch[k] += 1
            chex.setdefault(k, f"{m.get('check_error', '').replace(corpus, '')[:140]} — {m['method']}")
    to = [m for m in ms if m.get("check") == "timeout"]
    w(f"timeouts (> {results['timeout']} s): {len(to)}" + (": " + ", ".join(m["method"] for m in to[:40]) if to else ""))
    w("")
    w("| count | check error | example |")
    w("|---:|---|---|")
    for k, c in ch.most_common():
        w(f"| {c} | {k.replace('|', '¦')} | {chex[k].replace('|', '¦')} |")
    w("\n## Crashes (exit codes other than 0/1/2, or panics)\n")
    if not results["crashes"]:
        w("none")
    for c in results["crashes"]:
        w(f"- exit {c['rc']}: `{c['command']}`\n  {c['stderr'].strip().splitlines()[-1] if c['stderr'].strip() else ''}")
    if results["rejected_files"]:
        w("\n## Files javac rejects even alone\n")
        for r in results["rejected_files"]:
            w(f"- `{r['file'].replace(corpus, '')}`: {r['error'][:200]}")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sattar", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", default="results.json")
    ap.add_argument("--summary", help="also write the Markdown summary here")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per `check`")
    ap.add_argument("--parse-timeout", type=float, default=180.0, help="seconds per `parse`")
    ap.add_argument("--scope", type=int, default=2)
    ap.add_argument("--only", help="measure only repositories whose folder name contains this")
    args = ap.parse_args()

    corpus = Path(args.corpus).resolve()
    workdir = tempfile.mkdtemp(prefix="sattar-measure-")
    sattar = Sattar(args.sattar, workdir)
    log = lambda *a: print(*a, file=sys.stderr, flush=True)  # noqa: E731

    repos, files_per_repo = discover(corpus)
    if args.only:
        repos = {k: v for k, v in repos.items() if args.only in k}
    units_all = [u for us in repos.values() for u in us]
    log(f"{sum(files_per_repo[r] for r in repos)} files, {len(units_all)} package folders in {len(repos)} repositories")

    # 1. source sets
    compiled: list[tuple[Unit, dict]] = []
    rejected: list[dict] = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = {ex.submit(compile_unit, sattar, u, args.parse_timeout, log): u for u in units_all}
        for k, f in enumerate(cf.as_completed(futs), 1):
            c, rj = f.result()
            compiled.extend(c)
            rejected.extend(rj)
            u = futs[f]
            log(f"[{k}/{len(units_all)}] {u.repo}/{u.folder}: {sum(len(x.files) for x, _ in c)}/{len(u.files)} files compiled in {len(c)} set(s)")

    # 2. methods of each set
    jobs = []
    abstract = 0
    for unit, data in compiled:
        paths = [str(p) for p in unit.files + unit.deps]
        decls_by_key: dict[tuple, list[Decl]] = defaultdict(list)
        for f in unit.files:
            for d in scan_java(read(f)):
                decls_by_key[(d.chain, d.name)].append(d)
        stmts: dict[str, list[int]] = defaultdict(list)
        for s in data.get("statements", []):
            stmts[s.get("method", "")].append(s.get("line", 0))
        pkg = unit.package
        dep_pkgs = {p for p in (package_of(f) for f in unit.deps) if p != pkg}

        def mine(name: str) -> bool:
            if any(name.startswith(p + ".") and len(p) > len(pkg) for p in dep_pkgs):
                return False
            return name.startswith(pkg + ".") if pkg else True

        own = [m for m in data.get("methods", []) if mine(m["name"])]
        if any(package_of(f) == pkg for f in unit.deps):
            # files of the unit's own folder among the dependencies (a file tried alone): count
            # only the classes declared in the unit's files
            tops = set().union(*(top_classes(read(f)) for f in unit.files))
            own = [m for m in own
                   if (m["name"][len(pkg) + 1:] if pkg else m["name"]).split(".")[0] in tops]
        used: set[int] = set()
        for m in own:
            cls, meth = m["name"].rsplit(".", 1)
            chain = tuple(cls[len(pkg) + 1:].split(".")) if pkg else tuple(cls.split("."))
            nm = chain[-1] if meth == "<init>" else meth
            cands = [d for d in decls_by_key.get((chain, nm), []) if id(d) not in used]
            ps = [simple(p["type"]) for p in m["params"]]
            cands = [d for d in cands if len(d.params) == len(ps)] or cands
            decl = None
            if cands:
                decl = max(cands, key=lambda d: sum(a == b for a, b in zip(d.params, ps)))
                used.add(id(decl))
            if decl is not None:
                lines = decl.end - decl.line + 1
                has_body = decl.body
            else:
                ls = stmts.get(m["name"], [])
                lines = (max(ls) - min(ls) + 1) if ls else 0
                has_body = True
            jobs.append((unit, paths, m, lines, has_body, bool(stmts.get(m["name"]))))
    log(f"{len(jobs)} methods in {len(compiled)} source sets")

    # 3. parse --method and check, per method
    records: list[dict] = []
    done = 0
    t0 = time.monotonic()

    def one(job):
        unit, paths, m, lines, has_body, has_stmts = job
        rec = measure_method(sattar, paths, m, args)
        rec.update({"repo": unit.repo, "folder": unit.folder, "alone": unit.alone,
                    "files": [str(Path(p).relative_to(corpus)) for p in map(str, unit.files)],
                    "lines": lines})
        if rec["parse"] == "error" and "no such method" in rec.get("parse_error", "") and not has_body:
            rec["abstract"] = True
        return rec

    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        for rec in ex.map(one, jobs):
            records.append(rec)
            done += 1
            if done % 50 == 0 or done == len(jobs):
                log(f"  {done}/{len(jobs)} methods, {time.monotonic() - t0:.0f} s")

    results = {
        "sattar": sattar.binary,
        "corpus": str(corpus),
        "scope": args.scope,
        "timeout": args.timeout,
        "repos": sorted(repos),
        "files": sum(files_per_repo[r] for r in repos),
        "files_per_repo": {r: files_per_repo[r] for r in repos},
        "units": len(compiled),
        "alone_units": sum(u.alone for u, _ in compiled),
        "compiled_files": sum(len(u.files) for u, _ in compiled),
        "rejected_files": rejected,
        "abstract": sum(bool(r.get("abstract")) for r in records),
        "methods": records,
        "crashes": sattar.crashes,
    }
    Path(args.out).write_text(json.dumps(results, indent=1))
    summary = summarise(results)
    if args.summary:
        Path(args.summary).write_text(summary)
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
