//! The output formats of `sattar localize`.
//!
//! A localization ends in a [`Report`]: the violated constraints, the minimal-core suspects and
//! every statement ranked by suspiciousness. This crate prints it for people ([`render_text`], an
//! 80-column table, coloured only on a terminal without `NO_COLOR`), for scripts (the serde form of
//! [`Report`] is the command's `--format json`), and for code-scanning tools ([`to_sarif`], a SARIF
//! 2.1.0 log). It also turns the tests the loop generated into one compilable JUnit 5 class
//! ([`junit_test_class`]) that rebuilds each input heap field by field and asserts the behaviour
//! sattar observed, so a localization session leaves a regression suite behind. The crate knows
//! nothing of the engine: it reads the Java IR and heaps, and the numbers the engine computed.

#![warn(missing_docs)]

pub mod junit;
pub mod model;
pub mod sarif;
pub mod text;

pub use junit::{
    junit_test_class, ExpectedOutcome, ExportError, ExportedTest, JavaTestFile, Outcome,
};
pub use model::{FaultInfo, RankedStatement, Report, RoundSummary};
pub use sarif::{render_sarif, to_sarif, SarifOptions, RULE_ID, SARIF_SCHEMA, SARIF_VERSION};
pub use text::{render_text, use_colour, use_colour_with, TextOptions, WIDTH};
