//! `sattar eval` (the comparison tables) and `sattar gen` (bounded-exhaustive inputs).

use crate::commands::SubjectArgs;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use sattar_engine::experiment::{evaluate, EvalOptions, EvalRow, TECHNIQUES};
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Output formats of `eval`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum TableFormat {
    /// Markdown tables.
    #[default]
    Markdown,
    /// One CSV row per fault, input and technique.
    Csv,
    /// The contract's JSON rows.
    Json,
}

/// Flags of `sattar eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// Which catalog faults: comma-separated ids or globs (`bst.*`); default all.
    #[arg(long, default_value = "*")]
    faults: String,
    /// Which techniques, comma-separated (default all): sat-tar, sat-tar-user, sat, tar-muc, cp,
    /// tar-rand, tar-dt, tar-dt+sat, apg.
    #[arg(long)]
    techniques: Option<String>,
    /// Fault-revealing inputs per fault (random sizes, seeded).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: the cores of this machine).
    #[arg(long)]
    threads: Option<usize>,
    /// Objects per class of the input pool the fault-revealing and TAR_rand inputs come from.
    #[arg(long, default_value_t = 3)]
    scope: usize,
    /// The SBFL formula of every spectrum technique.
    #[arg(long, default_value = "tarantula")]
    formula: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: TableFormat,
}

/// Whether `id` matches a comma-separated list of ids and `*` globs.
fn selected(pattern: &str, id: &str) -> bool {
    pattern.split(',').map(str::trim).any(|p| glob(p, id))
}

fn glob(p: &str, s: &str) -> bool {
    match p.split_once('*') {
        None => p == s,
        Some((head, rest)) => {
            s.starts_with(head)
                && (0..=s.len() - head.len())
                    .any(|i| s.is_char_boundary(head.len() + i) && glob(rest, &s[head.len() + i..]))
        }
    }
}

/// Runs every selected technique on every selected fault and prints the tables.
pub fn eval(a: EvalArgs) -> Result<ExitCode> {
    let catalog = sattar_catalog::Catalog::bundled()?;
    let faults: Vec<String> = catalog
        .faults
        .iter()
        .map(|f| f.id.clone())
        .filter(|id| selected(&a.faults, id))
        .collect();
    if faults.is_empty() {
        bail!(
            "--faults {}: no catalog fault matches (see `sattar faults`)",
            a.faults
        );
    }
    let techniques: Vec<String> = match &a.techniques {
        None => TECHNIQUES.iter().map(|t| t.to_string()).collect(),
        Some(list) => list.split(',').map(|t| t.trim().to_string()).collect(),
    };
    if let Some(bad) = techniques
        .iter()
        .find(|t| !TECHNIQUES.contains(&t.as_str()))
    {
        bail!(
            "--techniques: unknown technique `{bad}`; known: {}",
            TECHNIQUES.join(", ")
        );
    }
    if a.runs == 0 || a.scope == 0 {
        bail!("--runs and --scope must be at least 1");
    }
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let opts = EvalOptions {
        faults,
        techniques,
        runs: a.runs,
        seed: a.seed,
        threads,
        scope: a.scope,
        formula: a.formula.clone(),
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if terminal {
            let width = 30;
            let filled = width * done / total.max(1);
            eprint!(
                "\r[{}{}] {done}/{total} inputs",
                "#".repeat(filled),
                " ".repeat(width - filled)
            );
            let _ = std::io::stderr().flush();
        }
    };
    let t0 = Instant::now();
    let rows = evaluate(&opts, &progress)?;
    let wall = t0.elapsed().as_secs_f64();
    if terminal {
        eprintln!();
    }
    match a.format {
        TableFormat::Json => {
            crate::output::print_json(&Json::Array(rows.iter().map(row_json).collect()))
        }
        TableFormat::Csv => print!("{}", csv(&rows)),
        TableFormat::Markdown => print!("{}", markdown(&rows, &opts, wall)),
    }
    Ok(ExitCode::SUCCESS)
}

fn row_json(r: &EvalRow) -> Json {
    json!({
        "fault": r.fault, "technique": r.technique, "run": r.run, "input_size": r.input_size,
        "rank": r.rank, "ranks": r.ranks, "tests": r.tests, "exam": r.exam, "seconds": r.seconds,
    })
}

