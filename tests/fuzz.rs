//! The mutation fuzz campaign: the bundled subjects, their specifications and their inputs are
//! mutated (tokens replaced, deleted, duplicated, lines swapped, nesting deepened, unicode escapes,
//! control characters and invalid UTF-8 inserted, files cut short; inputs edited as JSON: extreme
//! numbers, dangling and cyclic references, unknown classes and fields) and every mutant goes
//! through what the commands do: parse, load the subject, run the input on the interpreter (and,
//! for inputs of the bundled subjects, on the JVM, which must agree), `check` with small bounds,
//! and the cores of a violation found.
//!
//! A finding is a panic, an internal error ("the SAT encoding and the interpreter disagree"), an
//! interpreter/JVM disagreement, or a case that runs longer than two minutes (the campaign then
//! stops, the case written out). Every finding is written to `target/tmp/fuzz-findings/SEED/` and
//! fails the test. Everything is seeded: `SATTAR_FUZZ_SEED=S` replays a campaign.
//!
//! Budget: `cargo test --workspace --release` runs a few dozen cases. A long run:
//! `SATTAR_FUZZ_SECONDS=1800 cargo test --release -p sattar-cli --test fuzz -- --nocapture`
//! (or `SATTAR_FUZZ_CASES=N`); it prints the executions, the findings and how many error messages
//! name their place (a file position, a JSON path or a flag). docs/ROBUSTNESS.md has the figures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report
#![allow(clippy::result_large_err)] // the engine's error, as the engine returns it

use sattar_engine::facade::{self, CheckOptions, EngineKind, RunLimits};
use sattar_engine::{CoreRequest, EngineError, SplitMix64, Subject, SubjectRequest};
use sattar_jvm::{JvmOptions, JvmRunner, WorkerCommand};
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// A subject of the seed corpus: Java, spec, method, ensures set, one input.
#[derive(Clone)]
struct Seed {
    name: &'static str,
    java: String,
    spec: Option<String>,
    method: &'static str,
    ensures: Option<&'static str>,
    input: String,
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).expect("a bundled file")
}

fn seeds() -> Vec<Seed> {
    let mut out = vec![
        Seed {
            name: "LinkedList",
            java: read("java-subjects/linkedlist/LinkedList.java"),
            spec: Some(read("specs/linkedlist.spec")),
            method: "delete",
            ensures: Some("postcond1"),
            input: read("java-subjects/linkedlist/inputs/delete0_of_01.json"),
        },
        Seed {
            name: "BinarySearchTree",
            java: read("java-subjects/bst/BinarySearchTree.java"),
            spec: Some(read("specs/bst.spec")),
            method: "add",
            ensures: Some("postcond1"),
            input: read("java-subjects/bst/inputs/add3_to_5.json"),
        },
        Seed {
            name: "Counter",
            java: read("java-subjects/examples/Counter.java"),
            spec: None,
            method: "increment",
            ensures: None,
            input: read("java-subjects/examples/inputs/at_limit.json"),
        },
    ];
    // The catalog's faulty variants: the same files with one statement changed.
    let catalog = sattar_catalog::Catalog::bundled().expect("the catalog");
    for f in &catalog.faults {
        let Ok(sources) = catalog.faulty_sources(f) else {
            continue;
        };
        let [(_, text)] = sources.as_slice() else {
            continue;
        };
        let base = if f.method == "delete" {
            &out[0]
        } else {
            &out[1]
        };
        out.push(Seed {
            java: text.clone(),
            ..base.clone()
        });
    }
    out
}

/// Words a mutation may insert into Java.
const JAVA_WORDS: &[&str] = &[
    "+",
    "-",
    "*",
    "/",
    "%",
    "==",
    "!=",
    "<",
    "<=",
    ">",
    ">=",
    "&&",
    "||",
    "!",
    "=",
    "+=",
    "++",
    "--",
    "?",
    ":",
    "if",
    "else",
    "while",
    "for",
    "do",
    "return",
    "break",
    "continue",
    "new",
    "null",
    "this",
    "true",
    "false",
    "int",
    "boolean",
    "long",
    "class",
    "static",
    "void",
    "final",
    "throw",
    "try",
    "{",
    "}",
    "(",
    ")",
    ";",
    ",",
    ".",
    "0",
    "1",
    "-1",
    "2147483647",
    "-2147483648",
    "99999999999",
    "'a'",
    "\"s\"",
    "x",
    "k",
    "next",
    "header",
    "root",
    "size",
    "\\u000a",
    "\\u0061",
    "\\u002f\\u002f",
    "\\u005c",
    "/*",
    "*/",
    "//",
    "@Ensures",
    "int[]",
];

