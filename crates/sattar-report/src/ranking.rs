//! `sattar rank`: the elements of a GZoltar spectrum ranked by an SBFL formula.

use sattar_rank::gzoltar::RankedLine;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// A GZoltar ranking as JSON (a non-finite score as a string).
pub fn rank_json(lines: &[RankedLine]) -> Json {
    let rows: Vec<Json> = lines
        .iter()
        .map(|l| {
            let score = if l.score.is_finite() { json!(l.score) } else { json!(l.score.to_string()) };
            json!({"name": l.name, "score": score, "rank": l.rank, "rank_avg": l.rank_avg, "rank_best": l.rank_best})
        })
        .collect();
    Json::Array(rows)
}

/// A GZoltar ranking as a table.
pub fn rank_text(lines: &[RankedLine]) -> String {
    let mut out = format!("{:>5} {:>10}  element\n", "rank", "score");
    for l in lines {
        let _ = writeln!(out, "{:>5} {:>10.4}  {}", l.rank, l.score, l.name);
    }
    out
}

/// The names of every formula sattar knows, comma-separated, with a newline.
pub fn formulas_text() -> String {
    format!("{}\n", sattar_rank::formula::known_names())
}
