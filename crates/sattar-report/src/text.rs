//! The human table of a report: one line per statement, never wider than [`WIDTH`] columns.
//!
//! ```text
//! LinkedList.delete: technique sat-tar, formula tarantula over outcomes
//! rank  susp  conf  core  location            statement
//!    1  1.83  1.00   *    LinkedList.java:23  size = size - 1;
//! violated: sizeOk; 12 tests; fault sll.sizeErr (line 23) at rank 1
//! ```

use crate::model::{FaultInfo, RankedStatement, Report};
use std::ffi::OsString;

/// The widest line the table prints, in characters.
pub const WIDTH: usize = 80;

/// The narrowest the statement column gets before the location column is cut instead.
const MIN_TEXT: usize = 20;

/// The narrowest the location column gets.
const MIN_LOCATION: usize = 8;

/// How to print the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextOptions {
    /// Whether to use ANSI colour (see [`use_colour`]).
    pub colour: bool,
    /// Print only the first `top` statements (`None`: all).
    pub top: Option<usize>,
}

/// Whether to colour output: only on a terminal, and only if `NO_COLOR` is unset or empty.
pub fn use_colour(is_terminal: bool) -> bool {
    use_colour_with(is_terminal, |key| std::env::var_os(key))
}

/// [`use_colour`] with the environment given as a lookup, so it can be tested without touching
/// the process environment.
pub fn use_colour_with(is_terminal: bool, env: impl Fn(&str) -> Option<OsString>) -> bool {
    // https://no-color.org: "when present and not an empty string" colour is off.
    is_terminal && env("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// The report as a table: a caption, a header, one line per statement, a summary line.
pub fn render_text(report: &Report, opts: &TextOptions) -> String {
    let shown = opts.top.unwrap_or(usize::MAX).min(report.ranking.len());
    let rows: Vec<Row> = report.ranking[..shown]
        .iter()
        .map(|s| Row::of(report, s))
        .collect();
    let widths = Widths::of(&rows);
    let paint = Painter { on: opts.colour };
    let mut out = Vec::new();
    out.push(fit(&caption(report), WIDTH));
    out.push(paint.bold(&widths.header()));
    out.extend(rows.iter().map(|r| widths.line(r, &paint)));
    if report.ranking.is_empty() {
        out.push("(no statement ranked)".into());
    }
    if shown < report.ranking.len() {
        out.push(format!("… and {} more", report.ranking.len() - shown));
    }
    out.extend(wrap(&summary_parts(report), WIDTH));
    out.join("\n") + "\n"
}

/// `parts` joined with `; ` into lines of at most `w` characters (a part longer than `w` alone on
/// its line, cut): the summary's last part — the fault's rank — is never cut away.
fn wrap(parts: &[String], w: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for p in parts {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 2 + p.chars().count() <= w => {
                l.push_str("; ");
                l.push_str(p);
            }
            _ => lines.push(fit(p, w)),
        }
    }
    lines
}

/// `LinkedList.delete: technique sat-tar, formula tarantula over outcomes`
fn caption(report: &Report) -> String {
    clean(&format!(
        "{}: technique {}, formula {}",
        report.method,
        report.technique,
        report.rating()
    ))
}

/// `violated: sizeOk`, `12 tests`, `fault sll.sizeErr (line 23) at rank 1`, and how many
/// generated tests the clock stopped.
fn summary_parts(report: &Report) -> Vec<String> {
    let violated = if report.violated.is_empty() {
        "none".to_string()
    } else {
        report.violated.join(", ")
    };
    let tests = match report.tests {
        1 => "1 test".to_string(),
        n => format!("{n} tests"),
    };
    let mut parts = vec![format!("violated: {violated}"), tests];
    parts.extend(report.fault.as_ref().map(fault_summary));
    let timed_out = report.rounds.iter().filter(|r| r.timed_out).count();
    if timed_out > 0 {
        let n = match timed_out {
            1 => "1 generated test".to_string(),
            n => format!("{n} generated tests"),
        };
        parts.push(format!("{n} timed out (raise --timeout), not ranked"));
    }
    parts.iter().map(|p| clean(p)).collect()
}

/// `fault sll.sizeErr (lines 23, 27) at rank 2`, or `… not ranked`.
fn fault_summary(f: &FaultInfo) -> String {
    let lines: Vec<String> = f.faulty_lines.iter().map(u32::to_string).collect();
    let noun = if lines.len() == 1 { "line" } else { "lines" };
    let rank = f
        .rank
        .map_or("not ranked".to_string(), |r| format!("at rank {r}"));
    format!("fault {} ({noun} {}) {rank}", f.id, lines.join(", "))
}

/// One statement's cells, as plain text before padding.
struct Row {
    rank: String,
    susp: String,
    conf: String,
    core: bool,
    top: bool,
    location: String,
    text: String,
    /// `when true`: the condition value the statement is rated by, if shown.
    when: Option<&'static str>,
}

impl Row {
    fn of(report: &Report, s: &RankedStatement) -> Row {
        Row {
            rank: s.rank.to_string(),
            susp: score(s.susp),
            conf: score(s.conf),
            core: s.in_core,
            top: report.in_top_group(s),
            location: clean(&format!("{}:{}", file_name(&s.file), s.line)),
            text: clean(&s.text),
            when: s.condition.map(|c| c.when()),
        }
    }

    /// The statement cell in at most `w` characters: the statement, then `[when true]` when a
    /// condition value rates it (the statement is cut first, so the value always shows).
    fn statement(&self, w: usize) -> String {
        match self.when {
            Some(when) if w > when.len() + 3 + MIN_TEXT / 2 => {
                let text = fit(&self.text, w - when.len() - 3);
                format!("{text} [{when}]")
            }
            _ => fit(&self.text, w),
        }
    }
}

/// Column widths, chosen so that every line fits in [`WIDTH`].
struct Widths {
    rank: usize,
    susp: usize,
    conf: usize,
    location: usize,
    text: usize,
}

const GAP: usize = 2;
const CORE: usize = 4;

impl Widths {
    fn of(rows: &[Row]) -> Widths {
        let max = |f: fn(&Row) -> &String, min: usize| {
            rows.iter().map(|r| width(f(r))).fold(min, usize::max)
        };
        let (rank, susp, conf) = (
            max(|r| &r.rank, 4),
            max(|r| &r.susp, 4),
            max(|r| &r.conf, 4),
        );
        let fixed = rank + susp + conf + CORE + 4 * GAP;
        let cap = WIDTH
            .saturating_sub(fixed + GAP + MIN_TEXT)
            .max(MIN_LOCATION);
        let location = max(|r| &r.location, "location".len()).min(cap);
        let text = WIDTH.saturating_sub(fixed + location + GAP).max(1);
        Widths {
            rank,
            susp,
            conf,
            location,
            text,
        }
    }

    fn header(&self) -> String {
        let line = format!(
            "{:>rw$}  {:>sw$}  {:>cw$}  core  {:<lw$}  statement",
            "rank",
            "susp",
            "conf",
            "location",
            rw = self.rank,
            sw = self.susp,
            cw = self.conf,
            lw = self.location
        );
        fit(&line, WIDTH)
    }

    /// One row; colour is applied to padded cells so that it never changes the width.
    fn line(&self, r: &Row, paint: &Painter) -> String {
        let hot = |s: String| if r.top { paint.red(&s) } else { s };
        let core = if r.core {
            paint.yellow(" *  ")
        } else {
            "    ".into()
        };
        let location = fit_left(&r.location, self.location);
        // No padding after the last non-empty cell, coloured or not.
        let location = match r.text.is_empty() {
            true => location,
            false => format!("{location:<w$}", w = self.location),
        };
        let line = format!(
            "{}  {}  {:>cw$}  {core}  {}  {}",
            hot(format!("{:>w$}", r.rank, w = self.rank)),
            hot(format!("{:>w$}", r.susp, w = self.susp)),
            r.conf,
            paint.cyan(&location),
            r.statement(self.text),
            cw = self.conf,
        );
        line.trim_end().to_string()
    }
}

/// ANSI colour, or nothing when off.
struct Painter {
    on: bool,
}

impl Painter {
    fn wrap(&self, code: &str, s: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    }
    fn bold(&self, s: &str) -> String {
        self.wrap("1", s)
    }
    fn red(&self, s: &str) -> String {
        self.wrap("1;31", s)
    }
    fn yellow(&self, s: &str) -> String {
        self.wrap("33", s)
    }
    fn cyan(&self, s: &str) -> String {
        self.wrap("36", s)
    }
}

/// A score in at most 6 characters: `0.83`, `-1.50`, `2e3`, `inf`, `NaN`.
pub(crate) fn score(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.into()
    } else if x.abs() < 99.995 {
        format!("{x:.2}")
    } else {
        format!("{x:.0e}")
    }
}

