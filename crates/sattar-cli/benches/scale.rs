//! Scale (issue 19): `sattar core` and `sattar localize` on failing runs of long lists and large
//! trees, as a user runs them. Per case and size: the grouped encoding's variables and clauses,
//! the core search (one core, `--max-cores 1`) against PySAT's MUSX on the very same problem
//! (the exported WCNF, search against search), and the whole `localize` (interpreter engine) in
//! CPU seconds of the process with the faulty line's rank — on the whole input, and with
//! `--shrink` (the input shrunk first). Every process runs under `--sat-time` (the budget, default
//! 30 s; `SATTAR_SCALE_BUDGET=SECONDS`) and is stopped at twice that plus 10 s (the budget bounds
//! the SAT work, not the encoding or the runs); a case past its budget skips its larger sizes.
//! `SATTAR_SCALE_COMPARE_GEN=1` adds the whole `localize` without the generation bound
//! (`--max-gen-scope 1000`), side by side; `SATTAR_SCALE_PREVIOUS=PATH` adds another `sattar`
//! binary (a previous version) running the same `core` and `localize`, side by side. Run:
//! `cargo bench -p sattar-cli --bench scale` (the MUSX column only when python3 has PySAT).
//! Linux only: CPU time is read from `/proc/self/stat` (the reaped children's user + system).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::inputs;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The shape of a case's failing input at `n` nodes.
#[derive(Clone, Copy)]
enum Shape {
    /// `LinkedList` with keys `0..n`, deleting the middle key.
    List,
    /// `BinarySearchTree` of keys `0, 2, …, 2n-2` inserted so it is balanced; `add(k(n))`.
    Bst { k: fn(usize) -> i64 },
}

struct Case {
    fault: &'static str,
    shape: Shape,
    sizes: &'static [usize],
}

const CASES: &[Case] = &[
    Case {
        fault: "sll.removeErr",
        shape: Shape::List,
        sizes: &[10, 20, 30, 40, 50],
    },
    Case {
        fault: "sll.sizeErr",
        shape: Shape::List,
        sizes: &[10, 20, 30, 40, 50],
    },
    // The walk goes left once (`k = 1`), which traverseErr turns right.
    Case {
        fault: "bst.traverseErr",
        shape: Shape::Bst { k: |_| 1 },
        sizes: &[5, 10, 20, 30],
    },
    // The new key is the largest: inserted to the right, which rightErr points at `y` itself.
    Case {
        fault: "bst.rightErr",
        shape: Shape::Bst {
            k: |n| 2 * n as i64 - 1,
        },
        sizes: &[5, 10, 20, 30],
    },
];

/// The list `0..n` deleting its middle key, or the balanced tree of keys `0, 2, …, 2n-2` (built
/// by inserting each range's middle key first) adding `k`, as the JSON `--input` reads.
fn input_json(shape: Shape, n: usize) -> Value {
    let input = match shape {
        Shape::List => {
            let keys: Vec<i32> = (0..n as i32).collect();
            inputs::list(&keys, None, n as i32 / 2, None)
        }
        Shape::Bst { k } => {
            fn order(lo: i32, hi: i32, out: &mut Vec<i32>) {
                if lo < hi {
                    let mid = (lo + hi) / 2;
                    out.push(2 * mid);
                    order(lo, mid, out);
                    order(mid + 1, hi, out);
                }
            }
            let mut keys = Vec::new();
            order(0, n as i32, &mut keys);
            inputs::bst(&keys, k(n) as i32)
        }
    };
    sattar_heap::input_to_json(&input)
}

/// CPU seconds (user + system) of this process's reaped children so far.
fn children_cpu(ticks_per_second: f64) -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat (Linux)");
    // Fields after the command name in parentheses: state is field 3, cutime 16, cstime 17.
    let rest = &stat[stat.rfind(')').expect("stat format") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| fields[i - 3].parse::<f64>().expect("a number");
    (tick(16) + tick(17)) / ticks_per_second
}

