//! `sattar localize --fault ID` on every catalog fault, as a user runs it: the process, the core,
//! the JVM worker (cached compile), every round. Prints the faulty statement's rank, the tests it
//! took and the wall time, and the median time. Run: `cargo bench -p sattar-cli --bench localize`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

fn sattar(args: &[&str]) -> (Value, f64) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let t0 = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_sattar"))
        .args(args)
        .current_dir(&root)
        .output()
        .expect("sattar runs");
    let secs = t0.elapsed().as_secs_f64();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (serde_json::from_slice(&out.stdout).expect("JSON"), secs)
}

fn main() {
    let session = std::env::temp_dir().join("sattar-bench-session.jsonl");
    let session = session.to_str().expect("utf-8 temp dir");
    let (faults, _) = sattar(&["faults", "--format", "json"]);
    let ids: Vec<String> = faults
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|f| f["id"].as_str().map(String::from))
        .collect();
    // Warm the JVM compile cache once, as a user's second run would find it.
    sattar(&[
        "localize",
        "--fault",
        &ids[0],
        "--format",
        "json",
        "--session",
        session,
    ]);
    println!("| fault | faulty lines | rank | tests | rounds | wall s |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut times = Vec::new();
    for id in &ids {
        let mut best: Option<(Value, f64)> = None;
        for _ in 0..3 {
            let run = sattar(&[
                "localize",
                "--fault",
                id,
                "--format",
                "json",
                "--session",
                session,
            ]);
            if best.as_ref().is_none_or(|b| run.1 < b.1) {
                best = Some(run);
            }
        }
        let (out, secs) = best.expect("three runs");
        times.push(secs);
        let lines: Vec<String> = out["fault"]["faulty_lines"]
            .as_array()
            .map(|a| a.iter().map(|l| l.to_string()).collect())
            .unwrap_or_default();
        println!(
            "| {id} | {} | {} | {} | {} | {secs:.3} |",
            lines.join(", "),
            out["fault"]["rank"],
            out["tests"],
            out["rounds"].as_array().map_or(0, Vec::len)
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "\nmedian wall time per fault: {:.3} s (target < 0.5 s)",
        times[times.len() / 2]
    );
}