/// Words a mutation may insert into a specification.
const SPEC_WORDS: &[&str] = &[
    "all",
    "some",
    "no",
    "one",
    "lone",
    "in",
    "!in",
    "=",
    "!=",
    "=>",
    "<=>",
    "&&",
    "||",
    "!",
    "#",
    ".",
    "^",
    "*",
    "~",
    "+",
    "-",
    "&",
    "'",
    "this",
    "null",
    "result",
    "invariant",
    "ensures",
    "requires",
    "method",
    "pred",
    "{",
    "}",
    "(",
    ")",
    ":",
    "|",
    ",",
    "0",
    "1",
    "-2147483648",
    "99999999999",
    "next",
    "header",
    "size",
    "key",
    "left",
    "right",
    "else",
];

/// Strings no well-behaved file contains.
const HOSTILE: &[&str] = &["\u{1b}[31m", "\u{0}", "\n", "\u{202e}", "é", "\u{7f}", "\r"];

struct Mutator {
    rng: SplitMix64,
}

impl Mutator {
    fn pick<'a>(&mut self, xs: &'a [&'a str]) -> &'a str {
        xs[self.rng.below(xs.len())]
    }

    /// A char boundary of `s` at random.
    fn boundary(&mut self, s: &str) -> usize {
        let mut i = self.rng.below(s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    /// The byte ranges of the whitespace-separated tokens of `s`.
    fn tokens(s: &str) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(b)) => {
                    out.push((b, i));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(b) = start {
            out.push((b, s.len()));
        }
        out
    }

    /// One text mutation of `s` with `words`; its description.
    fn mutate_text(&mut self, s: &mut Vec<u8>, words: &[&str]) -> String {
        let text = String::from_utf8_lossy(s).into_owned();
        let toks = Self::tokens(&text);
        let lines: Vec<&str> = text.split('\n').collect();
        let (out, what) = match self.rng.below(10) {
            0 if !toks.is_empty() => {
                let (a, b) = toks[self.rng.below(toks.len())];
                let w = self.pick(words);
                (
                    format!("{}{w}{}", &text[..a], &text[b..]),
                    format!("replace token with {w:?}"),
                )
            }
            1 if !toks.is_empty() => {
                let (a, b) = toks[self.rng.below(toks.len())];
                (
                    format!("{}{}", &text[..a], &text[b..]),
                    "delete a token".into(),
                )
            }
            2 => {
                let i = self.boundary(&text);
                let w = self.pick(words);
                (
                    format!("{} {w} {}", &text[..i], &text[i..]),
                    format!("insert {w:?}"),
                )
            }
            3 if lines.len() > 1 => {
                let (i, j) = (self.rng.below(lines.len()), self.rng.below(lines.len()));
                let mut ls = lines.clone();
                ls.swap(i, j);
                (ls.join("\n"), format!("swap lines {} and {}", i + 1, j + 1))
            }
            4 => {
                let i = self.rng.below(lines.len());
                let mut ls = lines.clone();
                ls.insert(i, lines[i]);
                (ls.join("\n"), format!("duplicate line {}", i + 1))
            }
            5 => {
                let i = self.rng.below(lines.len());
                let mut ls = lines.clone();
                ls.remove(i);
                (ls.join("\n"), format!("delete line {}", i + 1))
            }
            6 => {
                let i = self.boundary(&text);
                (text[..i].to_string(), format!("cut at byte {i}"))
            }
            7 => {
                let i = self.boundary(&text);
                let h = self.pick(HOSTILE);
                (
                    format!("{}{h}{}", &text[..i], &text[i..]),
                    format!("insert {h:?}"),
                )
            }
            8 if !toks.is_empty() => {
                // Nesting: a token wrapped in parentheses, or a line in `if`s, many levels deep.
                let depth = [3, 50, 800][self.rng.below(3)];
                if self.rng.below(2) == 0 {
                    let (a, b) = toks[self.rng.below(toks.len())];
                    let wrapped =
                        format!("{}{}{}", "(".repeat(depth), &text[a..b], ")".repeat(depth));
                    (
                        format!("{}{wrapped}{}", &text[..a], &text[b..]),
                        format!("parenthesize a token {depth} deep"),
                    )
                } else {
                    let i = self.rng.below(lines.len());
                    let mut ls = lines.clone();
                    let l = format!(
                        "{}{}{}",
                        "if (true) { ".repeat(depth),
                        lines[i],
                        " }".repeat(depth)
                    );
                    ls[i] = &l;
                    (ls.join("\n"), format!("nest line {} in {depth} ifs", i + 1))
                }
            }
            _ => {
                // Raw bytes: invalid UTF-8 survives only here.
                let i = self.rng.below(s.len() + 1);
                let b = [0xff, 0xfe, 0xc3, 0x80, 0x00][self.rng.below(5)];
                s.insert(i, b);
                return format!("insert byte 0x{b:02x} at {i}");
            }
        };
        *s = out.into_bytes();
        what
    }

    /// One structural mutation of an input (JSON), or a text mutation when it is not JSON.
    fn mutate_input(&mut self, s: &mut Vec<u8>) -> String {
        let Ok(mut v) = serde_json::from_slice::<Value>(s) else {
            return self.mutate_text(s, &["{", "}", "\"", ":", ",", "null", "0", "[]"]);
        };
        let what = {
            let names: Vec<String> = v["objects"]
                .as_object()
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default();
            let name = names
                .get(self.rng.below(names.len().max(1)))
                .cloned()
                .unwrap_or_else(|| "X".into());
            // Mostly ints Java holds (the runs that follow are compared with the JVM's), some not.
            let extreme = [
                Value::from(i64::from(i32::MIN)),
                Value::from(i64::from(i32::MAX)),
                Value::from(i64::from(i32::MIN) + 1),
                Value::from(-1),
                Value::from(0),
                Value::from(3),
                Value::from(4_294_967_296_i64),
                Value::from(0.5),
                Value::from("7"),
                Value::Null,
                Value::from(true),
            ];
            // Fields of `name` holding references (a string or null) and ints.
            let fields: Vec<(String, Value)> = v["objects"][&name]
                .as_object()
                .map(|o| {
                    o.iter()
                        .filter(|(k, _)| *k != "class")
                        .map(|(k, x)| (k.clone(), x.clone()))
                        .collect()
                })
                .unwrap_or_default();
            let refs: Vec<&String> = fields
                .iter()
                .filter(|(_, x)| x.is_string() || x.is_null())
                .map(|(k, _)| k)
                .collect();
            let ints: Vec<&String> = fields
                .iter()
                .filter(|(_, x)| x.is_number())
                .map(|(k, _)| k)
                .collect();
            // Well-formed edits (runs that follow are compared with the JVM) twice as often.
            match self.rng.below(12) {
                0..=2 if !ints.is_empty() => {
                    let f = ints[self.rng.below(ints.len())].clone();
                    let x = extreme[self.rng.below(6)].clone();
                    v["objects"][&name][&f] = x.clone();
                    format!("{name}.{f} = {x}")
                }
                3..=5 if !refs.is_empty() => {
                    let f = refs[self.rng.below(refs.len())].clone();
                    let target = names[self.rng.below(names.len())].clone();
                    v["objects"][&name][&f] = Value::from(target.clone());
                    format!("{name}.{f} = {target} (maybe a cycle)")
                }
                6 => {
                    let x = extreme[self.rng.below(6)].clone();
                    if let Some(args) = v["args"].as_object_mut() {
                        args.values_mut().for_each(|a| *a = x.clone());
                    }
                    format!("every argument = {x}")
                }
                7 if !refs.is_empty() => {
                    // Many objects: a long chain through one reference field.
                    let n = [10, 200][self.rng.below(2)];
                    let f = refs[self.rng.below(refs.len())].clone();
                    let class = v["objects"][&name]["class"].clone();
                    v["objects"][&name][&f] = Value::from("Extra0");
                    for i in 0..n {
                        let next = if i + 1 < n {
                            Value::from(format!("Extra{}", i + 1))
                        } else {
                            Value::Null
                        };
                        v["objects"][format!("Extra{i}")] =
                            serde_json::json!({"class": class, f.clone(): next});
                    }
                    format!("{name}.{f} starts a chain of {n} more {class}")
                }
                8 => {
                    let x = extreme[self.rng.below(extreme.len())].clone();
                    let f = fields
                        .get(self.rng.below(fields.len().max(1)))
                        .map_or_else(|| "key".to_string(), |(k, _)| k.clone());
                    v["objects"][&name][&f] = x.clone();
                    format!("{name}.{f} = {x}")
                }
                9 => {
                    v["objects"][&name]["zzz"] = Value::from(1);
                    format!("{name} gets an unknown field")
                }
                10 => {
                    v["this"] = [Value::Null, Value::from("Nobody"), Value::from(3)]
                        [self.rng.below(3)]
                    .clone();
                    format!("this = {}", v["this"])
                }
                _ => {
                    if let Some(o) = v["objects"].as_object_mut() {
                        o.remove(&name);
                    }
                    format!("remove {name}")
                }
            }
        };
        *s = v.to_string().into_bytes();
        what
    }
}

/// What a campaign counted.
#[derive(Default)]
struct Stats {
    cases: u64,
    executions: u64,
    parsed: u64,
    loaded: u64,
    compared: u64,
    errors: u64,
    located: u64,
    unlocated: Vec<String>,
    findings: Vec<String>,
}

impl Stats {
    /// An error message: counted, and whether it names its place (file position, JSON path, flag).
    fn error(&mut self, msg: &str) {
        self.errors += 1;
        let located = msg.contains(".java:")
            || msg.contains(".spec:")
            || msg.contains(".json")
            || msg.contains("--")
            || msg.contains("session");
        if located {
            self.located += 1;
        } else if self.unlocated.len() < 20 {
            self.unlocated
                .push(msg.lines().next().unwrap_or("").to_string());
        }
    }
}

/// One mutant: the files, and how they were made.
struct Case {
    seed: u64,
    subject: Seed,
    java: Vec<u8>,
    spec: Option<Vec<u8>>,
    input: Vec<u8>,
    mutations: Vec<String>,
    /// Only the input was mutated: the bundled subject's JVM runner applies.
    input_only: bool,
}

impl Case {
    fn make(seed: u64, seeds: &[Seed]) -> Case {
        let mut m = Mutator {
            rng: SplitMix64(seed),
        };
        let target = m.rng.below(3);
        // Inputs are mutated for the three bundled subjects, whose JVM runners are kept.
        let pool = if target == 2 { 3 } else { seeds.len() };
        let subject = seeds[m.rng.below(pool)].clone();
        let mut java = subject.java.clone().into_bytes();
        let mut spec = subject.spec.clone().map(String::into_bytes);
        let mut input = subject.input.clone().into_bytes();
        let mut mutations = Vec::new();
        let count = 1 + m.rng.below(3);
        for _ in 0..count {
            let what = match (target, spec.as_mut()) {
                (0, _) | (1, None) => format!("java: {}", m.mutate_text(&mut java, JAVA_WORDS)),
                (1, Some(s)) => format!("spec: {}", m.mutate_text(s, SPEC_WORDS)),
                _ => format!("input: {}", m.mutate_input(&mut input)),
            };
            mutations.push(what);
        }
        Case {
            seed,
            input_only: target == 2,
            subject,
            java,
            spec,
            input,
            mutations,
        }
    }

    /// Writes the case's files into `dir`; the paths of the Java file and the spec.
    fn write(&self, dir: &Path) -> (PathBuf, Option<PathBuf>, PathBuf) {
        std::fs::create_dir_all(dir).expect("case dir");
        let java = dir.join(format!("{}.java", self.subject.name));
        std::fs::write(&java, &self.java).expect("write");
        let spec = self.spec.as_ref().map(|s| {
            let p = dir.join("subject.spec");
            std::fs::write(&p, s).expect("write");
            p
        });
        let input = dir.join("input.json");
        std::fs::write(&input, &self.input).expect("write");
        std::fs::write(dir.join("mutations.txt"), self.mutations.join("\n") + "\n").expect("write");
        (java, spec, input)
    }
}

fn limits() -> RunLimits {
    RunLimits {
        max_steps: 20_000,
        max_depth: 200,
        timeout: Duration::from_secs(5),
    }
}

fn check_options() -> CheckOptions {
    CheckOptions {
        max_scope: 2,
        bitwidth: None,
        unroll: None,
        max_unroll: 8,
        sat_time: Some(Duration::from_secs(5)),
        max_gates: 300_000,
        max_instances: 20_000,
    }
}

/// The JVM runners of the bundled subjects, for mutated inputs (their classes compile once).
struct Jvms {
    runners: Vec<(String, Subject, JvmRunner)>,
}

impl Jvms {
    fn start(seeds: &[Seed], dir: &Path, cache: &Path) -> Jvms {
        let mut runners = Vec::new();
        for s in seeds.iter().take(3) {
            let case = Case {
                seed: 0,
                subject: s.clone(),
                java: s.java.clone().into_bytes(),
                spec: s.spec.clone().map(String::into_bytes),
                input: s.input.clone().into_bytes(),
                mutations: Vec::new(),
                input_only: true,
            };
            let subject = load(&case, &dir.join(s.name)).expect("a bundled subject loads");
            let opts = JvmOptions {
                max_steps: limits().max_steps,
                timeout: limits().timeout,
                cache_dir: Some(cache.to_path_buf()),
                worker: Some(WorkerCommand {
                    program: PathBuf::from(env!("CARGO_BIN_EXE_sattar")),
                    args: vec!["__jvm-worker".into()],
                }),
                ..JvmOptions::default()
            };
            let jvm = JvmRunner::start(&subject.program, opts).expect("the JVM starts");
            runners.push((s.java.clone(), subject, jvm));
        }
        Jvms { runners }
    }
}

fn load(case: &Case, dir: &Path) -> Result<Subject, EngineError> {
    let (java, spec, _) = case.write(dir);
    Subject::load(&SubjectRequest {
        java: vec![java],
        method: Some(case.subject.method.into()),
        spec,
        ensures: case.subject.ensures.map(str::to_string),
        ..Default::default()
    })
}

/// Runs one case through parse, load, run (both engines for mutated inputs), check and core.
fn run_case(case: &Case, dir: &Path, jvms: &mut Jvms, stats: &mut Stats) {
    let (java, _, input_path) = case.write(dir);
    stats.executions += 1;
    match facade::parse_source_set(std::slice::from_ref(&java)) {
        Ok(Ok(_)) => stats.parsed += 1,
        Ok(Err(diags)) => diags.iter().for_each(|d| stats.error(&d.to_string())),
        Err(e) => stats.error(&e.to_string()),
    }
    let subject = match load(case, dir) {
        Ok(s) => s,
        Err(e) => return note(stats, &e),
    };
    stats.loaded += 1;
    let input = match subject.input_from_file(&input_path) {
        Ok((i, _)) => Some(i),
        Err(e) => {
            note(stats, &e);
            None
        }
    };
    if let Some(input) = &input {
        stats.executions += 1;
        let interp = facade::run_test(&subject, input, EngineKind::Interp, &limits());
        if let Err(e) = &interp {
            note(stats, e);
        }
        let jvm = jvms
            .runners
            .iter_mut()
            .find(|(text, _, _)| case.input_only && text.as_bytes() == case.java.as_slice());
        if let (Some((_, s, runner)), Ok(run)) = (jvm, &interp) {
            stats.executions += 1;
            stats.compared += 1;
            match runner.run(s.method, input) {
                Ok(ex) if ex != run.execution => stats.findings.push(format!(
                    "the interpreter and the JVM disagree:\n  interp {:?}\n  jvm    {ex:?}",
                    run.execution
                )),
                Ok(_) => {}
                Err(e) => stats.findings.push(format!("the JVM bridge failed: {e}")),
            }
        }
    }
    stats.executions += 1;
    let violation = match facade::check_subject(&subject, &check_options(), &mut |_, _| {}) {
        Ok(c) => c.violation,
        Err(e) => {
            note(stats, &e);
            None
        }
    };
    if let Some(v) = violation {
        stats.executions += 1;
        let req = CoreRequest {
            input: Some(v.input),
            check: check_options(),
            ..CoreRequest::default()
        };
        if let Err(e) = facade::find_cores(&subject, &req) {
            note(stats, &e);
        }
    }
}

/// An error of sattar's: an internal one is a finding, the others are counted.
fn note(stats: &mut Stats, e: &EngineError) {
    let msg = e.to_string();
    if matches!(e, EngineError::Disagreement(_)) || msg.contains("internal error") {
        stats.findings.push(msg);
    } else {
        stats.error(&msg);
    }
}

/// Stops the process when a case runs past its time: a hang is a finding too.
fn watchdog(current: Arc<Mutex<(Instant, u64)>>, findings: PathBuf) {
    const CASE_LIMIT: Duration = Duration::from_secs(120);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_secs(5));
        let (started, seed) = *current.lock().unwrap_or_else(|p| p.into_inner());
        if started.elapsed() > CASE_LIMIT {
            let _ = std::fs::create_dir_all(&findings);
            let _ = std::fs::write(findings.join("HANG"), format!("case seed {seed}\n"));
            eprintln!(
                "fuzz: case seed {seed} ran past {CASE_LIMIT:?}: a hang (files in {findings:?})"
            );
            std::process::abort();
        }
    });
}

