//! `sattar eval`: the comparison tables.

use crate::out;
use anyhow::Result;
use clap::{Args, ValueEnum};
use sattar_engine::facade::{self, EvalRequest};
use sattar_report as report;
use std::io::IsTerminal;
use std::process::ExitCode;

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
    /// Which catalog faults: comma-separated ids or globs (`bst.*`); default all but those the
    /// catalog marks heavy, which run only when a pattern names their subject (`maps.lru.*`).
    #[arg(long, default_value = "*")]
    faults: String,
    /// Which techniques, comma-separated (default all): sat-tar, sat-tar-user, sat, tar-muc, cp,
    /// tar-rand, tar-dt, tar-dt+sat, apg, bugassist.
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
    /// What every spectrum technique rates: `outcomes` (a branch statement per value its
    /// condition took) or `statements` (the paper's spectra).
    #[arg(long, value_enum, default_value_t)]
    domain: crate::localize::DomainArg,
    /// The paper's relaxed cores: postconditions the failing run satisfies stay soft (by default
    /// they are hard, so cores blame only what the violation needs).
    #[arg(long)]
    relaxed: bool,
    /// The most solves BugAssist's search for minimum correction sets spends per input; an
    /// input whose budget runs out before one is found ranks every statement tied.
    #[arg(long, default_value_t = sattar_engine::baselines::DEFAULT_BUGASSIST_SOLVES)]
    bugassist_solves: usize,
    /// Also evaluate up to N killed, distinct first-order mutants of each subject method of the
    /// selected faults (`sattar mutate` lists them), in their own tables, omissions apart.
    #[arg(long, value_name = "N", default_value_t = 0)]
    mutants: usize,
    /// A statement repairs the failing run (SAT-TAR's tie-break, BugAssist's correction sets)
    /// when relaxing it in every instance does, the instances the run did not execute included
    /// (by default: its executed instances; the cores are the same either way).
    #[arg(long)]
    relax_unexecuted: bool,
    /// The most conflicts one test-generation query (SAT-TAR's, TAR_DT's) may take before it is
    /// given up as undecided; 0: no limit. Conflicts, not time: the tables are the same on every
    /// machine.
    #[arg(long, value_name = "N", default_value_t = sattar_engine::DEFAULT_GEN_CONFLICTS)]
    gen_conflicts: u32,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: TableFormat,
    /// Also write the per-case rows as JSON to this new file (never over an existing one).
    #[arg(long, value_name = "FILE")]
    raw: Option<std::path::PathBuf>,
}

/// Runs every selected technique on every selected fault and prints the tables.
pub fn eval(a: EvalArgs) -> Result<ExitCode> {
    out::refuse_existing(a.raw.as_deref(), "--raw")?;
    let req = EvalRequest {
        faults: a.faults,
        techniques: a.techniques,
        runs: a.runs,
        seed: a.seed,
        threads: a.threads,
        scope: a.scope,
        formula: a.formula,
        domain: a.domain.domain(),
        relaxed: a.relaxed,
        bugassist_solves: a.bugassist_solves,
        mutants: a.mutants,
        relax_unexecuted: a.relax_unexecuted,
        gen_conflicts: (a.gen_conflicts > 0).then_some(a.gen_conflicts),
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        if terminal {
            out::progress(&report::progress_bar(done, total));
        }
    };
    let outcome = facade::run_experiment(&req, &progress)?;
    if terminal {
        out::progress("\n");
    }
    let rows = &outcome.rows;
    if let Some(path) = &a.raw {
        out::write_new(
            path,
            "--raw",
            &report::render_json(&report::eval_json(rows)),
        )?;
    }
    match a.format {
        TableFormat::Json => out::println(&report::render_json(&report::eval_json(rows)))?,
        TableFormat::Csv => out::print(&report::eval_csv(rows))?,
        TableFormat::Markdown => out::print(&report::eval_markdown(
            rows,
            &outcome.setup,
            outcome.wall_seconds,
        ))?,
    }
    for why in &outcome.setup.left_out {
        eprintln!("warning: left out {why}");
    }
    Ok(ExitCode::SUCCESS)
}
