//! GZoltar files: round trip, malformed files, and `rank_dir`.
//!
//! The shared spectrum is the statement coverage of Figure 1 of Zhang et al., ESEC/FSE 2009 (the
//! CP fixture of docs/RANKING.md#cp): 9 statements, 7 tests, t3 and t6 failing; s1 and s9 run in
//! every test; s2–s5 in t1, t3, t5, t6; s6–s8 in t3.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failure here is the report

use std::fs;
use std::path::PathBuf;

use sattar_rank::gzoltar::{rank_spectrum, read_dir, write_dir, write_ranking};
use sattar_rank::{rank_dir, Formula, RankError, Spectrum, TestCase, Verdict};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sattar-rank-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn figure1() -> Spectrum<String> {
    let names: Vec<String> = (1..=9).map(|i| format!("Schedule#s{i}")).collect();
    let mut s = Spectrum::new(names.clone());
    let b2: Vec<usize> = vec![0, 1, 2, 3, 4, 8];
    let b3: Vec<usize> = vec![0, 1, 2, 3, 4, 5, 6, 7, 8];
    let b1b4: Vec<usize> = vec![0, 8];
    let tests: [(&str, Verdict, &Vec<usize>); 7] = [
        ("t1", Verdict::Pass, &b2),
        ("t2", Verdict::Pass, &b1b4),
        ("t3", Verdict::Fail, &b3),
        ("t4", Verdict::Pass, &b1b4),
        ("t5", Verdict::Pass, &b2),
        ("t6", Verdict::Fail, &b2),
        ("t7", Verdict::Pass, &b1b4),
    ];
    for (name, v, idx) in tests {
        let covered: Vec<&String> = idx.iter().map(|&i| &names[i]).collect();
        s.add_test_covering(TestCase::new(format!("Test#{name}"), v), covered)
            .unwrap();
    }
    s
}

#[test]
fn round_trip() {
    let dir = scratch("round");
    let s = figure1();
    write_dir(&dir, &s).unwrap();
    assert_eq!(read_dir(&dir).unwrap(), s);
    let matrix = fs::read_to_string(dir.join("matrix.txt")).unwrap();
    assert_eq!(matrix.lines().next(), Some("1 1 1 1 1 0 0 0 1 +"));
    let tests = fs::read_to_string(dir.join("tests.csv")).unwrap();
    assert!(
        tests.starts_with("name,outcome,runtime,stacktrace\nTest#t1,PASS,"),
        "{tests}"
    );
    // Without tests.csv the tests get default names but the same coverage and verdicts.
    fs::remove_file(dir.join("tests.csv")).unwrap();
    let t = read_dir(&dir).unwrap();
    assert_eq!(t.rows(), s.rows());
    assert_eq!(t.tests()[2], TestCase::new("t3", Verdict::Fail));
}

/// GZoltar's values, by hand. Counts (ef, ep, nf, np) with F = 2, P = 5:
/// s1 (2, 5, 0, 0), s2 (2, 2, 0, 3), s6 (1, 0, 1, 5).
/// Ochiai ef/√(F(ef+ep)): s1 2/√14, s2 2/√8, s6 1/√2.
/// Tarantula: s1 1/(1+1) = 1/2, s2 1/(1+2/5) = 5/7, s6 (1/2)/(1/2) = 1 (paper: 0.50, 0.71, 1.00).
/// Jaccard ef/(F+ep): s1 2/7, s2 2/4, s6 1/2 (paper: 0.29, 0.50, 0.50).
/// Op2 ef − ep/(P+1): s1 2 − 5/6 = 7/6, s2 2 − 2/6 = 5/3, s6 1 − 0 = 1.
#[test]
fn gzoltar_values_of_four_formulas() {
    let s = figure1();
    let want = [
        (
            "ochiai",
            [2.0 / 14f64.sqrt(), 2.0 / 8f64.sqrt(), 1.0 / 2f64.sqrt()],
        ),
        ("tarantula", [0.5, 5.0 / 7.0, 1.0]),
        ("jaccard", [2.0 / 7.0, 0.5, 0.5]),
        ("op2", [7.0 / 6.0, 5.0 / 3.0, 1.0]),
    ];
    for (name, values) in want {
        let scored = s.score(&Formula::by_name(name).unwrap());
        for (i, w) in [0, 1, 5].into_iter().zip(values) {
            assert!(
                (scored[i].score - w).abs() <= 1e-12,
                "{name} s{}: {} vs {w}",
                i + 1,
                scored[i].score
            );
        }
    }
}