fn opt(v: Option<usize>) -> String {
    v.map_or("–".into(), |r| r.to_string())
}

fn csv(rows: &[EvalRow]) -> String {
    let mut out = String::from("fault,technique,run,input_size,rank,ranks,tests,exam,seconds\n");
    for r in rows {
        let ranks: Vec<String> = r.ranks.iter().map(|x| opt(*x)).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{:.6}",
            r.fault,
            r.technique,
            r.run,
            r.input_size,
            r.rank.map_or(String::new(), |x| x.to_string()),
            ranks.join(" "),
            r.tests,
            r.exam.map_or(String::new(), |x| format!("{x:.4}")),
            r.seconds
        );
    }
    out
}

/// Mean of the ranks (an unranked fault counts as the number of statements it could have been
/// behind: reported as `–` when any run failed to rank it) and of the tests.
fn cell(rows: &[&EvalRow]) -> String {
    if rows.is_empty() {
        return "".into();
    }
    let ranks: Option<Vec<usize>> = rows.iter().map(|r| r.rank).collect();
    let tests = rows.iter().map(|r| r.tests).sum::<usize>() as f64 / rows.len() as f64;
    match ranks {
        Some(rs) => format!(
            "{:.1} ({tests:.1})",
            rs.iter().sum::<usize>() as f64 / rs.len() as f64
        ),
        None => format!("– ({tests:.1})"),
    }
}

fn markdown(rows: &[EvalRow], opts: &EvalOptions, wall: f64) -> String {
    let catalog = sattar_catalog::Catalog::bundled().ok();
    let multi = |id: &str| {
        catalog
            .as_ref()
            .and_then(|c| c.fault(id).ok())
            .is_some_and(|f| f.is_multi())
    };
    let mut by: BTreeMap<(&str, &str), Vec<&EvalRow>> = BTreeMap::new();
    for r in rows {
        by.entry((r.fault.as_str(), r.technique.as_str()))
            .or_default()
            .push(r);
    }
    let techs: Vec<&str> = TECHNIQUES
        .iter()
        .copied()
        .filter(|t| opts.techniques.iter().any(|x| x == t))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Mean worst-case rank of the faulty statement (mean tests) over {} fault-revealing inputs per fault, seed {}, pool scope {}, formula {}. SAT-TAR_user is an ideal user who stops at the best round.\n",
        opts.runs, opts.seed, opts.scope, opts.formula
    );
    let header = |out: &mut String, cols: &[&str]| {
        let _ = writeln!(out, "| fault | {} |", cols.join(" | "));
        let _ = writeln!(out, "|---|{}", "---:|".repeat(cols.len()));
    };
    let _ = writeln!(out, "### Single faults\n");
    header(&mut out, &techs);
    for f in opts.faults.iter().filter(|f| !multi(f)) {
        let cells: Vec<String> = techs
            .iter()
            .map(|t| cell(by.get(&(f.as_str(), *t)).map_or(&[][..], |v| v)))
            .collect();
        let _ = writeln!(out, "| {f} | {} |", cells.join(" | "));
    }
    let restricted: Vec<&str> = ["tar-dt+sat", "tar-muc", "sat-tar"]
        .into_iter()
        .filter(|t| techs.contains(t))
        .collect();
    if !restricted.is_empty() {
        let _ = writeln!(out, "\n### Restricted variants\n");
        header(&mut out, &restricted);
        for f in &opts.faults {
            let cells: Vec<String> = restricted
                .iter()
                .map(|t| cell(by.get(&(f.as_str(), *t)).map_or(&[][..], |v| v)))
                .collect();
            let _ = writeln!(out, "| {f} | {} |", cells.join(" | "));
        }
    }
    multi_table(&mut out, rows, opts, &techs, &multi);
    let _ = writeln!(out, "\n### Times\n");
    let _ = writeln!(out, "| technique | mean s per input | max s |");
    let _ = writeln!(out, "|---|---:|---:|");
    for t in &techs {
        let secs: Vec<f64> = rows
            .iter()
            .filter(|r| r.technique == *t)
            .map(|r| r.seconds)
            .collect();
        let mean = secs.iter().sum::<f64>() / secs.len().max(1) as f64;
        let max = secs.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(out, "| {t} | {mean:.4} | {max:.4} |");
    }
    let _ = writeln!(
        out,
        "\nWhole evaluation: {wall:.1} s wall time on {} threads.",
        opts.threads
    );
    out
}