fn ticks_per_second() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// Waits for `child` until `deadline`; kills it past that (`false`). Outputs are small (one JSON
/// document or one line): the pipes do not fill before the process ends.
fn ends_within(child: &mut Child, deadline: Duration) -> bool {
    let t0 = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if t0.elapsed() > deadline {
            let _ = child.kill();
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}

/// What one process did: its JSON output (if it succeeded), CPU seconds, and why it failed.
struct Run {
    json: Option<Value>,
    cpu: f64,
    failure: Option<String>,
}

fn run(program: &Path, args: &[String], deadline: Duration, ticks: f64) -> Run {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cpu0 = children_cpu(ticks);
    let mut child = Command::new(program)
        .args(args)
        .current_dir(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let stopped = !ends_within(&mut child, deadline);
    let out = child.wait_with_output().expect("output");
    let cpu = children_cpu(ticks) - cpu0;
    let failure = if stopped {
        Some(format!("stopped after {:.0} s", deadline.as_secs_f64()))
    } else if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().next().unwrap_or("").trim();
        Some(if first.contains("--sat-time") {
            "past --sat-time".to_string()
        } else {
            first.chars().take(80).collect()
        })
    } else {
        None
    };
    let json = serde_json::from_slice(&out.stdout).ok();
    Run { json, cpu, failure }
}

/// MUSX's (search ms) on `wcnf`, or why there is none.
fn musx(wcnf: &Path, deadline: Duration) -> String {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../sattar-engine/benches/musx_time.py");
    let args = vec![
        script.display().to_string(),
        "--runs".into(),
        "1".into(),
        wcnf.display().to_string(),
    ];
    let mut out = Command::new("python3")
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3");
    if !ends_within(&mut out, deadline) {
        let _ = out.wait();
        return format!("> {:.0} s", deadline.as_secs_f64());
    }
    let text =
        String::from_utf8_lossy(&out.wait_with_output().expect("output").stdout).into_owned();
    text.split_whitespace()
        .nth(2)
        .map_or("– (no PySAT)".into(), str::to_string)
}

fn main() {
    let program = PathBuf::from(env!("CARGO_BIN_EXE_sattar"));
    let budget: f64 = std::env::var("SATTAR_SCALE_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30.0);
    let deadline = Duration::from_secs_f64(2.0 * budget + 10.0);
    let ticks = ticks_per_second();
    let dir = std::env::temp_dir().join("sattar-scale-bench");
    std::fs::create_dir_all(&dir).expect("temp dir");
    println!(
        "budget: --sat-time {budget} per process (stopped after {:.0} s)",
        deadline.as_secs_f64()
    );
    println!("| fault | nodes | vars | clauses | core ms (search) | MUSX ms (search) | MUSX / sattar | localize CPU s | rank | tests | --shrink: CPU s | rank |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    // `SATTAR_SCALE_COMPARE_GEN=1`: also localize with no generation bound, side by side.
    let compare_gen = std::env::var_os("SATTAR_SCALE_COMPARE_GEN").is_some();
    let (mut gen_rows, mut unbounded_past) = (Vec::new(), Vec::new());
    // `SATTAR_SCALE_PREVIOUS=PATH`: the same commands with another binary, side by side.
    let previous = std::env::var_os("SATTAR_SCALE_PREVIOUS").map(PathBuf::from);
    let (mut previous_rows, mut previous_past) = (Vec::new(), Vec::new());
    for case in CASES {
        let mut past_budget = false;
        for &n in case.sizes {
            if past_budget {
                println!(
                    "| {} | {n} | (skipped: a smaller size was past the budget) |||||||||",
                    case.fault
                );
                continue;
            }
            let input = input_json(case.shape, n);
            let stem = format!("{}-{n}", case.fault.replace('.', "_"));
            let input_path = dir.join(format!("{stem}.json"));
            std::fs::write(&input_path, input.to_string()).expect("write input");
            let wcnf = dir.join(format!("{stem}.wcnf"));
            let _ = std::fs::remove_file(&wcnf);
            let common = |cmd: &str| -> Vec<String> {
                [cmd, "--fault", case.fault, "--input"]
                    .iter()
                    .map(|s| s.to_string())
                    .chain([
                        input_path.display().to_string(),
                        "--format".into(),
                        "json".into(),
                        "--sat-time".into(),
                        budget.to_string(),
                    ])
                    .collect()
            };
            let mut core_args = common("core");
            core_args.extend(["--max-cores".into(), "1".into(), "--export-wcnf".into()]);
            core_args.push(wcnf.display().to_string());
            let core = run(&program, &core_args, deadline, ticks);
            let rank = |r: &Run| {
                r.json
                    .as_ref()
                    .map_or("–".into(), |j| j["fault"]["rank"].to_string())
            };
            let cpu = |r: &Run| match &r.failure {
                None => format!("{:.2}", r.cpu),
                Some(why) => format!("{why} ({:.1})", r.cpu),
            };
            let localize_with = |program: &Path, tag: &str, extra: &[&str]| {
                let session = dir.join(format!("{stem}-{tag}.jsonl"));
                let _ = std::fs::remove_file(&session);
                let mut args = common("localize");
                args.extend(["--engine".into(), "interp".into(), "--session".into()]);
                args.push(session.display().to_string());
                args.extend(extra.iter().map(|a| a.to_string()));
                run(program, &args, deadline, ticks)
            };
            let localize = |tag: &str, extra: &[&str]| localize_with(&program, tag, extra);
            let whole = localize("whole", &[]);
            let shrunk = localize("shrunk", &["--shrink"]);
            if compare_gen && !unbounded_past.contains(&case.fault) {
                // The generation bound against none (the failing input's scope), side by side.
                let unbounded = localize("unbounded", &["--max-gen-scope", "1000"]);
                if unbounded.failure.is_some() {
                    unbounded_past.push(case.fault);
                }
                let ratio = match (&whole.failure, &unbounded.failure) {
                    (None, None) => format!("{:.1}×", unbounded.cpu / whole.cpu),
                    (None, Some(_)) => format!("> {:.0}×", unbounded.cpu / whole.cpu),
                    _ => "–".into(),
                };
                gen_rows.push(format!(
                    "| {} | {n} | {} | {} | {} | {} | {ratio} |",
                    case.fault,
                    cpu(&whole),
                    rank(&whole),
                    cpu(&unbounded),
                    rank(&unbounded)
                ));
            }
            if let Some(prev) = previous
                .as_deref()
                .filter(|_| !previous_past.contains(&case.fault))
            {
                // Without `--export-wcnf`: MUSX reads this binary's export.
                let old_core = run(prev, &core_args[..core_args.len() - 2], deadline, ticks);
                let old_whole = localize_with(prev, "previous", &[]);
                let core_ms = |r: &Run| r.json.as_ref().and_then(|j| j["core_ms"].as_f64());
                let core_ratio = match (core_ms(&old_core), core_ms(&core)) {
                    (Some(old), Some(new)) => format!("{:.2}×", old / new),
                    _ => "–".into(),
                };
                let whole_ratio = match (&old_whole.failure, &whole.failure) {
                    (None, None) => format!("{:.2}×", old_whole.cpu / whole.cpu),
                    (Some(_), None) => format!("> {:.1}×", old_whole.cpu / whole.cpu),
                    _ => "–".into(),
                };
                if old_whole.failure.is_some() {
                    previous_past.push(case.fault);
                }
                let ms = |r: &Run| core_ms(r).map_or_else(|| cpu(r), |m| format!("{m:.1}"));
                previous_rows.push(format!(
                    "| {} | {n} | {} | {} | {core_ratio} | {} | {} | {} | {} | {whole_ratio} |",
                    case.fault,
                    ms(&old_core),
                    ms(&core),
                    cpu(&old_whole),
                    rank(&old_whole),
                    cpu(&whole),
                    rank(&whole),
                ));
            }
            let field = |r: &Run, key: &str| {
                r.json
                    .as_ref()
                    .map(|j| j[key].to_string())
                    .unwrap_or_else(|| r.failure.clone().unwrap_or_default())
            };
            let (core_ms, ratio, vars, clauses) = match &core.json {
                Some(j) => {
                    let ours = j["core_ms"].as_f64().unwrap_or(f64::NAN);
                    let theirs = musx(&wcnf, deadline);
                    let ratio = theirs
                        .parse::<f64>()
                        .map_or("–".into(), |t| format!("{:.2}×", t / ours));
                    (
                        format!("{ours:.1}"),
                        (theirs, ratio),
                        j["vars"].to_string(),
                        j["clauses"].to_string(),
                    )
                }
                None => (
                    core.failure.clone().unwrap_or_default(),
                    ("–".into(), "–".into()),
                    "–".into(),
                    "–".into(),
                ),
            };
            println!(
                "| {} | {n} | {vars} | {clauses} | {core_ms} | {} | {} | {} | {} | {} | {} | {} |",
                case.fault,
                ratio.0,
                ratio.1,
                cpu(&whole),
                rank(&whole),
                field(&whole, "tests"),
                cpu(&shrunk),
                rank(&shrunk)
            );
            past_budget = core.failure.is_some() || whole.failure.is_some();
        }
    }
    if compare_gen {
        println!();
        println!("generation bound: localize CPU s with the default --max-gen-scope against --max-gen-scope 1000 (the failing input's scope)");
        println!("| fault | nodes | default: CPU s | rank | unbounded: CPU s | rank | unbounded / default |");
        println!("|---|---:|---:|---:|---:|---:|---:|");
        for row in gen_rows {
            println!("{row}");
        }
    }
    if let Some(prev) = previous {
        println!();
        println!(
            "previous version ({}): core search ms and localize CPU s, the previous binary against this one",
            prev.display()
        );
        println!("| fault | nodes | previous: core ms | this: core ms | previous / this | previous: CPU s | rank | this: CPU s | rank | previous / this |");
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for row in previous_rows {
            println!("{row}");
        }
    }
}
