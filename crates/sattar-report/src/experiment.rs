//! `sattar eval`: the comparison of the techniques as markdown tables, CSV rows or JSON rows.

use serde_json::{json, Value as Json};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// One technique on one fault-revealing input.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalRow {
    /// The fault.
    pub fault: String,
    /// The technique.
    pub technique: String,
    /// Which input of the fault (0-based).
    pub run: usize,
    /// Objects in the fault-revealing input.
    pub input_size: usize,
    /// Worst-case rank of the best-ranked faulty statement (`None`: not ranked).
    pub rank: Option<usize>,
    /// The rank of each faulty line (for multi-fault entries), in the catalog's order.
    pub ranks: Vec<Option<usize>>,
    /// Tests the ranking is based on.
    pub tests: usize,
    /// EXAM: the rank over the number of ranked statements.
    pub exam: Option<f64>,
    /// Statements of the subject's files (every method's, executed or not): the denominator of
    /// [`EvalRow::subject_exam`].
    pub subject_statements: usize,
    /// Wall time of the technique on this input.
    pub seconds: f64,
}

/// What an evaluation compared, for the tables' layout and caption.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalSetup {
    /// The faults, in table order.
    pub faults: Vec<String>,
    /// Those of them that combine several faults.
    pub multi: BTreeSet<String>,
    /// The techniques compared, in column order.
    pub techniques: Vec<String>,
    /// Fault-revealing inputs per fault.
    pub runs: usize,
    /// The seed of every random choice.
    pub seed: u64,
    /// The pool scope inputs were drawn from.
    pub scope: usize,
    /// The SBFL formula of the spectrum techniques.
    pub formula: String,
    /// What the spectrum techniques rate (`outcomes` or `statements`).
    pub domain: String,
    /// Worker threads.
    pub threads: usize,
    /// Fault-revealing inputs whose job failed (`FAULT run N: why`): they have no rows.
    pub left_out: Vec<String>,
    /// The mutants evaluated (`--mutants`), in table order.
    pub mutants: Vec<EvalMutant>,
    /// How the mutants of each subject method were classified.
    pub mutant_sets: Vec<MutantSummary>,
}

/// A mutant evaluated as a fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalMutant {
    /// Its id (`sll.delete.L23.AOR1`).
    pub id: String,
    /// Its operator's short name (`AOR`).
    pub operator: String,
    /// Whether it removes code (ranked at the statements around the gap).
    pub omission: bool,
}

/// How the first-order mutants of one subject method were classified by bounded verification.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MutantSummary {
    /// The method (`sll delete`).
    pub method: String,
    /// Mutants generated.
    pub generated: usize,
    /// Refused by javac or sattar.
    pub refused: usize,
    /// Equivalent to the correct code on every valid input of the scope.
    pub equivalent: usize,
    /// Not killed (and not shown equivalent).
    pub survived: usize,
    /// Killed, behaving as an earlier killed mutant on every input.
    pub duplicates: usize,
    /// Killed and distinct.
    pub killed: usize,
    /// Not classified (enough killed ones were found first).
    pub unclassified: usize,
    /// Of those, evaluated as faults.
    pub evaluated: usize,
    /// Valid inputs they were run on.
    pub inputs: usize,
    /// Whether those are every valid input of the scope.
    pub complete: bool,
}

/// The rows as the JSON array README "Exit codes and JSON" documents.
pub fn eval_json(rows: &[EvalRow]) -> Json {
    Json::Array(rows.iter().map(row_json).collect())
}

fn row_json(r: &EvalRow) -> Json {
    json!({
        "fault": r.fault, "technique": r.technique, "run": r.run, "input_size": r.input_size,
        "rank": r.rank, "ranks": r.ranks, "tests": r.tests, "exam": r.exam,
        "subject_statements": r.subject_statements, "seconds": r.seconds,
    })
}

