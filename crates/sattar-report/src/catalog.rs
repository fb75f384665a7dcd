//! `sattar faults`: the bundled fault catalog as a table or as JSON.

use sattar_catalog::Catalog;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// The catalog as JSON: one object per fault.
pub fn faults_json(c: &Catalog) -> Json {
    let faults: Vec<Json> = c
        .faults
        .iter()
        .map(|f| {
            json!({
                "id": f.id, "subject": f.subject, "method": f.method, "spec": f.spec,
                "ensures": f.ensures, "faulty_lines": f.faulty_lines(), "multi": f.is_multi(),
                "description": f.description,
            })
        })
        .collect();
    Json::Array(faults)
}

/// The catalog as a table: id, method, ensures set, faulty lines, description.
pub fn faults_text(c: &Catalog) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<22} {:<8} {:<10} {:<9} description",
        "id", "method", "ensures", "lines"
    );
    for f in &c.faults {
        let lines: Vec<String> = f.faulty_lines().iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "{:<22} {:<8} {:<10} {:<9} {}",
            f.id,
            f.method,
            f.ensures.as_deref().unwrap_or("-"),
            lines.join(","),
            f.description
        );
    }
    out
}
