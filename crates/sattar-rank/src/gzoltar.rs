//! GZoltar's text spectrum files, both ways, and the library side of `sattar rank DIR`.
//!
//! - `spectra.csv`: a header line `name`, then one element name per line (a first line other than
//!   `name` is read as an element: older GZoltar versions wrote no header).
//! - `matrix.txt`: one line per test, in `tests.csv` order: one `0`/`1` per element of
//!   `spectra.csv`, separated by spaces, then `+` (pass) or `-` (fail).
//! - `tests.csv` (optional on reading): header `name,outcome,runtime,stacktrace`, then one row
//!   per test with outcome `PASS` or `FAIL`. Without it tests are named `t1, t2, …`.
//! - `<formula>.ranking.csv` (written): header `name;suspiciousness_value`, then rows by
//!   descending score.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{FormatError, RankError};
use crate::formula::Formula;
use crate::rank::{Order, RankedEntry, Ranking};
use crate::spectrum::{Spectrum, TestCase, Verdict};

/// The coverage matrix file name.
pub const MATRIX: &str = "matrix.txt";
/// The element list file name.
pub const SPECTRA: &str = "spectra.csv";
/// The test list file name.
pub const TESTS: &str = "tests.csv";
/// `tests.csv`'s header.
pub const TESTS_HEADER: &str = "name,outcome,runtime,stacktrace";
/// A ranking file's header.
pub const RANKING_HEADER: &str = "name;suspiciousness_value";

const MATRIX_HINT: &str = "each line of matrix.txt is one 0 or 1 per element of spectra.csv, separated by spaces, then + (pass) or - (fail)";
const SPECTRA_HINT: &str =
    "spectra.csv is a header line `name`, then one distinct element name per line";
const TESTS_HINT: &str = "tests.csv is the header `name,outcome,runtime,stacktrace`, then one row per matrix.txt line with outcome PASS or FAIL";
const READ_HINT: &str =
    "give a directory holding GZoltar's matrix.txt and spectra.csv (directly or in sfl/txt/)";

/// One line of `sattar rank`'s output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RankedLine {
    /// The element's name from `spectra.csv`.
    pub name: String,
    /// Its suspiciousness.
    pub score: f64,
    /// Its worst-case rank (the papers' convention, docs/RANKING.md#ranks-and-metrics).
    pub rank: usize,
    /// Its average rank.
    pub rank_avg: usize,
    /// Its best-case rank.
    pub rank_best: usize,
}

fn malformed(path: &Path, line: usize, message: String, hint: &str) -> FormatError {
    FormatError::Malformed {
        path: path.to_path_buf(),
        line,
        message,
        hint: hint.to_string(),
    }
}

/// Parses `spectra.csv`: the element names.
pub fn parse_spectra(text: &str, path: &Path) -> Result<Vec<String>, FormatError> {
    let mut names: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let name = line.trim();
        if i == 0 && name == "name" {
            continue;
        }
        if name.is_empty() {
            if text.lines().skip(i).all(|l| l.trim().is_empty()) {
                break;
            }
            return Err(malformed(
                path,
                i + 1,
                "empty element name".into(),
                SPECTRA_HINT,
            ));
        }
        if !seen.insert(name.to_string()) {
            return Err(malformed(
                path,
                i + 1,
                format!("element `{name}` is listed twice"),
                SPECTRA_HINT,
            ));
        }
        names.push(name.to_string());
    }
    Ok(names)
}

/// Parses `matrix.txt` against `elements` element names: one (verdict, coverage row) per test.
pub fn parse_matrix(
    text: &str,
    path: &Path,
    elements: usize,
) -> Result<Vec<(Verdict, Vec<bool>)>, FormatError> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        rows.push(parse_matrix_line(line, path, i + 1, elements)?);
    }
    Ok(rows)
}