impl EvalRow {
    /// EXAM over the subject's files: the rank over every statement they hold (an unranked fault
    /// costs them all), as a reader inspecting the files from the top of the list would pay.
    pub fn subject_exam(&self) -> f64 {
        let of = self.subject_statements.max(1);
        self.rank.map_or(1.0, |r| r.min(of) as f64 / of as f64)
    }
}

fn opt(v: Option<usize>) -> String {
    v.map_or("–".into(), |r| r.to_string())
}

/// One CSV row per fault, input and technique, with a header line.
pub fn eval_csv(rows: &[EvalRow]) -> String {
    let mut out = String::from("fault,technique,run,input_size,rank,ranks,tests,exam,seconds\n");
    for r in rows {
        let ranks: Vec<String> = r.ranks.iter().map(|x| opt(*x)).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{:.6}",
            r.fault,
            r.technique,
            r.run,
            r.input_size,
            r.rank.map_or(String::new(), |x| x.to_string()),
            ranks.join(" "),
            r.tests,
            r.exam.map_or(String::new(), |x| format!("{x:.4}")),
            r.seconds
        );
    }
    out
}

/// Mean of the ranks (an unranked fault counts as the number of statements it could have been
/// behind: reported as `–` when any run failed to rank it) and of the tests.
fn cell(rows: &[&EvalRow]) -> String {
    if rows.is_empty() {
        return "".into();
    }
    let ranks: Option<Vec<usize>> = rows.iter().map(|r| r.rank).collect();
    let tests = rows.iter().map(|r| r.tests).sum::<usize>() as f64 / rows.len() as f64;
    match ranks {
        Some(rs) => format!(
            "{:.1} ({tests:.1})",
            rs.iter().sum::<usize>() as f64 / rs.len() as f64
        ),
        None => format!("– ({tests:.1})"),
    }
}

/// The paper's tables in markdown: single faults, the restricted variants, multiple faults (the
/// rank of each faulty line), and times; `wall` is the whole evaluation's wall time in seconds.
pub fn eval_markdown(rows: &[EvalRow], setup: &EvalSetup, wall: f64) -> String {
    let mut by: BTreeMap<(&str, &str), Vec<&EvalRow>> = BTreeMap::new();
    for r in rows {
        by.entry((r.fault.as_str(), r.technique.as_str()))
            .or_default()
            .push(r);
    }
    let techs: Vec<&str> = setup.techniques.iter().map(String::as_str).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Mean worst-case rank of the faulty statement (mean tests) over {} fault-revealing inputs per fault, seed {}, pool scope {}, formula {} over {}. SAT-TAR_user is an ideal user who stops at the best round.\n",
        setup.runs, setup.seed, setup.scope, setup.formula, setup.domain
    );
    let header = |out: &mut String, cols: &[&str]| {
        let _ = writeln!(out, "| fault | {} |", cols.join(" | "));
        let _ = writeln!(out, "|---|{}", "---:|".repeat(cols.len()));
    };
    let _ = writeln!(out, "### Single faults\n");
    header(&mut out, &techs);
    for f in setup.faults.iter().filter(|f| !setup.multi.contains(*f)) {
        let cells: Vec<String> = techs
            .iter()
            .map(|t| cell(by.get(&(f.as_str(), *t)).map_or(&[][..], |v| v)))
            .collect();
        let _ = writeln!(out, "| {f} | {} |", cells.join(" | "));
    }
    unrevealed(&mut out, rows, setup);
    stats_table(&mut out, rows, setup, &techs);
    let restricted: Vec<&str> = ["tar-dt+sat", "tar-muc", "sat-tar"]
        .into_iter()
        .filter(|t| techs.contains(t))
        .collect();
    if !restricted.is_empty() {
        let _ = writeln!(out, "\n### Restricted variants\n");
        header(&mut out, &restricted);
        for f in &setup.faults {
            let cells: Vec<String> = restricted
                .iter()
                .map(|t| cell(by.get(&(f.as_str(), *t)).map_or(&[][..], |v| v)))
                .collect();
            let _ = writeln!(out, "| {f} | {} |", cells.join(" | "));
        }
    }
    multi_table(&mut out, rows, setup, &techs);
    mutants_section(&mut out, rows, setup, &techs);
    times_table(&mut out, rows, &techs);
    let _ = writeln!(
        out,
        "\nWhole evaluation: {wall:.1} s wall time on {} threads.",
        setup.threads
    );
    out
}

