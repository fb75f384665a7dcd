//! `sattar gen`: every non-isomorphic valid input within a finitization.

use sattar_heap::{input_to_json, TestInput};
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// What a bounded-exhaustive generation produced.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedInputs {
    /// How many inputs there are.
    pub count: u64,
    /// The inputs (empty when they were only counted).
    pub inputs: Vec<TestInput>,
    /// Wall time of the generation, in seconds.
    pub seconds: f64,
    /// The finitization, as `Finitization` displays it (one line per domain).
    pub finitization: String,
}

/// The inputs as JSON: `{"count", "inputs", "seconds"}`.
pub fn gen_json(g: &GeneratedInputs) -> Json {
    let list: Vec<Json> = g.inputs.iter().map(input_to_json).collect();
    json!({"count": g.count, "inputs": list, "seconds": g.seconds})
}

/// The inputs one per line, then the count, the time and the finitization on one line.
pub fn gen_text(g: &GeneratedInputs) -> String {
    let mut out = String::new();
    for i in &g.inputs {
        let _ = writeln!(out, "{i}");
    }
    let fin = g.finitization.trim().replace('\n', "; ");
    let _ = writeln!(
        out,
        "{} inputs ({:.3} s; finitization: {fin})",
        g.count, g.seconds
    );
    out
}
