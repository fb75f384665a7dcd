//! Core extraction per catalog fault, against PySAT's MUSX on the very same problem (the WCNF that
//! `sattar core --export-wcnf` writes). Inputs: the smallest fault-revealing input `check` finds,
//! and a larger one (a 10-node list, a 9-node tree) to show scaling. Times are the best of five.
//! Run: `cargo bench -p sattar-engine --bench cores` (MUSX column only when python3 has PySAT).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use sattar_catalog::{inputs, Catalog};
use sattar_engine::{cores, CoreRequest, Subject, SubjectRequest};
use sattar_heap::TestInput;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

struct Row {
    label: String,
    groups: usize,
    vars: usize,
    clauses: usize,
    core: usize,
    total: Duration,
    ours: Duration,
    wcnf: PathBuf,
}

fn measure(id: &str, input: Option<TestInput>, label: &str, dir: &Path) -> Row {
    let s = Subject::load(&SubjectRequest {
        fault: Some(id.into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let req = CoreRequest {
        input,
        max_cores: 1,
        ..CoreRequest::default()
    };
    let (mut best, mut total) = (Duration::MAX, Duration::MAX);
    let mut last = None;
    for _ in 0..5 {
        let a = cores(&s, &req).unwrap_or_else(|e| panic!("{id}: {e}"));
        best = best.min(a.core_time);
        total = total.min(a.time);
        last = Some(a);
    }
    let a = last.expect("five runs");
    let wcnf = dir.join(format!(
        "{}-{}.wcnf",
        id.replace('.', "_"),
        label.replace(' ', "_")
    ));
    std::fs::write(&wcnf, a.encoding.session.wcnf()).expect("write wcnf");
    Row {
        label: format!("{id} ({label})"),
        groups: a.encoding.executed_groups().len() + a.encoding.postcondition_groups().len(),
        vars: a.encoding.session.num_vars(),
        clauses: a.encoding.session.num_clauses(),
        core: a.cores.first().map_or(0, |c| c.groups.len()),
        total,
        ours: best,
        wcnf,
    }
}

/// MUSX (size, search ms, total ms) per file, or nothing when PySAT is not installed.
fn musx(files: &[PathBuf]) -> Vec<Option<(usize, f64, f64)>> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/musx_time.py");
    let out = Command::new("python3").arg(script).args(files).output();
    let text = match out {
        Ok(o) if o.status.success() => String::from_utf8_lossy(&o.stdout).into_owned(),
        _ => return vec![None; files.len()],
    };
    let mut rows = text.lines().map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        Some((
            f.get(1)?.parse().ok()?,
            f.get(2)?.parse().ok()?,
            f.get(3)?.parse().ok()?,
        ))
    });
    files.iter().map(|_| rows.next().flatten()).collect()
}

fn main() {
    let dir = std::env::temp_dir().join("sattar-core-bench");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let catalog = Catalog::bundled().expect("bundle");
    let mut rows: Vec<Row> = catalog
        .faults
        .iter()
        .map(|f| measure(&f.id, None, "smallest", &dir))
        .collect();
    let long: Vec<i32> = (0..10).collect();
    rows.push(measure(
        "sll.removeErr",
        Some(inputs::list(&long, None, 9, None)),
        "10 nodes",
        &dir,
    ));
    rows.push(measure(
        "bst.sizeErr1",
        Some(inputs::bst(&[4, 2, 6, 1, 3, 5, 7, 0, 8], 9)),
        "9 nodes",
        &dir,
    ));
    let files: Vec<PathBuf> = rows.iter().map(|r| r.wcnf.clone()).collect();
    let theirs = musx(&files);
    // Like for like: search against search (the solver calls), total against total (sattar:
    // encoding + search; MUSX: solver construction from parsed clauses + search).
    println!("| fault (input) | groups | vars | clauses | core | MUS | sattar search ms | MUSX search ms | MUSX / sattar (search) | sattar total ms | MUSX total ms | MUSX / sattar (total) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (r, m) in rows.iter().zip(theirs) {
        let ours = r.ours.as_secs_f64() * 1e3;
        let total = r.total.as_secs_f64() * 1e3;
        let theirs = match m {
            Some((size, search, all)) => [
                size.to_string(),
                format!("{search:.2}"),
                format!("{:.1}×", search / ours),
                format!("{all:.2}"),
                format!("{:.1}×", all / total),
            ],
            None => ["–".into(), "–".into(), "–".into(), "–".into(), "–".into()],
        };
        let [size, search, ratio, all, all_ratio] = theirs;
        println!(
            "| {} | {} | {} | {} | {} | {size} | {ours:.2} | {search} | {ratio} | {total:.2} | {all} | {all_ratio} |",
            r.label, r.groups, r.vars, r.clauses, r.core
        );
    }
}
