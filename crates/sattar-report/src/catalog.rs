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
    // Each column as wide as its widest cell, so long names keep the columns aligned.
    let width = |i: usize| {
        rows.iter()
            .chain([&head])
            .map(|r| r[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2), width(3)];
    let mut out = String::new();
    for r in std::iter::once(&head).chain(&rows) {
        let _ = writeln!(
            out,
            "{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}  {}",
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3]
        );
    }
    out
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
        }
    }

    #[test]
    fn columns_stay_aligned_for_long_method_names() {
        let c = Catalog {
            root: ".".into(),
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