fn parse_matrix_line(
    line: &str,
    path: &Path,
    no: usize,
    elements: usize,
) -> Result<(Verdict, Vec<bool>), FormatError> {
    let mut tokens: Vec<&str> = line.split_whitespace().collect();
    let verdict = match tokens.pop() {
        Some("+") => Verdict::Pass,
        Some("-") => Verdict::Fail,
        other => {
            let found = other.unwrap_or("");
            return Err(malformed(
                path,
                no,
                format!("the line must end with + or -, found `{found}`"),
                MATRIX_HINT,
            ));
        }
    };
    let row = tokens
        .iter()
        .enumerate()
        .map(|(col, t)| match *t {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(malformed(
                path,
                no,
                format!("entry {} is `{t}`, expected 0 or 1", col + 1),
                MATRIX_HINT,
            )),
        })
        .collect::<Result<Vec<bool>, FormatError>>()?;
    if row.len() != elements {
        let message = format!(
            "{} coverage entries but spectra.csv lists {elements} elements",
            row.len()
        );
        return Err(malformed(path, no, message, MATRIX_HINT));
    }
    Ok((verdict, row))
}

/// Parses `tests.csv`: the tests' names and outcomes.
pub fn parse_tests(text: &str, path: &Path) -> Result<Vec<TestCase>, FormatError> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, header)) if header.trim().starts_with("name,outcome") => {}
        Some((_, header)) => {
            return Err(malformed(
                path,
                1,
                format!("header is `{}`, expected `{TESTS_HEADER}`", header.trim()),
                TESTS_HINT,
            ))
        }
        None => return Err(malformed(path, 1, "the file is empty".into(), TESTS_HINT)),
    }
    let mut tests = Vec::new();
    for (i, line) in lines {
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.splitn(4, ',');
        let name = fields.next().unwrap_or("").trim();
        let outcome = fields.next().map(str::trim);
        let verdict = match outcome {
            Some(o) if o.eq_ignore_ascii_case("PASS") => Verdict::Pass,
            Some(o) if o.eq_ignore_ascii_case("FAIL") => Verdict::Fail,
            Some(o) => {
                return Err(malformed(
                    path,
                    i + 1,
                    format!("outcome is `{o}`, expected PASS or FAIL"),
                    TESTS_HINT,
                ))
            }
            None => {
                return Err(malformed(
                    path,
                    i + 1,
                    format!("row `{line}` has no outcome"),
                    TESTS_HINT,
                ))
            }
        };
        if name.is_empty() {
            return Err(malformed(path, i + 1, "empty test name".into(), TESTS_HINT));
        }
        tests.push(TestCase::new(name, verdict));
    }
    Ok(tests)
}

fn read(path: &Path) -> Result<String, FormatError> {
    fs::read_to_string(path).map_err(|source| FormatError::Read {
        path: path.to_path_buf(),
        source,
        hint: READ_HINT,
    })
}

/// The directory holding the files: `dir` itself, or GZoltar's default `dir/sfl/txt`.
fn locate(dir: &Path) -> PathBuf {
    let nested = dir.join("sfl").join("txt");
    if !dir.join(MATRIX).is_file() && nested.join(MATRIX).is_file() {
        nested
    } else {
        dir.to_path_buf()
    }
}

/// Reads a GZoltar directory (`spectra.csv`, `matrix.txt`, optional `tests.csv`).
pub fn read_dir(dir: &Path) -> Result<Spectrum<String>, RankError> {
    let dir = locate(dir);
    let spectra_path = dir.join(SPECTRA);
    let matrix_path = dir.join(MATRIX);
    let names = parse_spectra(&read(&spectra_path)?, &spectra_path)?;
    let rows = parse_matrix(&read(&matrix_path)?, &matrix_path, names.len())?;
    let tests_path = dir.join(TESTS);
    let tests = if tests_path.is_file() {
        let tests = parse_tests(&read(&tests_path)?, &tests_path)?;
        check_tests(&tests, &rows, &tests_path)?;
        tests
    } else {
        rows.iter()
            .enumerate()
            .map(|(i, (v, _))| TestCase::new(format!("t{}", i + 1), *v))
            .collect()
    };
    let mut spectrum = Spectrum::new(names);
    for (test, (_, row)) in tests.into_iter().zip(rows) {
        spectrum.add_test(test, row)?;
    }
    Ok(spectrum)
}

