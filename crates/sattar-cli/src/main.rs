//! `sattar`: fault localization for Java data-structure code with specifications, SAT and
//! Tarantula. This binary only reads flags, calls the engine's façade (`sattar_engine::facade`)
//! and prints what `sattar-report` renders.

mod commands;
mod eval;
mod flags;
mod gen;
mod localize;
mod out;

use clap::{Parser, Subcommand, ValueEnum};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

/// Localize faults in Java data-structure code from its relational specification.
#[derive(Parser)]
#[command(name = "sattar", version, about, long_about = None)]
struct Cli {
    /// A fault catalog file (TOML, the format of `java-subjects/faults.toml`) that `--fault` ids,
    /// `sattar faults` and `sattar eval` refer to instead of the bundled one.
    #[arg(long, global = true, value_name = "FILE")]
    catalog: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

/// Output format of every command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For scripts (stdout), see README "Exit codes and JSON".
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// List the fault catalog (the bundled one, or `--catalog`'s).
    Faults(commands::FaultsArgs),
    /// Parse a Java file: its classes, methods and statements with ids, or the diagnostics.
    Parse(commands::ParseArgs),
    /// Run one test; the specification is the oracle.
    Run(commands::RunArgs),
    /// Bounded verification: the smallest valid input whose run violates the postcondition.
    Check(commands::CheckArgs),
    /// The failing input of a JUnit test: the first call of the method that violates the spec.
    Capture(commands::CaptureArgs),
    /// Minimal unsat cores of a failing run: suspect statements and violated constraints.
    Core(commands::CoreArgs),
    /// The SAT-TAR loop: cores, generated tests on the JVM, boosted ranking, round by round.
    Localize(localize::LocalizeArgs),
    /// Compare every technique on the catalog's faults (the bundled one, or `--catalog`'s): the paper's tables.
    Eval(eval::EvalArgs),
    /// The first-order mutants of a method (mutation operators), classified on request.
    Mutate(commands::MutateArgs),
    /// Every non-isomorphic valid input up to a size (Korat-class).
    Gen(gen::GenArgs),
    /// Rank the elements of a GZoltar output directory with any SBFL formula.
    Rank(commands::RankArgs),
    /// The JVM worker process (started by sattar itself; not for direct use).
    #[command(name = "__jvm-worker", hide = true)]
    JvmWorker,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(path) = &cli.catalog {
        if let Err(e) = sattar_catalog::choose(path) {
            out::eprintln(&format!(
                "error: --catalog: {e}\n  help: give a fault catalog file in the format of java-subjects/faults.toml (docs/EVALUATION.md, *Your own catalog*)"
            ));
            return ExitCode::from(2);
        }
    }
    let result = match cli.command {
        Command::Faults(a) => commands::faults(a),
        Command::Parse(a) => commands::parse(a),
        Command::Run(a) => commands::run(a),
        Command::Check(a) => commands::check(a),
        Command::Capture(a) => commands::capture(a),
        Command::Core(a) => commands::core(a),
        Command::Localize(a) => localize::localize(a),
        Command::Eval(a) => eval::eval(a),
        Command::Mutate(a) => commands::mutate(a),
        Command::Gen(a) => gen::gen(a),
        Command::Rank(a) => commands::rank(a),
        Command::JvmWorker => sattar_engine::facade::jvm_worker_main(),
    };
    match result {
        Ok(code) => code,
        // The reader of stdout has gone (`| head`): stop quietly, as the shell's tools do.
        Err(e) if e.downcast_ref::<out::Closed>().is_some() => ExitCode::SUCCESS,
        Err(e) => {
            out::eprintln(&error_text(&e));
            ExitCode::from(2)
        }
    }
}

/// `error: …`, except for located diagnostics, which carry their own `file:line:col: error:`.
fn error_text(e: &anyhow::Error) -> String {
    let located = matches!(
        e.downcast_ref::<sattar_engine::EngineError>(),
        Some(sattar_engine::EngineError::Java(_) | sattar_engine::EngineError::Spec(_))
    );
    let text = error_chain(e);
    if located {
        text
    } else {
        format!("error: {text}")
    }
}

/// The error and its causes, leaving out a cause whose text the message already contains (our
/// library errors embed their causes' locations in their own message).
fn error_chain(e: &anyhow::Error) -> String {
    let mut out = e.to_string();
    for cause in e.chain().skip(1) {
        let text = cause.to_string();
        if !out.contains(&text) {
            out = format!("{out}: {text}");
        }
    }
    out
}