/// The last component of a path, `/` or `\` separated.
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Whitespace runs as one space, other control characters (escape codes included) escaped by
/// `sattar_diag::printable`, so that a statement's text can neither break a line nor colour the
/// terminal.
fn clean(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&sattar_diag::printable(word));
    }
    out
}

/// The width of a cell in characters (wide CJK glyphs count as one: a documented limit).
fn width(s: &str) -> usize {
    s.chars().count()
}

/// `s` cut to `w` characters, ending in `…` when cut.
fn fit(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_string();
    }
    let keep: String = s.chars().take(w.saturating_sub(1)).collect();
    if w == 0 {
        keep
    } else {
        keep + "…"
    }
}

/// `s` cut to `w` characters from the left, so that a location keeps its line number.
fn fit_left(s: &str, w: usize) -> String {
    let n = width(s);
    if n <= w {
        return s.to_string();
    }
    let tail: String = s.chars().skip(n - w.saturating_sub(1)).collect();
    if w == 0 {
        tail
    } else {
        format!("…{tail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::FaultInfo;

    fn stmt(rank: usize, susp: f64, line: u32, text: &str, in_core: bool) -> RankedStatement {
        RankedStatement {
            stmt: line - 13,
            file: "java-subjects/linkedlist/LinkedList.java".into(),
            line,
            text: text.into(),
            susp,
            conf: 1.0,
            rank,
            rank_avg: rank as f64,
            in_core,
            condition: None,
        }
    }

    fn report() -> Report {
        Report {
            tool_version: "0.1.0".into(),
            subject: "java-subjects/linkedlist/LinkedList.java".into(),
            method: "LinkedList.delete".into(),
            technique: "sat-tar".into(),
            formula: "tarantula".into(),
            domain: "outcomes".into(),
            violated: vec!["sizeOk".into()],
            suspects: vec![10, 4],
            rounds: vec![],
            ranking: vec![
                stmt(1, 1.8333, 23, "size = size - 1;", true),
                stmt(3, 0.5, 17, "if (lst.key == k)", true),
                stmt(3, 0.5, 16, "while (lst != null)", false),
                stmt(4, 0.0, 29, "return false;", false),
            ],
            tests: 12,
            fault: Some(FaultInfo {
                id: "sll.sizeErr".into(),
                faulty_lines: vec![23],
                rank: Some(1),
            }),
        }
    }

    #[test]
    fn a_small_report_prints_exactly() {
        let out = render_text(&report(), &TextOptions::default());
        let want = "\
LinkedList.delete: technique sat-tar, formula tarantula over outcomes
rank  susp  conf  core  location            statement
   1  1.83  1.00   *    LinkedList.java:23  size = size - 1;
   3  0.50  1.00   *    LinkedList.java:17  if (lst.key == k)
   3  0.50  1.00        LinkedList.java:16  while (lst != null)
   4  0.00  1.00        LinkedList.java:29  return false;
violated: sizeOk; 12 tests; fault sll.sizeErr (line 23) at rank 1
";
        assert_eq!(out, want);
    }

    #[test]
    fn a_condition_rated_by_a_value_says_which_and_a_long_one_keeps_it() {
        use crate::model::ConditionValue;
        let mut r = report();
        r.ranking[1].condition = Some(ConditionValue::True);
        r.ranking[2].condition = Some(ConditionValue::Threw);
        r.ranking[2].text = format!("while ({} != null)", "lst.next".repeat(12));
        let out = render_text(&r, &TextOptions::default());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[3],
            "   3  0.50  1.00   *    LinkedList.java:17  if (lst.key == k) [when true]"
        );
        assert_eq!(
            lines[4],
            "   3  0.50  1.00        LinkedList.java:16  while (lst.nextlst.… [when it threw]"
        );
        assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
    }

    #[test]
    fn top_limits_the_rows_and_says_how_many_are_left() {
        let opts = TextOptions {
            colour: false,
            top: Some(2),
        };
        let out = render_text(&report(), &opts);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 6);
        assert_eq!(lines[4], "… and 2 more");
    }

    #[test]
    fn long_texts_and_paths_stay_within_80_columns() {
        let mut r = report();
        r.ranking[0].text = "x = ".to_string() + &"veryLongName + ".repeat(20) + "1;";
        r.ranking[1].file = format!("{}.java", "Deep".repeat(30));
        r.ranking[2].rank = usize::MAX;
        r.ranking[3].susp = -1e300;
        r.violated = (0..40).map(|i| format!("constraint{i}")).collect();
        r.method = "M".repeat(200);
        let out = render_text(&r, &TextOptions::default());
        for line in out.lines() {
            assert!(line.chars().count() <= WIDTH, "too wide: {line:?}");
        }
        assert!(out.contains("…"), "something was cut");
        assert!(out.contains(".java:17"), "the cut location keeps its line");
    }

    #[test]
    fn a_long_summary_wraps_and_keeps_the_fault_s_rank() {
        let parts: Vec<String> = vec![
            format!("violated: {}", ["aVeryLongConstraintName"; 4].join(", ")),
            "12 tests".into(),
            "fault sll.sizeErr (line 23) at rank 1".into(),
        ];
        let lines = wrap(&parts, WIDTH);
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH));
        assert!(
            lines.last().is_some_and(|l| l.ends_with("at rank 1")),
            "{lines:?}"
        );
        // Short parts stay on one line, as before.
        let short = wrap(&["violated: sizeOk".into(), "2 tests".into()], WIDTH);
        assert_eq!(short, ["violated: sizeOk; 2 tests"]);
    }

    #[test]
    fn no_escape_codes_without_colour_even_from_the_source_text() {
        let mut r = report();
        r.ranking[0].text = "x = 1; \x1b[31m\ty\n= 2;".into();
        let plain = render_text(&r, &TextOptions::default());
        assert!(!plain.contains('\x1b'));
        assert!(plain.contains("x = 1; \\u{1b}[31m y = 2;"));
        let coloured = render_text(
            &report(),
            &TextOptions {
                colour: true,
                top: None,
            },
        );
        assert!(coloured.contains("\x1b[1;31m"));
        let stripped = strip_ansi(&coloured);
        assert_eq!(stripped, render_text(&report(), &TextOptions::default()));
    }

    #[test]
    fn an_empty_ranking_and_no_fault_still_print_a_table() {
        let mut r = report();
        r.ranking.clear();
        r.fault = None;
        r.violated.clear();
        r.tests = 1;
        let out = render_text(&r, &TextOptions::default());
        assert!(out.contains("(no statement ranked)"));
        assert!(out.ends_with("violated: none; 1 test\n"));
    }

    #[test]
    fn fault_summaries_name_every_line_and_an_unranked_fault() {
        let f = FaultInfo {
            id: "bst.x".into(),
            faulty_lines: vec![20, 31],
            rank: None,
        };
        assert_eq!(fault_summary(&f), "fault bst.x (lines 20, 31) not ranked");
    }

    #[test]
    fn no_color_is_respected() {
        fn env(value: Option<&'static str>) -> impl Fn(&str) -> Option<OsString> {
            move |key| value.filter(|_| key == "NO_COLOR").map(OsString::from)
        }
        assert!(use_colour_with(true, env(None)));
        assert!(use_colour_with(true, env(Some(""))));
        assert!(!use_colour_with(true, env(Some("1"))));
        assert!(!use_colour_with(false, env(None)));
    }

    #[test]
    fn scores_fit_in_six_characters() {
        for (x, want) in [
            (0.8333, "0.83"),
            (-1.5, "-1.50"),
            (2000.0, "2e3"),
            (f64::INFINITY, "inf"),
            (f64::NAN, "NaN"),
        ] {
            assert_eq!(score(x), want);
        }
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|&c| c == 'm');
            } else {
                out.push(c);
            }
        }
        out
    }
}
