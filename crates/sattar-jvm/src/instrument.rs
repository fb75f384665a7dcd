//! Source instrumentation: coverage, branch and step probes inserted into the subject's text
//! without adding newlines, so line numbers stay those of the user's file. Where each probe goes
//! is the front end's decision ([`Probe`] of every statement); nothing is parsed here.

use sattar_java::{MethodId, Probe, Program, Span, StmtInfo, StmtKind, SwitchProbe};

/// The Java runtime support sources shipped with the crate: `(relative path, text)`.
pub const RUNTIME_SOURCES: &[(&str, &str)] = &[
    ("sattar/Cov.java", include_str!("../java/sattar/Cov.java")),
    (
        "sattar/StepLimitError.java",
        include_str!("../java/sattar/StepLimitError.java"),
    ),
    ("sattar/Each.java", include_str!("../java/sattar/Each.java")),
];

/// One text insertion at `offset`. Among insertions at the same offset, those closing a
/// statement's text come first, innermost statement first, then those opening one, outermost
/// first (`rank`: minus or plus the statement id), so wrappers nest.
struct Insert {
    offset: usize,
    rank: i64,
    text: String,
    /// Bytes of the original text the insertion replaces (their line breaks are kept).
    skip: usize,
}

/// Returns the instrumented text of every file of `program`, `(path, text)`: same lines, probes
/// added. sattar's models of JDK classes are left out: the JVM runs the JDK's own.
pub fn instrument(program: &Program) -> Vec<(String, String)> {
    instrument_with(program, None)
}

/// [`instrument`], and first in the body of method `m` the capture probe
/// (`sattar.capture.Capture.enter(this, new Object[] {a, b})`: the receiver and the arguments
/// of each outermost call, handed to the worker before the method's first statement). `None`
/// when `m` has no body in the source or is a constructor (nothing may precede `super(…)`).
pub fn instrument_capturing(program: &Program, m: MethodId) -> Option<Vec<(String, String)>> {
    let method = program.method(m);
    let body = method.body_span.filter(|_| !method.is_constructor())?;
    let this = if method.is_static { "null" } else { "this" };
    let args: Vec<&str> = method.params.iter().map(|p| p.name.as_str()).collect();
    let probe = Insert {
        offset: body.start + 1, // after the body's `{`
        rank: i64::MIN,
        text: format!(
            "sattar.capture.Capture.enter({this}, new Object[] {{{}}}); ",
            args.join(", ")
        ),
        skip: 0,
    };
    Some(instrument_with(
        program,
        Some((method.file.0 as usize, probe)),
    ))
}

fn instrument_with(program: &Program, extra: Option<(usize, Insert)>) -> Vec<(String, String)> {
    let mut extra = extra;
    program
        .files
        .iter()
        .enumerate()
        .filter(|(_, f)| !sattar_java::library::is_model_path(&f.path))
        .map(|(i, f)| {
            let mut inserts = Vec::new();
            // A sealed method's statements (`Program::blame_only`) get no probe: it runs as
            // library code, as in the interpreter.
            let own = |s: &&StmtInfo| s.file.0 as usize == i && !program.is_sealed(s.id);
            for s in program.stmts.iter().filter(own) {
                probes(s, &f.text, &mut inserts);
            }
            if extra.as_ref().is_some_and(|(file, _)| *file == i) {
                inserts.extend(extra.take().map(|(_, insert)| insert));
            }
            (f.path.clone(), apply(&f.text, inserts))
        })
        .collect()
}

fn apply(text: &str, mut inserts: Vec<Insert>) -> String {
    inserts.sort_by_key(|i| (i.offset, i.rank)); // stable: a statement's own order kept
    let mut out = String::with_capacity(text.len() * 2);
    let mut at = 0;
    for i in inserts {
        out.push_str(text.get(at..i.offset).unwrap_or(""));
        out.push_str(&i.text);
        at = i.offset.max(at);
        if i.skip > 0 {
            let cut = text.get(at..at + i.skip).unwrap_or("");
            out.extend(cut.chars().filter(|c| matches!(c, '\n' | '\r')));
            at += cut.len();
        }
    }
    out.push_str(&text[at..]);
    out
}

/// The insertions of one statement: openings and closings of its probes' text.
struct Inserts<'a> {
    id: u32,
    out: &'a mut Vec<Insert>,
}

impl Inserts<'_> {
    fn open(&mut self, offset: usize, text: String) {
        let rank = i64::from(self.id);
        self.out.push(Insert {
            offset,
            rank,
            text,
            skip: 0,
        });
    }

    fn close(&mut self, offset: usize, text: String) {
        let rank = -i64::from(self.id);
        self.out.push(Insert {
            offset,
            rank,
            text,
            skip: 0,
        });
    }

    /// Replaces the text of `span` by `text` (keeping its line breaks).
    fn replace(&mut self, span: Span, text: String) {
        let rank = i64::from(self.id);
        self.out.push(Insert {
            offset: span.start,
            rank,
            text,
            skip: span.end.saturating_sub(span.start),
        });
    }

    /// `{probe stmt}` around `span`.
    fn wrap(&mut self, span: Span, probe: &str) {
        self.open(span.start, format!("{{{probe} "));
        self.close(span.end, "}".into());
    }
}

