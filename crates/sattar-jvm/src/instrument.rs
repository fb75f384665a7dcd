//! Source instrumentation: coverage, branch and step probes inserted into the subject's text
//! without adding newlines, so line numbers stay those of the user's file. Where each probe goes
//! is the front end's decision ([`Probe`] of every statement); nothing is parsed here.

use sattar_java::{Probe, Program, StmtInfo};

/// The Java runtime support sources shipped with the crate: `(relative path, text)`.
pub const RUNTIME_SOURCES: &[(&str, &str)] = &[
    ("sattar/Cov.java", include_str!("../java/sattar/Cov.java")),
    (
        "sattar/StepLimitError.java",
        include_str!("../java/sattar/StepLimitError.java"),
    ),
];

/// One text insertion: at `offset`, in statement order among insertions at the same offset.
struct Insert {
    offset: usize,
    text: String,
}

/// Returns the instrumented text of every file of `program`, `(path, text)`: same lines, probes
/// added.
pub fn instrument(program: &Program) -> Vec<(String, String)> {
    program
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut inserts = Vec::new();
            for s in program.stmts.iter().filter(|s| s.file.0 as usize == i) {
                probes(s, &mut inserts);
            }
            (f.path.clone(), apply(&f.text, inserts))
        })
        .collect()
}

fn apply(text: &str, mut inserts: Vec<Insert>) -> String {
    inserts.sort_by_key(|i| i.offset); // stable: statement order kept at equal offsets
    let mut out = String::with_capacity(text.len() * 2);
    let mut at = 0;
    for i in inserts {
        out.push_str(&text[at..i.offset]);
        out.push_str(&i.text);
        at = i.offset;
    }
    out.push_str(&text[at..]);
    out
}

/// The insertions of one statement's probes.
fn probes(s: &StmtInfo, out: &mut Vec<Insert>) {
    let n = s.id.0;
    let mut at = |offset: usize, text: String| out.push(Insert { offset, text });
    match s.probe {
        Probe::Wrap => wrap(s, &format!("sattar.Cov.s({n});"), &mut at),
        Probe::ForPart => at(s.span.start, format!("sattar.Cov.s({n}), ")),
        Probe::Init(init) => {
            at(init.start, format!("sattar.Cov.p(sattar.Cov.t({n}), "));
            at(init.end, ")".into());
        }
        Probe::Before => at(s.span.start, format!("sattar.Cov.s({n}); ")),
        Probe::Cond => cond(s, &mut at),
        Probe::BodyStart { body, records } => {
            let probe = if records {
                format!("sattar.Cov.b({n}, sattar.Cov.t({n}));")
            } else {
                format!("sattar.Cov.s({n});")
            };
            at(body.start, format!("{{{probe} "));
            at(body.end, "}".into());
        }
        Probe::DoWhile => {
            wrap(s, &format!("sattar.Cov.e({n});"), &mut at);
            cond(s, &mut at);
        }
    }
}

/// `{probe stmt}` around the whole statement.
fn wrap(s: &StmtInfo, probe: &str, at: &mut dyn FnMut(usize, String)) {
    at(s.span.start, format!("{{{probe} "));
    at(s.span.end, "}".into());
}

/// A condition evaluated as a branch: one step, then the recorded outcome.
fn cond(s: &StmtInfo, at: &mut dyn FnMut(usize, String)) {
    if let Some(c) = s.cond {
        let n = s.id.0;
        at(
            c.start,
            format!("(sattar.Cov.b({n}, sattar.Cov.t({n}) && ("),
        );
        at(c.end, ")))".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_lines_and_probes_every_statement() {
        let src = "class A {\n  int f;\n  int g(int k) {\n    int x = k;\n    if (k > 0) f = 1; else if (k < 0) f = 2;\n    while (x > 0) x = x - 1;\n    for (int i = 0; i < k; i++) f = f + i;\n    do { x = x + 1; } while (x < 3);\n    return x;\n  }\n}\n";
        let p = sattar_java::parse_program("A.java", src).unwrap_or_else(|e| panic!("{}", e[0]));
        let out = instrument(&p).remove(0).1;
        assert_eq!(out.lines().count(), src.lines().count());
        for s in &p.stmts {
            assert!(
                out.contains(&format!("({})", s.id.0)) || out.contains(&format!("({}, ", s.id.0)),
                "{out}"
            );
        }
        assert!(
            out.contains("if (sattar.Cov.b(2, sattar.Cov.t(2) && ((k > 0))))"),
            "{out}"
        );
    }
}