/// Says which faults have empty rows: their pool held no fault-revealing input.
fn unrevealed(out: &mut String, rows: &[EvalRow], setup: &EvalSetup) {
    let empty: Vec<&str> = setup
        .faults
        .iter()
        .filter(|f| !rows.iter().any(|r| &r.fault == *f))
        .map(String::as_str)
        .collect();
    if !empty.is_empty() {
        let _ = writeln!(
            out,
            "\nNo input of the pool (scope {}, integers 0..{}), nor of the SAT encoding within that scope, reveals {}: no row. `sattar localize --fault ID` starts from the smallest failing input `check` finds at a larger scope instead.",
            setup.scope,
            setup.scope,
            empty.join(", ")
        );
    }
    for why in &setup.left_out {
        let _ = writeln!(out, "\nLeft out (no rows): {why}.");
    }
}

/// What one technique did on one fault, over its inputs.
struct FaultStat {
    /// The mean worst-case rank over the inputs where the fault was ranked.
    rank: Option<f64>,
    /// For N of [`TOP_N`]: the share of inputs ranking the fault at N or better.
    top: Vec<f64>,
    /// The mean EXAM over the inputs where it was ranked.
    exam: Option<f64>,
}

/// The Top-N columns.
const TOP_N: [usize; 4] = [1, 3, 5, 10];
/// Bootstrap resamples of the rank intervals.
const RESAMPLES: usize = 2000;
/// The technique every other is tested against.
const REFERENCE: &str = "sat-tar";

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

fn fault_stat(rows: &[&EvalRow]) -> FaultStat {
    let ranks: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.rank)
        .map(|r| r as f64)
        .collect();
    let exams: Vec<f64> = rows.iter().filter_map(|r| r.exam).collect();
    let share = |n: usize| {
        let hits = rows
            .iter()
            .filter(|r| r.rank.is_some_and(|k| k <= n))
            .count();
        hits as f64 / rows.len().max(1) as f64
    };
    FaultStat {
        rank: mean(&ranks),
        top: TOP_N.iter().map(|&n| share(n)).collect(),
        exam: mean(&exams),
    }
}

/// Statistics of the single faults with the fault as the unit (each fault's inputs averaged
/// first, so a fault weighs the same however many inputs revealed it): Top-N shares, EXAM,
/// the mean rank with a 95 % bootstrap interval over faults, and against SAT-TAR Wilcoxon's
/// signed-rank test on the faults both ranked and Vargha–Delaney's A12.
fn stats_table(out: &mut String, rows: &[EvalRow], setup: &EvalSetup, techs: &[&str]) {
    let singles: Vec<&str> = setup
        .faults
        .iter()
        .filter(|f| !setup.multi.contains(*f))
        .map(String::as_str)
        .collect();
    let _ = writeln!(
        out,
        "\n### Statistics over faults\n\nSingle faults, the fault as the unit: Top-N is the mean over faults of the share of a fault's inputs ranking it at N or better (not ranked: a miss); EXAM and ranks are each fault's mean over its inputs; the rank interval is a 95 % percentile bootstrap over faults ({RESAMPLES} resamples, seed {}); p is Wilcoxon's signed-rank test (two-sided, paired by fault) and A12 the probability that SAT-TAR ranks a fault better than the technique (ties half; 0.5 no effect), both on the faults the two ranked.\n",
        setup.seed
    );
    stats_rows(out, rows, setup.seed, techs, &singles);
    case_table(out, rows, techs, &singles);
}