/// The insertions of one statement's probes.
fn probes(s: &StmtInfo, source: &str, out: &mut Vec<Insert>) {
    let n = s.id.0;
    let mut at = Inserts { id: n, out };
    match s.probe {
        Probe::Wrap => at.wrap(s.span, &format!("sattar.Cov.s({n});")),
        Probe::ForPart => at.open(s.span.start, format!("sattar.Cov.s({n}), ")),
        Probe::Init(init, narrow) => {
            let cast = narrow.map_or(String::new(), |k| format!("({}) ", k.name()));
            // An array initializer (`int[] a = {1, 2};`) is no expression: as an argument of
            // the probe it becomes the array creation it stands for (`new int[] {1, 2}`).
            let initializer = source.get(init.start..).is_some_and(|t| t.starts_with('{'));
            let before = source.get(..init.start).unwrap_or("");
            let creation = match initializer {
                true => format!("new {} ", initializer_type(&s.text, before)),
                false => String::new(),
            };
            at.open(
                init.start,
                format!("{cast}sattar.Cov.p(sattar.Cov.t({n}), {creation}"),
            );
            at.close(init.end, ")".into());
        }
        // A field's probe is an initializer block of its own, run just before the field's.
        Probe::Before if s.kind == StmtKind::Field => {
            at.open(s.span.start, format!("{{sattar.Cov.s({n});}} "))
        }
        Probe::Before => at.open(s.span.start, format!("sattar.Cov.s({n}); ")),
        Probe::After => at.close(s.span.end, format!(" sattar.Cov.s({n});")),
        Probe::Cond => cond(s, &mut at),
        Probe::BodyStart { body, records } => {
            let probe = if records {
                format!("sattar.Cov.b({n}, sattar.Cov.t({n}));")
            } else {
                format!("sattar.Cov.s({n});")
            };
            at.wrap(body, &probe);
        }
        Probe::DoWhile => {
            at.wrap(s.span, &format!("sattar.Cov.e({n});"));
            cond(s, &mut at);
        }
        Probe::Binds {
            when_true,
            other,
            then,
        } => binds(
            s,
            when_true,
            other.or(then),
            other.is_none() && then.is_some(),
            &mut at,
        ),
        // The step is the first switch probe's.
        Probe::Switch => {}
        Probe::ForEach {
            iterable,
            var,
            ty,
            getter,
            expr,
            body,
        } => {
            // `for (T x : a) B` → `for (sattar.Each e = sattar.Cov.each(a); probe(e.more()); )
            // { T x = (T) e.next(); B }`: the loop JLS 14.14.2 defines, its test visible.
            let each = format!("sattar$e{n}");
            let head = Span {
                start: var.start,
                end: expr.start,
            };
            let start = if iterable { "iter" } else { "each" };
            at.replace(head, format!("sattar.Each {each} = sattar.Cov.{start}("));
            let test = format!("sattar.Cov.t({n}) && sattar.Cov.b({n}, {each}.more())");
            at.close(expr.end, format!("); {test}; "));
            let text = |sp: Span| source.get(sp.start..sp.end).unwrap_or("");
            let decl: String = text(var).split_whitespace().collect::<Vec<_>>().join(" ");
            let cast = if getter == "next" {
                format!("({}) ", text(ty))
            } else {
                String::new()
            };
            at.wrap(body, &format!("{decl} = {cast}{each}.{getter}();"));
        }
    }
    for sw in &s.switches {
        switch(n, sw, &mut at);
    }
}

/// The declared type of a variable with an array initializer: the type the statement's text
/// starts with (`int[] a = {…};` → `int[]`, `int [] a` → `int[]`) and the brackets written after
/// the name (`int a[][] = {…}` → `int[][]`), which end `before`, the source before the
/// initializer.
fn initializer_type(text: &str, before: &str) -> String {
    let mut tokens = text.split_whitespace();
    let mut ty = tokens.next().unwrap_or("").to_string();
    for t in tokens.take_while(|t| !t.is_empty() && t.chars().all(|c| c == '[' || c == ']')) {
        ty.push_str(t);
    }
    let mut rest = before
        .trim_end()
        .strip_suffix('=')
        .unwrap_or(before)
        .trim_end();
    let mut dims = 0;
    while let Some(r) = rest.strip_suffix(']') {
        let Some(r) = r.trim_end().strip_suffix('[') else {
            break;
        };
        dims += 1;
        rest = r.trim_end();
    }
    ty + &"[]".repeat(dims)
}