#[test]
fn mutated_java_specs_and_inputs_never_crash_hang_or_disagree() {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    // Each campaign works in its own directory: two may run at once.
    let work = target.join(format!("fuzz-work-{}", std::process::id()));
    let cache = target.join("fuzz-cache");
    let _ = std::fs::remove_dir_all(&work);
    // Mutants must not fill the user's cache with javac answers.
    std::env::set_var("XDG_CACHE_HOME", &cache);
    let seed = env_u64("SATTAR_FUZZ_SEED").unwrap_or(20);
    let cases = env_u64("SATTAR_FUZZ_CASES");
    let seconds = env_u64("SATTAR_FUZZ_SECONDS");
    let (max_cases, deadline) = match (cases, seconds) {
        (None, None) => (24, None),
        (c, s) => (
            c.unwrap_or(u64::MAX),
            s.map(|s| Instant::now() + Duration::from_secs(s)),
        ),
    };
    let seeds = seeds();
    let mut jvms = Jvms::start(&seeds, &work.join("bundled"), &cache.join("sattar"));
    let current = Arc::new(Mutex::new((Instant::now(), seed)));
    let findings_dir = target.join("fuzz-findings");
    watchdog(current.clone(), findings_dir.clone());
    let mut stats = Stats::default();
    let t0 = Instant::now();
    let mut rng = SplitMix64(seed);
    while stats.cases < max_cases && deadline.is_none_or(|d| Instant::now() < d) {
        let case_seed = rng.next_u64();
        let case = Case::make(case_seed, &seeds);
        *current.lock().unwrap_or_else(|p| p.into_inner()) = (Instant::now(), case_seed);
        let dir = work.join("case");
        let _ = std::fs::remove_dir_all(&dir);
        let before = stats.findings.len();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            run_case(&case, &dir, &mut jvms, &mut stats)
        }));
        if let Err(p) = outcome {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            stats.findings.push(format!("panic: {msg}"));
        }
        if stats.findings.len() > before {
            let keep = findings_dir.join(case.seed.to_string());
            case.write(&keep);
            std::fs::write(
                keep.join("finding.txt"),
                stats.findings[before..].join("\n\n"),
            )
            .expect("write");
            eprintln!(
                "fuzz: finding in case {} ({:?}): {}",
                case.seed, case.mutations, stats.findings[before]
            );
        }
        stats.cases += 1;
        if stats.cases % 500 == 0 {
            // The javac answers of mutants are never asked for again.
            let _ = std::fs::remove_dir_all(cache.join("sattar/attributed"));
            eprintln!(
                "fuzz: {} cases, {} executions, {} findings, {:.0} s",
                stats.cases,
                stats.executions,
                stats.findings.len(),
                t0.elapsed().as_secs_f64()
            );
        }
    }
    eprintln!(
        "fuzz: seed {seed}: {} cases, {} executions in {:.0} s; {} parsed, {} loaded, {} runs compared with the JVM; {} errors, {} naming their place; {} findings",
        stats.cases,
        stats.executions,
        t0.elapsed().as_secs_f64(),
        stats.parsed,
        stats.loaded,
        stats.compared,
        stats.errors,
        stats.located,
        stats.findings.len()
    );
    for u in &stats.unlocated {
        eprintln!("fuzz: an error without a place: {u}");
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(
        stats.parsed > 0 && stats.loaded > 0,
        "the campaign reached the analyses"
    );
    assert!(
        stats.findings.is_empty(),
        "{} findings (cases in {findings_dir:?}):\n{}",
        stats.findings.len(),
        stats.findings.join("\n\n")
    );
}