fn multi_table(
    out: &mut String,
    rows: &[EvalRow],
    opts: &EvalOptions,
    techs: &[&str],
    multi: &dyn Fn(&str) -> bool,
) {
    let multis: Vec<&String> = opts.faults.iter().filter(|f| multi(f)).collect();
    if multis.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n### Multiple faults: rank of each faulty line, per failing input\n"
    );
    let _ = writeln!(out, "| fault | input | objects | {} |", techs.join(" | "));
    let _ = writeln!(out, "|---|---:|---:|{}", "---:|".repeat(techs.len()));
    for f in multis {
        let runs: std::collections::BTreeSet<usize> = rows
            .iter()
            .filter(|r| &r.fault == f)
            .map(|r| r.run)
            .collect();
        for run in runs {
            let of = |t: &str| {
                rows.iter()
                    .find(|r| &r.fault == f && r.run == run && r.technique == t)
            };
            let size = of(techs[0]).map_or(0, |r| r.input_size);
            let cells: Vec<String> = techs
                .iter()
                .map(|t| {
                    of(t).map_or(String::new(), |r| {
                        r.ranks
                            .iter()
                            .map(|x| opt(*x))
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                })
                .collect();
            let _ = writeln!(
                out,
                "| {f} | {} | {size} | {} |",
                run + 1,
                cells.join(" | ")
            );
        }
    }
}

/// Flags of `sattar gen`.
#[derive(Args)]
pub struct GenArgs {
    #[command(flatten)]
    subject: SubjectArgs,
    /// Objects per class (up to; see --exactly), and the default int domains (0..scope).
    #[arg(long, default_value_t = 3)]
    scope: usize,
    /// This class gets exactly `scope` objects (e.g. `Node`: trees of exactly N nodes).
    #[arg(long)]
    exactly: Option<String>,
    /// An argument's values: `k=0` or `k=0..3` (inclusive); repeatable.
    #[arg(long = "arg")]
    args: Vec<String>,
    /// Only count the inputs.
    #[arg(long)]
    count: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: crate::Format,
}

fn parse_arg(a: &str) -> Result<(String, Vec<i32>)> {
    let (name, values) = a
        .split_once('=')
        .with_context(|| format!("--arg {a}: write NAME=VALUE or NAME=LO..HI"))?;
    let parse = |v: &str| {
        v.trim()
            .parse::<i32>()
            .with_context(|| format!("--arg {a}: `{v}` is not an int"))
    };
    let values = match values.split_once("..") {
        Some((lo, hi)) => (parse(lo)?..=parse(hi)?).collect(),
        None => vec![parse(values)?],
    };
    if values.is_empty() {
        bail!("--arg {a}: the range is empty");
    }
    Ok((name.trim().to_string(), values))
}

/// Generates (or counts) every non-isomorphic valid input within the bounds.
pub fn gen(a: GenArgs) -> Result<ExitCode> {
    let subject = a.subject.load_any_ensures()?;
    let schema = subject.program.schema();
    let mut fin = sattar_gen::Finitization::for_method(&schema, &subject.spec, a.scope)?;
    if let Some(c) = &a.exactly {
        fin.exactly(c, a.scope)?;
    }
    for arg in &a.args {
        let (name, values) = parse_arg(arg)?;
        fin.int_arg(&name, values)?;
    }
    let generator = sattar_gen::Generator::new(&schema, &subject.spec, &fin)?;
    let t0 = Instant::now();
    let (count, inputs) = if a.count {
        (generator.count()?, Vec::new())
    } else {
        let inputs = generator.inputs()?;
        (inputs.len() as u64, inputs)
    };
    let secs = t0.elapsed().as_secs_f64();
    match a.format {
        crate::Format::Json => {
            let list: Vec<Json> = inputs.iter().map(sattar_heap::input_to_json).collect();
            crate::output::print_json(&json!({"count": count, "inputs": list, "seconds": secs}));
        }
        crate::Format::Text => {
            for i in &inputs {
                println!("{i}");
            }
            let fin = fin.to_string().trim().replace('\n', "; ");
            println!("{count} inputs ({secs:.3} s; finitization: {fin})");
        }
    }
    Ok(ExitCode::SUCCESS)
}
