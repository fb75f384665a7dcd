//! `sattar gen`: every non-isomorphic valid input up to a size (Korat-class).

use crate::commands::SubjectArgs;
use crate::out;
use crate::Format;
use anyhow::Result;
use clap::Args;
use sattar_engine::facade::{self, GenRequest};
use sattar_engine::Subject;
use sattar_report as report;
use std::process::ExitCode;

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
    format: Format,
}

/// How often the progress line may change.
const TICK: std::time::Duration = std::time::Duration::from_millis(100);

/// Generates (or counts) every non-isomorphic valid input within the bounds.
pub fn gen(a: GenArgs) -> Result<ExitCode> {
    let subject = Subject::load(&a.subject.request(true))?;
    let req = GenRequest {
        scope: a.scope,
        exactly: a.exactly,
        args: a.args,
        count_only: a.count,
    };
    let (mut line, mut throttle) = (out::Progress::on_terminal(), report::Throttle::new(TICK));
    let generated = facade::generate_inputs(&subject, &req, &mut |n| {
        if throttle.ready() {
            line.show(&report::found_progress(n));
        }
    });
    line.clear();
    let generated = generated?;
    match a.format {
        Format::Json => out::println(&report::render_json(&report::gen_json(&generated)))?,
        Format::Text => out::print(&report::gen_text(&generated))?,
    }
    Ok(ExitCode::SUCCESS)
}