fn check_tests(
    tests: &[TestCase],
    rows: &[(Verdict, Vec<bool>)],
    path: &Path,
) -> Result<(), FormatError> {
    let inconsistent = |message: String| FormatError::Inconsistent {
        path: path.to_path_buf(),
        message,
        hint: TESTS_HINT.to_string(),
    };
    if tests.len() != rows.len() {
        return Err(inconsistent(format!(
            "{} tests listed but matrix.txt has {} lines",
            tests.len(),
            rows.len()
        )));
    }
    match tests
        .iter()
        .zip(rows)
        .position(|(t, (v, _))| t.verdict != *v)
    {
        Some(i) => Err(inconsistent(format!(
            "test `{}` is {:?} here but matrix line {} says otherwise",
            tests[i].name,
            tests[i].verdict,
            i + 1
        ))),
        None => Ok(()),
    }
}

fn write(path: &Path, text: &str) -> Result<(), FormatError> {
    fs::write(path, text).map_err(|source| FormatError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Renders `spectra.csv`.
pub fn spectra_text(spectrum: &Spectrum<String>) -> String {
    let mut out = String::from("name\n");
    for e in spectrum.elements() {
        out.push_str(e);
        out.push('\n');
    }
    out
}

/// Renders `matrix.txt`.
pub fn matrix_text(spectrum: &Spectrum<String>) -> String {
    let mut out = String::new();
    for (test, row) in spectrum.tests().iter().zip(spectrum.rows()) {
        for &hit in row {
            out.push_str(if hit { "1 " } else { "0 " });
        }
        out.push_str(if test.verdict == Verdict::Pass {
            "+\n"
        } else {
            "-\n"
        });
    }
    out
}

/// Renders `tests.csv` (runtime 0, no stack trace).
pub fn tests_text(spectrum: &Spectrum<String>) -> String {
    let mut out = format!("{TESTS_HEADER}\n");
    for t in spectrum.tests() {
        let outcome = if t.verdict == Verdict::Pass {
            "PASS"
        } else {
            "FAIL"
        };
        out.push_str(&format!("{},{outcome},0,\n", t.name));
    }
    out
}

/// Writes `spectra.csv`, `matrix.txt` and `tests.csv` into `dir`.
pub fn write_dir(dir: &Path, spectrum: &Spectrum<String>) -> Result<(), RankError> {
    write(&dir.join(SPECTRA), &spectra_text(spectrum))?;
    write(&dir.join(MATRIX), &matrix_text(spectrum))?;
    write(&dir.join(TESTS), &tests_text(spectrum))?;
    Ok(())
}

/// A score as Java prints it for the infinities (`Infinity`, `-Infinity`), otherwise Rust's
/// shortest round-trip form.
fn score_text(score: f64) -> String {
    match score {
        f64::INFINITY => "Infinity".into(),
        f64::NEG_INFINITY => "-Infinity".into(),
        s => format!("{s:?}"),
    }
}

/// Renders a ranking file (header, then the entries in the given order).
pub fn ranking_text(entries: &[RankedEntry<String>]) -> String {
    let mut out = format!("{RANKING_HEADER}\n");
    for e in entries {
        out.push_str(&format!("{};{}\n", e.id, score_text(e.score)));
    }
    out
}

/// Ranks a spectrum by score only (GZoltar's order).
pub fn rank_spectrum(spectrum: &Spectrum<String>, formula: &Formula) -> Ranking<String> {
    Ranking::new(spectrum.score(formula), Order::Score)
}

/// Writes `<formula>.ranking.csv` into `dir` and returns its path.
pub fn write_ranking(
    dir: &Path,
    formula: &Formula,
    ranking: &Ranking<String>,
) -> Result<PathBuf, RankError> {
    let path = dir.join(format!("{}.ranking.csv", formula.name()));
    write(&path, &ranking_text(ranking.entries()))?;
    Ok(path)
}

/// `sattar rank DIR --formula F [--top N]`: reads the directory, ranks by score, returns the first
/// `top` lines (all when `None`).
pub fn rank_dir(
    dir: &Path,
    formula: &str,
    top: Option<usize>,
) -> Result<Vec<RankedLine>, RankError> {
    let formula = Formula::by_name(formula)?;
    let spectrum = read_dir(dir)?;
    let ranking = rank_spectrum(&spectrum, &formula);
    let n = top.unwrap_or(ranking.len());
    Ok(ranking
        .top(n)
        .iter()
        .map(|e| RankedLine {
            name: e.id.clone(),
            score: e.score,
            rank: e.rank.worst(),
            rank_avg: e.rank.average(),
            rank_best: e.rank.best(),
        })
        .collect())
}