/// The single faults with the (fault, input) case as the unit, as the targets count:
/// rank-1, top-3 and top-5 shares (not ranked: a miss), EXAM over the ranked statements and
/// over every statement of the subject's files.
fn case_table(out: &mut String, rows: &[EvalRow], techs: &[&str], faults: &[&str]) {
    let _ = writeln!(
        out,
        "\n### Statistics over cases\n\nSingle faults, the (fault, input) case as the unit: the share of cases ranking the faulty statement at N or better (not ranked: a miss); EXAM (ranked) is the rank over the statements the technique ranked, EXAM (files) the rank over every statement of the subject's files (a miss counts 1).\n\n| technique | cases | rank-1 | top-3 | top-5 | mean EXAM (ranked) | mean EXAM (files) |\n|---|---:|---:|---:|---:|---:|---:|"
    );
    for t in techs {
        let of: Vec<&EvalRow> = (rows.iter())
            .filter(|r| r.technique == *t && faults.contains(&r.fault.as_str()))
            .collect();
        if of.is_empty() {
            continue;
        }
        let share = |n: usize| {
            let hits = of.iter().filter(|r| r.rank.is_some_and(|k| k <= n)).count();
            format!("{:.1} %", 100.0 * hits as f64 / of.len() as f64)
        };
        let ranked: Vec<f64> = of.iter().filter_map(|r| r.exam).collect();
        let files: Vec<f64> = of.iter().map(|r| r.subject_exam()).collect();
        let _ = writeln!(
            out,
            "| {t} | {} | {} | {} | {} | {} | {} |",
            of.len(),
            share(1),
            share(3),
            share(5),
            number(mean(&ranked), 3),
            number(mean(&files), 3),
        );
    }
}

/// The statistics table's rows over `faults` (see [`stats_table`]).
fn stats_rows(out: &mut String, rows: &[EvalRow], seed: u64, techs: &[&str], faults: &[&str]) {
    let stats_of = |t: &str| -> BTreeMap<&str, FaultStat> {
        faults
            .iter()
            .filter_map(|f| {
                let of: Vec<&EvalRow> = rows
                    .iter()
                    .filter(|r| r.fault == *f && r.technique == t)
                    .collect();
                (!of.is_empty()).then(|| (*f, fault_stat(&of)))
            })
            .collect()
    };
    let reference = stats_of(REFERENCE);
    let _ = writeln!(
        out,
        "| technique | faults | Top-1 | Top-3 | Top-5 | Top-10 | mean EXAM | median EXAM | mean rank [95 % CI] | p vs sat-tar | A12 vs sat-tar |"
    );
    let _ = writeln!(
        out,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for t in techs {
        let stats = stats_of(t);
        if stats.is_empty() {
            continue;
        }
        let tops: Vec<String> = (0..TOP_N.len())
            .map(|i| {
                let shares: Vec<f64> = stats.values().map(|s| s.top[i]).collect();
                format!("{:.0} %", 100.0 * mean(&shares).unwrap_or(0.0))
            })
            .collect();
        let exams: Vec<f64> = stats.values().filter_map(|s| s.exam).collect();
        let ranks: Vec<f64> = stats.values().filter_map(|s| s.rank).collect();
        let ci = sattar_rank::stats::bootstrap_mean_ci(&ranks, RESAMPLES, seed);
        let rank = match (mean(&ranks), ci) {
            (Some(m), Some((lo, hi))) => format!("{m:.2} [{lo:.2}, {hi:.2}]"),
            _ => "–".into(),
        };
        let (p, a) = versus(&reference, &stats, t);
        let _ = writeln!(
            out,
            "| {t} | {} | {} | {} | {} | {rank} | {p} | {a} |",
            stats.len(),
            tops.join(" | "),
            number(mean(&exams), 3),
            number(sattar_rank::stats::median(&exams), 3),
        );
    }
}

/// The mutants (`--mutants`): how each subject method's were classified, the statistics over
/// the killed ones evaluated (omissions apart), and SAT-TAR's Top-1 per operator.
fn mutants_section(out: &mut String, rows: &[EvalRow], setup: &EvalSetup, techs: &[&str]) {
    if setup.mutant_sets.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n### Mutants\n\nFirst-order mutants of each subject method (`sattar mutate`), run on every valid input of the pool: killed when some run violates the spec, equivalent when every run ends as on the correct code (claimed only when the pool holds every valid input of the scope), a duplicate when it behaves as an earlier killed mutant on every input. The mutants are those of the method and of every method of the sources it calls; they are classified in an order drawn with the seed until the requested number are killed and distinct, and those are evaluated as faults.\n"
    );
    let _ = writeln!(
        out,
        "| method | generated | classified | refused | equivalent | not killed | duplicates | killed | inputs | evaluated |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for m in &setup.mutant_sets {
        let inputs = match m.complete {
            true => m.inputs.to_string(),
            false => format!("{} (sampled)", m.inputs),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {inputs} | {} |",
            m.method,
            m.generated,
            m.generated - m.unclassified,
            m.refused,
            m.equivalent,
            m.survived,
            m.duplicates,
            m.killed,
            m.evaluated
        );
    }
    let ids = |omission: bool| -> Vec<&str> {
        (setup.mutants.iter())
            .filter(|m| m.omission == omission)
            .map(|m| m.id.as_str())
            .collect()
    };
    let _ = writeln!(
        out,
        "\n#### Mutants: statistics over mutants\n\nAs *Statistics over faults*, over the evaluated mutants that change code (omissions apart).\n"
    );
    stats_rows(out, rows, setup.seed, techs, &ids(false));
    operator_table(out, rows, setup, techs);
    let _ = writeln!(
        out,
        "\n#### Mutants: omissions\n\nA removed call or assignment leaves nothing to blame: its rank is that of the best-ranked of the statements nearest before and after the gap in the method (what sattar blames instead).\n"
    );
    stats_rows(out, rows, setup.seed, techs, &ids(true));
}

