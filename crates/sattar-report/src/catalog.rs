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
    let rows: Vec<[String; 5]> = c
        .faults
        .iter()
        .map(|f| {
            let lines: Vec<String> = f.faulty_lines().iter().map(u32::to_string).collect();
            [
                f.id.clone(),
                f.method.clone(),
                f.ensures.clone().unwrap_or_else(|| "-".into()),
                lines.join(","),
                f.description.clone(),
            ]
        })
        .collect();
    let head = ["id", "method", "ensures", "lines", "description"].map(String::from);
    aligned(&head, &rows)
}

/// Rows under a header, each column but the last as wide as its widest cell, so long names
/// keep the columns aligned.
fn aligned<const N: usize>(head: &[String; N], rows: &[[String; N]]) -> String {
    let width = |i: usize| {
        rows.iter()
            .chain([head])
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..N).map(width).collect();
    let mut out = String::new();
    for r in std::iter::once(head).chain(rows) {
        let cells: Vec<String> = (0..N)
            .map(|i| match i + 1 == N {
                true => r[i].clone(),
                false => format!("{:<w$}", r[i], w = widths[i]),
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// One mutant as `sattar mutate` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MutantLine {
    /// Its id (`sll.delete.L23.AOR1`).
    pub id: String,
    /// The operator's short name.
    pub operator: String,
    /// The file it changes.
    pub file: String,
    /// The line.
    pub line: u32,
    /// The text replaced.
    pub original: String,
    /// The replacement.
    pub faulty: String,
    /// What bounded verification says of it (`--classify`).
    pub status: Option<String>,
}

/// The mutants as a table: id, operator, status, `file:line`, the change.
pub fn mutants_text(rows: &[MutantLine]) -> String {
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|m| {
            [
                m.id.clone(),
                m.operator.clone(),
                m.status.clone().unwrap_or_else(|| "-".into()),
                format!("{}:{}", m.file, m.line),
                format!("{}  →  {}", m.original, m.faulty),
            ]
        })
        .collect();
    let head = ["id", "operator", "status", "place", "change"].map(String::from);
    aligned(&head, &cells)
}

/// The mutants as JSON: one object each.
pub fn mutants_json(rows: &[MutantLine]) -> Json {
    Json::Array(
        rows.iter()
            .map(|m| {
                json!({
                    "id": m.id, "operator": m.operator, "file": m.file, "line": m.line,
                    "original": m.original, "faulty": m.faulty, "status": m.status,
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sattar_catalog::{Fault, Mutation};

    fn fault(id: &str, method: &str) -> Fault {
        Fault {
            id: id.into(),
            subject: "A.java".into(),
            spec: "a.spec".into(),
            method: method.into(),
            ensures: None,
            description: "d".into(),
            mutations: vec![Mutation {
                file: None,
                line: 3,
                original: "a".into(),
                faulty: "b".into(),
            }],
            heavy: None,
        }
    }

    #[test]
    fn columns_stay_aligned_for_long_method_names() {
        let c = Catalog {
            root: ".".into(),
            file: "faults.toml".into(),
            faults: vec![
                fault("x.short", "f"),
                fault("x.long", "freshenParentAndChildIndexes"),
            ],
        };
        let text = faults_text(&c);
        let starts: Vec<usize> = text
            .lines()
            .map(|l| l.find(['3', 'l']).unwrap_or(0))
            .collect();
        // Every row's `lines` column starts where the header's does.
        let header = text.lines().next().unwrap_or("");
        let col = header.find("lines").unwrap_or(0);
        for l in text.lines().skip(1) {
            assert_eq!(l.find('3'), Some(col), "{text}");
        }
        assert!(starts.len() == 3);
    }
}
