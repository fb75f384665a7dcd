//! What `sattar localize` says on stderr while it runs: the round summary and question of
//! `--interactive`, and where the session file is.

use std::fmt::Write;
use std::path::Path;

/// The last round and the top of the ranking, for the user to decide whether to go on.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundPrompt {
    /// The round just run (`None` before the first).
    pub round: Option<RoundNote>,
    /// Tests in the spectrum.
    pub tests: usize,
    /// The first statements of the ranking.
    pub top: Vec<TopStatement>,
}

/// One round, as the prompt shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundNote {
    /// 1-based round number.
    pub number: usize,
    /// `pass`, `fail` or `invalid`.
    pub verdict: String,
    /// The constraints the verdict names.
    pub violated: Vec<String>,
    /// Whether the test joined the spectrum.
    pub added: bool,
}

/// A statement at the top of the ranking, and its rank before the round.
#[derive(Clone, Debug, PartialEq)]
pub struct TopStatement {
    /// Worst-case rank.
    pub rank: usize,
    /// Suspiciousness.
    pub susp: f64,
    /// Confidence.
    pub conf: f64,
    /// Source line.
    pub line: u32,
    /// Source text.
    pub text: String,
    /// Its rank before the round (`None`: it was not ranked).
    pub before: Option<usize>,
}

/// The prompt: the round, the top of the ranking with rank changes, and the question.
pub fn render_round_prompt(p: &RoundPrompt) -> String {
    let mut out = String::new();
    if let Some(r) = &p.round {
        let kept = if r.added {
            "added"
        } else {
            "not added (other constraints)"
        };
        let _ = writeln!(
            out,
            "round {}: {} {} — {kept}; {} tests",
            r.number,
            r.verdict,
            r.violated.join(", "),
            p.tests
        );
    }
    for s in &p.top {
        let change = match s.before {
            Some(k) if k != s.rank => format!("  (was {k})"),
            None => "  (new)".into(),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "  {:>3}  {:.3}  {:.3}  L{:<4} {}{change}",
            s.rank, s.susp, s.conf, s.line, s.text
        );
    }
    out.push_str("[Enter] continue, s stop, q stop and keep the session to resume: ");
    out
}

/// Where the session is kept, after a localization (`finished`: no test is left to generate).
pub fn session_note(path: &Path, finished: bool) -> String {
    if finished {
        format!(
            "session: {} (finished: no test with new coverage is left)",
            path.display()
        )
    } else {
        format!("session: {} (continue it with --resume)", path.display())
    }
}

/// Why a ranking has no core boost: the cores blame no executed statement.
pub fn empty_core_note(violated: &[String]) -> String {
    format!(
        "note: the minimal core of the failing run blames no statement it executes: within the \
         bounds, no change to the code this run executes satisfies {} (the fix may add code — an \
         allocation, say — or lie in code the run does not reach); nothing is boosted, tests are \
         generated around the whole failing run, and the ranking is the formula's alone",
        violated.join(", ")
    )
}

/// How to resume a session the user stopped with `q`.
pub fn resume_hint(path: &Path) -> String {
    format!(
        "stopped; resume with: sattar localize --resume {}",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(rank: usize, before: Option<usize>) -> TopStatement {
        TopStatement {
            rank,
            susp: 1.5,
            conf: 1.0,
            line: 21,
            text: "x = x.right;".into(),
            before,
        }
    }

    #[test]
    fn the_prompt_shows_the_round_the_rank_changes_and_the_question() {
        let p = RoundPrompt {
            round: Some(RoundNote {
                number: 2,
                verdict: "fail".into(),
                violated: vec!["sizeOk".into()],
                added: false,
            }),
            tests: 3,
            top: vec![top(1, Some(4)), top(2, Some(2)), top(3, None)],
        };
        assert_eq!(
            render_round_prompt(&p),
            "round 2: fail sizeOk — not added (other constraints); 3 tests\n\
             \x20   1  1.500  1.000  L21   x = x.right;  (was 4)\n\
             \x20   2  1.500  1.000  L21   x = x.right;\n\
             \x20   3  1.500  1.000  L21   x = x.right;  (new)\n\
             [Enter] continue, s stop, q stop and keep the session to resume: "
        );
    }
}