/// The Top-1 share of each technique per mutation operator, the mutant as the unit.
fn operator_table(out: &mut String, rows: &[EvalRow], setup: &EvalSetup, techs: &[&str]) {
    let mut ops: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for m in setup.mutants.iter().filter(|m| !m.omission) {
        ops.entry(m.operator.as_str()).or_default().push(&m.id);
    }
    let _ = writeln!(
        out,
        "\n#### Mutants: Top-1 per operator\n\n| operator | mutants | {} |",
        techs.join(" | ")
    );
    let _ = writeln!(out, "|---|---:|{}", "---:|".repeat(techs.len()));
    for (op, ids) in ops {
        let cells: Vec<String> = techs
            .iter()
            .map(|t| {
                let shares: Vec<f64> = ids
                    .iter()
                    .filter_map(|f| {
                        let of: Vec<&EvalRow> = rows
                            .iter()
                            .filter(|r| r.fault == *f && r.technique == *t)
                            .collect();
                        (!of.is_empty()).then(|| fault_stat(&of).top[0])
                    })
                    .collect();
                mean(&shares).map_or("–".into(), |m| format!("{:.0} %", 100.0 * m))
            })
            .collect();
        let _ = writeln!(out, "| {op} | {} | {} |", ids.len(), cells.join(" | "));
    }
}

/// SAT-TAR against technique `t` on the faults both ranked: Wilcoxon's p and A12.
fn versus(
    reference: &BTreeMap<&str, FaultStat>,
    other: &BTreeMap<&str, FaultStat>,
    t: &str,
) -> (String, String) {
    if t == REFERENCE || reference.is_empty() {
        return ("–".into(), "–".into());
    }
    let (mut x, mut y) = (Vec::new(), Vec::new());
    for (f, s) in reference {
        if let (Some(a), Some(b)) = (s.rank, other.get(f).and_then(|o| o.rank)) {
            x.push(a);
            y.push(b);
        }
    }
    let p = match sattar_rank::stats::wilcoxon_signed_rank(&x, &y) {
        Some(w) if w.p < 0.001 => "< 0.001".to_string(),
        Some(w) => format!("{:.3}", w.p),
        None => "–".into(),
    };
    (p, number(sattar_rank::stats::a12(&x, &y), 2))
}

fn number(v: Option<f64>, digits: usize) -> String {
    v.map_or("–".into(), |v| format!("{v:.digits$}"))
}

