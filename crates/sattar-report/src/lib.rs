//! The output formats of every `sattar` command.
//!
//! Each command's result is plain data — a model built by `sattar-engine` or a value of a lower
//! crate (the fault catalog, the parsed program, a GZoltar ranking) — and this crate renders it as
//! text for people and as JSON for scripts (the shapes README "Exit codes and JSON"
//! documents): [`catalog`] (`sattar faults`), [`program`] (`parse`), [`run`], [`check`], [`cores`]
//! (`core`), [`generation`] (`gen`), [`experiment`] (`eval`), [`ranking`] (`rank`), and for
//! `localize` the [`Report`].
//!
//! A localization ends in a [`Report`]: the violated constraints, the minimal-core suspects and
//! every statement ranked by suspiciousness. This crate prints it for people ([`render_text`], an
//! 80-column table, coloured only on a terminal without `NO_COLOR`), for scripts (the serde form of
//! [`Report`] is the command's `--format json`), and for code-scanning tools ([`to_sarif`], a SARIF
//! 2.1.0 log). It also turns the tests the loop generated into a compilable JUnit 5 suite
//! ([`junit_suite`]) that rebuilds each input heap field by field and checks the call with the
//! specification compiled to Java (or asserts the behaviour sattar observed), so a localization
//! session leaves tests behind that fail while the fault is there. The crate knows
//! nothing of the engine: it reads the Java IR and heaps, and the numbers the engine computed.

pub mod catalog;
pub mod check;
pub mod cores;
pub mod experiment;
pub mod generation;
pub mod gzoltar;
pub mod html;
pub mod interactive;
pub mod json;
pub mod junit;
pub mod model;
pub mod program;
pub mod progress;
pub mod ranking;
pub mod run;
pub mod sarif;
pub mod text;

pub use catalog::{faults_json, faults_text, mutants_json, mutants_text, MutantLine};
pub use check::{check_json, check_text, CheckSummary, ScopeSize, Violation};
pub use cores::{core_json, core_text, CoreItem, CoreSummary, InputOrigin, Statement};
pub use experiment::{
    eval_csv, eval_json, eval_markdown, progress_bar, EvalMutant, EvalRow, EvalSetup, MutantSummary,
};
pub use generation::{gen_json, gen_text, GeneratedInputs};
pub use html::{html, HtmlReport, RunView, SourceView, HTML_MARK};
pub use interactive::{
    empty_core_note, render_round_prompt, resume_hint, session_note, RoundNote, RoundPrompt,
    TopStatement,
};
pub use json::render_json;
pub use junit::{
    junit_suite, ExpectedOutcome, ExportError, ExportedTest, JavaTestFile, Oracle, Outcome,
    GENERATED_MARK,
};
pub use model::{report_json, ConditionValue, FaultInfo, RankedStatement, Report, RoundSummary};
pub use program::{program_json, program_text, support_json, support_text};
pub use progress::{found_progress, round_progress, scope_progress, Throttle, CLEAR_LINE};
pub use ranking::{formulas_text, rank_json, rank_text};
pub use run::{input_note, invalid_input_warning, run_json, run_text, TestRun};
pub use sarif::{render_sarif, to_sarif, SarifOptions, RULE_ID, SARIF_SCHEMA, SARIF_VERSION};
/// The one escaping of user text for a terminal (see `sattar_diag::printable`).
pub use sattar_diag::{printable, printable_lines};
pub use sattar_heap::input_to_json;
pub use text::{render_text, use_colour, use_colour_with, TextOptions, WIDTH};