#[test]
fn rank_dir_and_ranking_file() {
    let dir = scratch("rank");
    let s = figure1();
    write_dir(&dir, &s).unwrap();
    let lines = rank_dir(&dir, "Tarantula", None).unwrap();
    // Tarantula: s6–s8 at 1 (rank 3), s2–s5 at 5/7 (rank 7), s1 and s9 at 1/2 (rank 9): the
    // paper's Figure 1 column; the fault s2 at 7/9 = 78%.
    let ranks: Vec<(String, usize)> = lines.iter().map(|l| (l.name.clone(), l.rank)).collect();
    assert_eq!(ranks[0], ("Schedule#s6".to_string(), 3));
    assert_eq!(ranks.iter().find(|(n, _)| n == "Schedule#s2").unwrap().1, 7);
    assert_eq!(ranks.iter().find(|(n, _)| n == "Schedule#s9").unwrap().1, 9);
    assert_eq!(lines[0].rank_best, 1);
    assert_eq!(lines[0].rank_avg, 2); // ⌊0 + 1/2 + 3/2⌋
    let top = rank_dir(&dir, "ochiai", Some(2)).unwrap();
    assert_eq!(top.len(), 2);
    // Ochiai: s2–s5 2/√8 and s6–s8 1/√2 are the same value: seven statements tied at rank 7.
    assert_eq!(top[0].rank, 7);

    let f = Formula::by_name("tarantula").unwrap();
    let path = write_ranking(&dir, &f, &rank_spectrum(&s, &f)).unwrap();
    assert!(path.ends_with("tarantula.ranking.csv"));
    let text = fs::read_to_string(path).unwrap();
    let mut rows = text.lines();
    assert_eq!(rows.next(), Some("name;suspiciousness_value"));
    assert_eq!(rows.next(), Some("Schedule#s6;1.0"));
    let scores: Vec<f64> = text
        .lines()
        .skip(1)
        .map(|l| l.split(';').nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "sorted by descending score"
    );
}

#[test]
fn gzoltar_default_subdirectory_is_found() {
    let dir = scratch("nested");
    let nested = dir.join("sfl").join("txt");
    fs::create_dir_all(&nested).unwrap();
    write_dir(&nested, &figure1()).unwrap();
    assert_eq!(read_dir(&dir).unwrap(), figure1());
}

fn error_of(files: &[(&str, &str)]) -> String {
    let dir = scratch(&format!(
        "bad{}",
        files.iter().map(|(_, t)| t.len()).sum::<usize>()
    ));
    for (name, text) in files {
        fs::write(dir.join(name), text).unwrap();
    }
    let err = read_dir(&dir).unwrap_err();
    assert!(matches!(err, RankError::Format(_)), "{err:?}");
    err.to_string()
}

#[test]
fn malformed_files_are_reported_with_file_line_and_fix() {
    let spectra = ("spectra.csv", "name\na\nb\n");
    let e = error_of(&[spectra, ("matrix.txt", "1 0 +\n1 2 -\n")]);
    assert!(
        e.contains("matrix.txt:2: entry 2 is `2`, expected 0 or 1;"),
        "{e}"
    );
    assert!(e.contains("then + (pass) or - (fail)"), "{e}");
    let e = error_of(&[spectra, ("matrix.txt", "1 0 +\n1 0 1 -\n")]);
    assert!(
        e.contains("matrix.txt:2: 3 coverage entries but spectra.csv lists 2 elements"),
        "{e}"
    );
    let e = error_of(&[spectra, ("matrix.txt", "1 0\n")]);
    assert!(
        e.contains("matrix.txt:1: the line must end with + or -, found `0`"),
        "{e}"
    );
    let e = error_of(&[("spectra.csv", "name\na\n\nb\n"), ("matrix.txt", "1 0 +\n")]);
    assert!(e.contains("spectra.csv:3: empty element name"), "{e}");
    let e = error_of(&[("spectra.csv", "name\na\na\n"), ("matrix.txt", "1 0 +\n")]);
    assert!(
        e.contains("spectra.csv:3: element `a` is listed twice"),
        "{e}"
    );
    let e = error_of(&[
        spectra,
        ("matrix.txt", "1 0 +\n"),
        (
            "tests.csv",
            "name,outcome,runtime,stacktrace\nt1,MAYBE,0,\n",
        ),
    ]);
    assert!(
        e.contains("tests.csv:2: outcome is `MAYBE`, expected PASS or FAIL"),
        "{e}"
    );
    let e = error_of(&[
        spectra,
        ("matrix.txt", "1 0 +\n"),
        ("tests.csv", "test;result\n"),
    ]);
    assert!(e.contains("tests.csv:1: header is `test;result`"), "{e}");
    let e = error_of(&[
        spectra,
        ("matrix.txt", "1 0 +\n"),
        ("tests.csv", "name,outcome,runtime,stacktrace\nt1,FAIL,0,\n"),
    ]);
    assert!(
        e.contains("test `t1` is Fail here but matrix line 1 says otherwise"),
        "{e}"
    );
    let e = error_of(&[
        spectra,
        ("matrix.txt", "1 0 +\n"),
        ("tests.csv", "name,outcome,runtime,stacktrace\n"),
    ]);
    assert!(
        e.contains("0 tests listed but matrix.txt has 1 lines"),
        "{e}"
    );
    let e = error_of(&[spectra]);
    assert!(
        e.contains("cannot read") && e.contains("matrix.txt") && e.contains("sfl/txt"),
        "{e}"
    );
}

#[test]
fn rank_dir_rejects_unknown_formula() {
    let dir = scratch("formula");
    write_dir(&dir, &figure1()).unwrap();
    let e = rank_dir(&dir, "tarantulla", None).unwrap_err().to_string();
    assert!(
        e.starts_with("unknown formula `tarantulla`; known formulas: naish1"),
        "{e}"
    );
}
