//! Source instrumentation: coverage, branch and step probes inserted into the subject's text
//! without adding newlines, so line numbers stay those of the user's file.

use sattar_java::{Block, Expr, ExprKind, Literal, Program, Span, Stmt, StmtId};

/// The Java runtime support sources shipped with the crate: `(relative path, text)`.
pub const RUNTIME_SOURCES: &[(&str, &str)] = &[
    ("sattar/Cov.java", include_str!("../java/sattar/Cov.java")),
    (
        "sattar/StepLimitError.java",
        include_str!("../java/sattar/StepLimitError.java"),
    ),
    // The spec annotation types, so annotated subjects compile; one copy, shipped to users too.
    (
        "sattar/Invariant.java",
        include_str!("../../../java-subjects/annotations/sattar/Invariant.java"),
    ),
    (
        "sattar/Requires.java",
        include_str!("../../../java-subjects/annotations/sattar/Requires.java"),
    ),
    (
        "sattar/Ensures.java",
        include_str!("../../../java-subjects/annotations/sattar/Ensures.java"),
    ),
];

/// One text insertion: at `offset`, in walk order among insertions at the same offset.
struct Insert {
    offset: usize,
    text: String,
}

/// Where a statement sits: a statement position, or a `for` header part.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pos {
    Statement,
    ForHeader,
}

struct Instrumenter<'p> {
    program: &'p Program,
    tree: Option<tree_sitter::Tree>,
    inserts: Vec<Insert>,
}

/// Returns the instrumented text of `program`: same lines, probes added.
pub fn instrument(program: &Program) -> String {
    let mut parser = tree_sitter::Parser::new();
    let lang: tree_sitter::Language = tree_sitter_java::LANGUAGE.into();
    let tree = parser
        .set_language(&lang)
        .ok()
        .and_then(|_| parser.parse(&program.text, None));
    let mut ins = Instrumenter {
        program,
        tree,
        inserts: Vec::new(),
    };
    for m in &program.methods {
        ins.block(&m.body, Pos::Statement);
    }
    apply(&program.text, ins.inserts)
}

fn apply(text: &str, mut inserts: Vec<Insert>) -> String {
    inserts.sort_by_key(|i| i.offset); // stable: walk order kept at equal offsets
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

fn is_true(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Lit(Literal::Bool(true)))
}

impl Instrumenter<'_> {
    fn at(&mut self, offset: usize, text: String) {
        self.inserts.push(Insert { offset, text });
    }

    fn span(&self, id: StmtId) -> Span {
        self.program.stmt(id).span
    }

    /// Wraps a whole statement: `{probe stmt}`.
    fn wrap(&mut self, id: StmtId, probe: &str) {
        let sp = self.span(id);
        self.at(sp.start, format!("{{{probe} "));
        self.at(sp.end, "}".into());
    }

    fn visit(&mut self, id: StmtId, pos: Pos) {
        match pos {
            Pos::Statement => self.wrap(id, &format!("sattar.Cov.s({});", id.0)),
            Pos::ForHeader => self.at(self.span(id).start, format!("sattar.Cov.s({}), ", id.0)),
        }
    }

    /// A condition evaluated as a branch: one step, then the recorded outcome.
    fn cond(&mut self, id: StmtId) {
        if let Some(c) = self.program.stmt(id).cond {
            let n = id.0;
            self.at(
                c.start,
                format!("(sattar.Cov.b({n}, sattar.Cov.t({n}) && ("),
            );
            self.at(c.end, ")))".into());
        }
    }

    /// The body of a loop statement, from the syntax tree.
    fn body_span(&self, id: StmtId) -> Option<Span> {
        let sp = self.span(id);
        let root = self.tree.as_ref()?.root_node();
        let node = root.descendant_for_byte_range(sp.start, sp.end)?;
        let body = node.child_by_field_name("body")?;
        Some(Span {
            start: body.start_byte(),
            end: body.end_byte(),
        })
    }

    /// A loop whose test is absent or the constant `true`: the probe goes first in the body, so
    /// javac's reachability analysis sees the same loop.
    fn constant_loop(&mut self, id: StmtId, records: bool) {
        if let Some(b) = self.body_span(id) {
            let n = id.0;
            let probe = if records {
                format!("sattar.Cov.b({n}, sattar.Cov.t({n}));")
            } else {
                format!("sattar.Cov.s({n});")
            };
            self.at(b.start, format!("{{{probe} "));
            self.at(b.end, "}".into());
        }
    }

    fn block(&mut self, b: &Block, pos: Pos) {
        for s in b {
            self.stmt(s, pos);
        }
    }

    fn stmt(&mut self, s: &Stmt, pos: Pos) {
        match s {
            Stmt::Local { id, init, .. } => self.local(*id, init.as_ref()),
            Stmt::Assign { id, .. } | Stmt::Expr { id, .. } => self.visit(*id, pos),
            Stmt::Break { id }
            | Stmt::Continue { id }
            | Stmt::Return { id, .. }
            | Stmt::Throw { id, .. } => self.visit(*id, Pos::Statement),
            Stmt::If {
                id, then_b, else_b, ..
            } => {
                self.cond(*id);
                self.block(then_b, Pos::Statement);
                self.block(else_b, Pos::Statement);
            }
            Stmt::While { id, cond, body } => {
                if is_true(cond) {
                    self.constant_loop(*id, true);
                } else {
                    self.cond(*id);
                }
                self.block(body, Pos::Statement);
            }
            Stmt::DoWhile { id, body, .. } => {
                self.wrap(*id, &format!("sattar.Cov.e({});", id.0));
                self.cond(*id);
                self.block(body, Pos::Statement);
            }
            Stmt::For {
                id,
                init,
                cond,
                update,
                body,
            } => self.for_stmt(*id, init, cond.as_ref(), update, body),
            Stmt::Block(b) => self.block(b, Pos::Statement),
        }
    }

    fn for_stmt(
        &mut self,
        id: StmtId,
        init: &Block,
        cond: Option<&Expr>,
        update: &Block,
        body: &Block,
    ) {
        self.block(init, Pos::ForHeader);
        match cond {
            Some(c) if !is_true(c) => self.cond(id),
            Some(_) => self.constant_loop(id, true),
            None => self.constant_loop(id, false),
        }
        self.block(update, Pos::ForHeader);
        self.block(body, Pos::Statement);
    }

    /// A local: the probe runs inside its initializer (`x = Cov.p(Cov.t(id), e)`), so each
    /// declarator of `int a = 1, b = 2;` is visited in order; one without an initializer gets a
    /// probe statement before the declaration.
    fn local(&mut self, id: StmtId, init: Option<&Expr>) {
        let n = id.0;
        match init {
            Some(e) => {
                self.at(e.span.start, format!("sattar.Cov.p(sattar.Cov.t({n}), "));
                self.at(e.span.end, ")".into());
            }
            None => self.at(self.span(id).start, format!("sattar.Cov.s({n}); ")),
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
        let out = instrument(&p);
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
