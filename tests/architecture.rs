//! docs/ARCHITECTURE.md stays true: its dependency arrows are exactly the workspace's internal
//! dependencies (from `cargo metadata`), and the invariants a test can see hold.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The standard output of `cargo ARGS` in the workspace (the test fails with its stderr).
fn cargo(args: &[&str]) -> Vec<u8> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(args)
        .current_dir(root())
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Each workspace crate's internal normal dependencies, from `cargo metadata`.
fn actual() -> BTreeMap<String, BTreeSet<String>> {
    let out = cargo(&[
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
        "--offline",
    ]);
    let v: Value = serde_json::from_slice(&out).expect("JSON");
    v["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .filter(|d| d["kind"].is_null())
                .filter_map(|d| d["name"].as_str())
                .filter(|n| n.starts_with("sattar-"))
                .map(str::to_string)
                .collect();
            (p["name"].as_str().expect("name").to_string(), deps)
        })
        .collect()
}

/// The arrows block of docs/ARCHITECTURE.md, in order.
fn documented() -> Vec<(String, BTreeSet<String>)> {
    let doc = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).expect("the page");
    let block = doc
        .split("```arrows")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("an ```arrows block");
    block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (krate, deps) = l.split_once("->").expect("`crate -> deps`");
            let deps = deps
                .split(',')
                .map(str::trim)
                .filter(|d| !d.is_empty())
                .map(str::to_string)
                .collect();
            (krate.trim().to_string(), deps)
        })
        .collect()
}

#[test]
fn the_documented_arrows_are_the_workspace_dependencies() {
    let doc = documented();
    let have = actual();
    let listed: BTreeMap<String, BTreeSet<String>> = doc.iter().cloned().collect();
    assert_eq!(
        listed, have,
        "docs/ARCHITECTURE.md's arrows differ from cargo metadata"
    );
    // Listed bottom-up: a crate depends only on crates listed before it (so the graph is acyclic).
    for (i, (krate, deps)) in doc.iter().enumerate() {
        let before: BTreeSet<&String> = doc[..i].iter().map(|(k, _)| k).collect();
        for d in deps {
            assert!(
                before.contains(d),
                "{krate} depends on {d}, listed after it"
            );
        }
    }
}

#[test]
fn sat_and_rank_know_nothing_of_java_and_the_cli_is_thin() {
    let have = actual();
    assert!(have["sattar-sat"].is_empty());
    assert!(have["sattar-rank"].is_empty());
    let allowed: BTreeSet<String> = [
        "sattar-engine",
        "sattar-report",
        "sattar-catalog",
        "sattar-heap",
        "sattar-diag",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert!(
        have["sattar-cli"].is_subset(&allowed),
        "{:?}",
        have["sattar-cli"]
    );
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() && !p.ends_with("target") {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn only_the_jvm_bridge_has_unsafe_code_and_no_crate_parses_java() {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    for f in &files {
        let text = std::fs::read_to_string(f).expect("source");
        let rel = f
            .strip_prefix(root())
            .unwrap_or(f)
            .to_string_lossy()
            .into_owned();
        if !rel.starts_with("crates/sattar-jvm/") {
            assert!(
                !text.contains("unsafe {") && !text.contains("unsafe fn"),
                "{rel} has unsafe code"
            );
        }
        assert!(!text.contains("tree_sitter"), "{rel} parses Java itself");
    }
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("workspace manifest");
    assert!(
        !manifest.contains("tree-sitter"),
        "a Java parser crate in the workspace"
    );
}

#[test]
fn the_docs_stand_on_their_own() {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    for d in ["docs", "."] {
        for e in std::fs::read_dir(root().join(d)).expect("dir").flatten() {
            if e.path().extension().is_some_and(|x| x == "md") {
                files.push(e.path());
            }
        }
    }
    let outside = ["DESIGN §", "REFERENCE §", "notes/REFERENCE", "seed 00"];
    for f in &files {
        let text = std::fs::read_to_string(f).expect("file");
        for needle in outside {
            assert!(
                !text.contains(needle),
                "{} cites `{needle}`, which is outside the repository",
                f.display()
            );
        }
    }
}

/// Every package of `cargo tree` (for `selection`) with its enabled features.
fn resolved_features(selection: &[&str]) -> BTreeMap<String, String> {
    let mut args = vec!["tree", "--locked", "--prefix", "none", "-f", "{p}|{f}"];
    args.extend_from_slice(selection);
    String::from_utf8_lossy(&cargo(&args))
        .lines()
        .filter_map(|l| l.trim_end_matches(" (*)").split_once('|'))
        .map(|(p, f)| {
            // `name vX.Y.Z (path)` → `name vX.Y.Z`: a workspace crate's path is not a feature.
            let id: Vec<&str> = p.split_whitespace().take(2).collect();
            (id.join(" "), f.to_string())
        })
        .collect()
}

/// The README's two commands build once: the binary alone (`cargo run --release`) resolves every
/// package it shares with the whole workspace's tests (`cargo test --workspace --release`, dev
/// dependencies included) with the same features, so neither rebuilds what the other built.
#[test]
fn the_main_job_and_the_tests_share_one_build() {
    let tests = resolved_features(&["--workspace", "-e", "normal,build,dev"]);
    let binary = resolved_features(&["-p", "sattar-cli", "-e", "normal,build"]);
    let differ: Vec<String> = binary
        .iter()
        .filter(|(p, f)| tests.get(*p) != Some(*f))
        .map(|(p, f)| {
            let with = tests.get(p).map_or("absent", String::as_str);
            format!("{p}: [{f}] alone, [{with}] with the tests")
        })
        .collect();
    assert!(
        differ.is_empty(),
        "features differ, so `cargo run --release` rebuilds after `cargo test --workspace \
         --release` (align them in Cargo.toml, as for smallvec):\n{}",
        differ.join("\n")
    );
}