fn multi_table(out: &mut String, rows: &[EvalRow], setup: &EvalSetup, techs: &[&str]) {
    let multis: Vec<&String> = setup
        .faults
        .iter()
        .filter(|f| setup.multi.contains(*f))
        .collect();
    if multis.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\n### Multiple faults: rank of each faulty line, per failing input\n"
    );
    let _ = writeln!(out, "| fault | input | objects | {} |", techs.join(" | "));
    let _ = writeln!(out, "|---|---:|---:|{}", "---:|".repeat(techs.len()));
    for f in multis {
        let runs: BTreeSet<usize> = rows
            .iter()
            .filter(|r| &r.fault == f)
            .map(|r| r.run)
            .collect();
        for run in runs {
            let of = |t: &str| {
                rows.iter()
                    .find(|r| &r.fault == f && r.run == run && r.technique == t)
            };
            let size = of(techs[0]).map_or(0, |r| r.input_size);
            let cells: Vec<String> = techs
                .iter()
                .map(|t| {
                    of(t).map_or(String::new(), |r| {
                        r.ranks
                            .iter()
                            .map(|x| opt(*x))
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                })
                .collect();
            let _ = writeln!(
                out,
                "| {f} | {} | {size} | {} |",
                run + 1,
                cells.join(" | ")
            );
        }
    }
}

fn times_table(out: &mut String, rows: &[EvalRow], techs: &[&str]) {
    let _ = writeln!(out, "\n### Times\n");
    let _ = writeln!(out, "| technique | mean s per input | max s |");
    let _ = writeln!(out, "|---|---:|---:|");
    for t in techs {
        let secs: Vec<f64> = rows
            .iter()
            .filter(|r| r.technique == *t)
            .map(|r| r.seconds)
            .collect();
        if secs.is_empty() {
            // No input: no time (an empty sum of f64 is -0.0, not a measurement).
            let _ = writeln!(out, "| {t} | – | – |");
            continue;
        }
        let mean = secs.iter().sum::<f64>() / secs.len() as f64;
        let max = secs.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(out, "| {t} | {mean:.4} | {max:.4} |");
    }
}

/// A progress bar for a terminal: `\r[#####     ] 5/10 inputs`, redrawn in place.
pub fn progress_bar(done: usize, total: usize) -> String {
    let width = 30;
    let filled = width * done / total.max(1);
    format!(
        "\r[{}{}] {done}/{total} inputs",
        "#".repeat(filled),
        " ".repeat(width - filled)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_bar_is_thirty_columns_wide() {
        assert_eq!(
            progress_bar(1, 3),
            format!("\r[{}{}] 1/3 inputs", "#".repeat(10), " ".repeat(20))
        );
        assert_eq!(
            progress_bar(0, 0),
            format!("\r[{}] 0/0 inputs", " ".repeat(30))
        );
    }

    #[test]
    fn csv_leaves_unranked_cells_empty_and_marks_unranked_lines() {
        let row = EvalRow {
            fault: "sll.headErr2".into(),
            technique: "sat".into(),
            run: 0,
            input_size: 3,
            rank: None,
            ranks: vec![Some(2), None],
            tests: 1,
            exam: None,
            subject_statements: 20,
            seconds: 0.5,
        };
        assert_eq!(
            eval_csv(&[row]),
            "fault,technique,run,input_size,rank,ranks,tests,exam,seconds\n\
             sll.headErr2,sat,0,3,,2 –,1,,0.500000\n"
        );
    }

    #[test]
    fn markdown_names_the_faults_no_pool_input_revealed() {
        let row = |fault: &str| EvalRow {
            fault: fault.into(),
            technique: "sat".into(),
            run: 0,
            input_size: 2,
            rank: Some(1),
            ranks: vec![Some(1)],
            tests: 1,
            exam: None,
            subject_statements: 20,
            seconds: 0.1,
        };
        let setup = EvalSetup {
            faults: vec!["a.found".into(), "b.hidden".into()],
            multi: BTreeSet::new(),
            techniques: vec!["sat".into()],
            runs: 1,
            seed: 1,
            scope: 3,
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            threads: 1,
            left_out: vec!["a.found run 1: too large".into()],
            mutants: vec![],
            mutant_sets: vec![],
        };
        let md = eval_markdown(&[row("a.found")], &setup, 0.0);
        assert!(
            md.contains("Left out (no rows): a.found run 1: too large."),
            "{md}"
        );
        assert!(md.contains("| a.found | 1.0 (1.0) |"), "{md}");
        assert!(md.contains("| b.hidden |  |"), "{md}");
        assert!(
            md.contains("No input of the pool (scope 3, integers 0..3), nor of the SAT encoding within that scope, reveals b.hidden: no row."),
            "{md}"
        );
        let all = eval_markdown(&[row("a.found"), row("b.hidden")], &setup, 0.0);
        assert!(!all.contains("No input of the pool"), "{all}");
    }

    /// Three faults, two inputs each. SAT-TAR ranks f1 at 1 and 1, f2 at 1 and 3, f3 at 2 and
    /// unranked; SAT at 2 and 2, 5 and 5, 4 and 4. Per fault, SAT-TAR: ranks 1, 2, 2 (f3 over
    /// its ranked input), Top-1 shares 1, 1/2, 0 → 50 %, Top-3 shares 1, 1, 1/2 → 83 %; SAT:
    /// ranks 2, 5, 4, Top-1 0 %, Top-3 1, 0, 0 → 33 %. Differences 1-2, 2-5, 2-4 = -1, -3, -2:
    /// no positive rank, V = 0, exact p = 2 * 1/8 = 0.25; A12: SAT-TAR's 1, 2, 2 is below each of
    /// SAT's 2, 5, 4 but for the tie 2 = 2 (twice): (9 - 2 + 1) / 9 = 0.89.
    #[test]
    fn the_statistics_table_has_the_values_computed_by_hand() {
        let row = |fault: &str, technique: &str, run: usize, rank: Option<usize>| EvalRow {
            fault: fault.into(),
            technique: technique.into(),
            run,
            input_size: 2,
            rank,
            ranks: vec![rank],
            tests: 1,
            exam: rank.map(|r| r as f64 / 10.0),
            subject_statements: 20,
            seconds: 0.1,
        };
        let ranks = [
            ("f1", "sat-tar", [Some(1), Some(1)]),
            ("f2", "sat-tar", [Some(1), Some(3)]),
            ("f3", "sat-tar", [Some(2), None]),
            ("f1", "sat", [Some(2), Some(2)]),
            ("f2", "sat", [Some(5), Some(5)]),
            ("f3", "sat", [Some(4), Some(4)]),
        ];
        let rows: Vec<EvalRow> = ranks
            .iter()
            .flat_map(|(f, t, rs)| rs.iter().enumerate().map(|(i, r)| row(f, t, i, *r)))
            .collect();
        let setup = EvalSetup {
            faults: vec!["f1".into(), "f2".into(), "f3".into()],
            multi: BTreeSet::new(),
            techniques: vec!["sat-tar".into(), "sat".into()],
            runs: 2,
            seed: 1,
            scope: 3,
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            threads: 1,
            left_out: vec![],
            mutants: vec![],
            mutant_sets: vec![],
        };
        let md = eval_markdown(&rows, &setup, 0.0);
        // Mean EXAM per fault: sat-tar 0.1, 0.2, 0.2 → 0.167, median 0.2.
        assert!(
            md.contains("| sat-tar | 3 | 50 % | 83 % | 83 % | 83 % | 0.167 | 0.200 | 1.67 ["),
            "{md}"
        );
        assert!(md.contains("| – | – |"), "{md}");
        assert!(
            md.contains("| sat | 3 | 0 % | 33 % | 100 % | 100 % | 0.367 | 0.400 | 3.67 ["),
            "{md}"
        );
        assert!(md.contains("| 0.250 | 0.89 |"), "{md}");
    }
}