/// A switch's case tests: the selector passed through `Cov.w` with the case groups' labels,
/// which records an event per group tested until one matches (covering the statement and
/// spending its step first, for a `switch` statement).
fn switch(n: u32, sw: &SwitchProbe, at: &mut Inserts) {
    let step = if sw.steps {
        format!("sattar.Cov.t({n})")
    } else {
        "true".into()
    };
    let kind = if sw.objects { "Object" } else { "int" };
    let groups: String = sw
        .groups
        .iter()
        .map(|g| format!(", new {kind}[]{{{}}}", g.join(", ")))
        .collect();
    let call = if sw.groups.is_empty() { "w0" } else { "w" };
    // Parenthesized as a whole: javac's selector of a `switch` is its parenthesized expression.
    at.open(
        sw.selector.start,
        format!("(sattar.Cov.{call}({step}, {n}, ("),
    );
    at.close(sw.selector.end, format!("){groups}))"));
}

/// A condition evaluated as a branch: one step, then the recorded outcome.
fn cond(s: &StmtInfo, at: &mut Inserts) {
    if let Some(c) = s.cond {
        let n = s.id.0;
        at.open(
            c.start,
            format!("(sattar.Cov.b({n}, sattar.Cov.t({n}) && ("),
        );
        at.close(c.end, ")))".into());
    }
}

/// A condition that binds pattern variables keeps its `&&` shape (`||` when they are bound when
/// false), which a call around it would break: `Cov.u` starts it, `Cov.y` (`Cov.z`) records the
/// outcome the shape reaches, and `Cov.x` records the other one where control goes on it, if
/// this evaluation is still open.
/// `add_else`: `other` is an `if`'s then-branch, braced and followed by an `else` of its own.
fn binds(s: &StmtInfo, when_true: bool, other: Option<Span>, add_else: bool, at: &mut Inserts) {
    let n = s.id.0;
    if let Some(c) = s.cond {
        let (open, close) = if when_true {
            (
                format!("(sattar.Cov.u({n}) && ("),
                format!(") && sattar.Cov.y({n}))"),
            )
        } else {
            (
                format!("(!sattar.Cov.u({n}) || ("),
                format!(") || sattar.Cov.z({n}))"),
            )
        };
        at.open(c.start, open);
        at.close(c.end, close);
    }
    let record = format!("sattar.Cov.x({n}, {});", !when_true);
    match (other, s.kind) {
        // An `if` without `else`: the false outcome gets an `else` of its own.
        (Some(then), _) if add_else => {
            at.open(then.start, "{".into());
            at.close(then.end, format!("}} else {record}"));
        }
        // A `do … while` is covered on entry to its body (also the first, where no evaluation
        // is open).
        (Some(body), StmtKind::DoWhile) => at.wrap(body, &format!("sattar.Cov.e({n}); {record}")),
        (Some(o), _) => at.wrap(o, &record),
        // A loop left when false: recorded after it (left by `break`, it is recorded as true).
        (None, _) => {
            at.open(s.span.start, "{".into());
            at.close(s.span.end, format!(" {record}}}"));
        }
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

    #[test]
    fn array_statements_get_their_probes_and_initializers_become_creations() {
        let src = "class A {\n  int[] h = {1};\n  int size;\n  void f(int x) {\n    int[] a = {1, 2}, b = new int[2 * size + 1];\n    int c[][] = {{1}, {}};\n    h[size] = x;\n    a[0] += c[0][0];\n  }\n}\n";
        let p = sattar_java::parse_program("A.java", src).unwrap_or_else(|e| panic!("{}", e[0]));
        let out = instrument(&p).remove(0).1;
        assert_eq!(out.lines().count(), src.lines().count());
        for want in [
            "int[] h = sattar.Cov.p(sattar.Cov.t(1), new int[] {1});",
            "int[] a = sattar.Cov.p(sattar.Cov.t(2), new int[] {1, 2})",
            "b = sattar.Cov.p(sattar.Cov.t(3), new int[2 * size + 1]);",
            "int c[][] = sattar.Cov.p(sattar.Cov.t(4), new int[][] {{1}, {}});",
            "{sattar.Cov.s(5); h[size] = x;}",
            "{sattar.Cov.s(6); a[0] += c[0][0];}",
        ] {
            assert!(out.contains(want), "{want} in\n{out}");
        }
        assert_eq!(initializer_type("int [] a = {1};", "int [] a = "), "int[]");
        assert_eq!(
            initializer_type("int a[] = {1};", "x; int a [ ] = "),
            "int[]"
        );
        assert_eq!(
            initializer_type("pkg.Node[][] n = {};", "n = "),
            "pkg.Node[][]"
        );
    }
}
