//! The compile cache checks what it loads: a truncated or garbage class file is rebuilt, not
//! loaded (before, every later run failed with "class X not found" until the user deleted the
//! cache), and a cache that cannot be written falls back to a private directory.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

mod common;

use common::*;
use sattar_heap::{ObjId, Object, TestInput, Value};
use sattar_java::{parse_program, Termination};
use sattar_jvm::JvmRunner;
use std::path::{Path, PathBuf};

const SRC: &str = "class K { int x; int inc(int d) { x = x + d; return x; } }";

fn input() -> TestInput {
    let mut i = TestInput {
        this: Some(ObjId::new("K0")),
        args: vec![("d".into(), Value::Int(2))],
        heap: Default::default(),
    };
    i.heap.objects.insert(
        ObjId::new("K0"),
        Object {
            class: "K".into(),
            fields: [("x".to_string(), Value::Int(40))].into_iter().collect(),
        },
    );
    i
}

fn runs_in(cache: &Path) -> Termination {
    let p = parse_program("K.java", SRC).unwrap_or_else(|e| panic!("{}", e[0]));
    let mut opts = options(1_000);
    opts.cache_dir = Some(cache.to_path_buf());
    let mut jvm = JvmRunner::start(&p, opts).unwrap_or_else(|e| panic!("{e}"));
    let m = p.find_methods("inc")[0].id;
    jvm.run(m, &input())
        .unwrap_or_else(|e| panic!("{e}"))
        .termination
}

fn class_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(class_files(&p));
        } else if p.extension().is_some_and(|x| x == "class") {
            out.push(p);
        }
    }
    out
}

#[test]
fn a_damaged_cached_class_is_rebuilt() {
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("damaged-cache");
    let _ = std::fs::remove_dir_all(&cache);
    let want = Termination::Returned(Some(Value::Int(42)));
    assert_eq!(runs_in(&cache), want);
    let k = class_files(&cache)
        .into_iter()
        .find(|p| p.ends_with("K.class"))
        .expect("K.class is cached");
    let bytes = std::fs::read(&k).expect("read");
    std::fs::write(&k, &bytes[..bytes.len() / 2]).expect("truncate");
    assert_eq!(runs_in(&cache), want, "after truncation");
    std::fs::write(&k, b"garbage").expect("overwrite");
    assert_eq!(runs_in(&cache), want, "after garbage");
}

#[test]
fn a_cache_that_cannot_be_written_falls_back() {
    // A regular file where the cache directory should be: nothing can be created below it.
    let blocked = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("blocked-cache");
    let _ = std::fs::remove_dir_all(&blocked);
    std::fs::write(&blocked, b"not a directory").expect("write");
    assert_eq!(
        runs_in(&blocked),
        Termination::Returned(Some(Value::Int(42)))
    );
}
