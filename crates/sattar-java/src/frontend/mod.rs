//! The front end: javac attributes the source (through `sattar-jdk`), and its attributed tree is
//! lowered once into the core IR that every engine walks. javac decides everything Java decides —
//! syntax, names, types, overloads, definite assignment, reachability — so what sattar analyses is
//! what javac compiles; this module decides what sattar supports and refuses the rest with a
//! located diagnostic.

mod body;
mod decls;
mod expr;
mod stmts;

use crate::ir::*;
use sattar_diag::{Diagnostic, LineIndex, Pos};
use sattar_jdk::tree::{JavacDiagnostic, Node as JNode, Utf16Map};
use sattar_jdk::{JdkError, SourceText};

/// Where the README lists what sattar analyses.
const SUBSET_HELP: &str = "sattar analyses a subset of Java (see README: \"The Java subset\"); rewrite this part or leave it out of the analysed method";

/// Parses and checks a Java file. On failure, every diagnostic found (javac's errors, or at most
/// one unsupported construct per method).
pub fn parse_program(file: &str, text: &str) -> Result<Program, Vec<Diagnostic>> {
    let lines = LineIndex::new(text);
    let source = SourceText {
        path: file.to_string(),
        text: text.to_string(),
    };
    let attributed = sattar_jdk::attribute(&[source]).map_err(|e| vec![jdk_error(file, e)])?;
    let cx = Cx {
        file,
        text,
        lines: &lines,
        utf16: Utf16Map::new(text),
        nodes: &attributed.nodes,
    };
    if !attributed.ok {
        return Err(javac_errors(&cx, &attributed.diags));
    }
    let Some(&unit) = attributed.units.first() else {
        return Err(vec![cx.diag_at(
            0,
            1,
            "error",
            "javac returned no compilation unit",
        )]);
    };
    let decls = decls::collect(&cx, unit).map_err(|d| vec![d])?;
    body::lower_program(&cx, decls, lines.clone())
}

fn jdk_error(file: &str, e: JdkError) -> Diagnostic {
    let d = Diagnostic {
        file: file.to_string(),
        pos: Pos { line: 1, col: 1 },
        len: 1,
        kind: "error".into(),
        message: format!("cannot read Java without a working JDK: {e}"),
        help: None,
        source_line: None,
    };
    match e {
        JdkError::NoJdk(_) => d.with_help(sattar_jdk::INSTALL_HINT),
        _ => d,
    }
}

/// javac's errors as located diagnostics (its message's first line; the rest as help).
fn javac_errors(cx: &Cx, diags: &[JavacDiagnostic]) -> Vec<Diagnostic> {
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let at = if d.p >= 0 { d.p } else { d.s };
            let start = cx.utf16.byte(at).unwrap_or(0);
            let end = cx.utf16.byte(d.e).unwrap_or(start).max(start);
            let len = cx.text[start..end]
                .lines()
                .next()
                .map_or(1, |l| l.chars().count());
            let mut msg = d.msg.lines();
            let first = msg.next().unwrap_or("error").to_string();
            let rest: Vec<&str> = msg.map(str::trim).filter(|l| !l.is_empty()).collect();
            let diag = cx.diag_at(start, len, "error", first);
            if rest.is_empty() {
                diag
            } else {
                diag.with_help(rest.join("; "))
            }
        })
        .collect()
}

/// The file, its text and javac's nodes, for lowering and making diagnostics.
pub(crate) struct Cx<'a> {
    pub file: &'a str,
    pub text: &'a str,
    pub lines: &'a LineIndex,
    pub utf16: Utf16Map,
    pub nodes: &'a [JNode],
}

impl<'a> Cx<'a> {
    /// Node `i` of javac's tree.
    pub fn node(&self, i: usize) -> &'a JNode {
        &self.nodes[i]
    }

    /// A node's byte span (a synthetic node's end is its start).
    pub fn span(&self, i: usize) -> Span {
        let n = self.node(i);
        let start = self.utf16.byte(n.s).unwrap_or(0);
        let end = self.utf16.byte(n.e).unwrap_or(start).max(start);
        Span { start, end }
    }

    /// The byte offset of a node's preferred position.
    pub fn pref(&self, i: usize) -> usize {
        let n = self.node(i);
        self.utf16.byte(n.p).unwrap_or_else(|| self.span(i).start)
    }

    /// A node's source text.
    pub fn src(&self, i: usize) -> &'a str {
        let s = self.span(i);
        &self.text[s.start..s.end]
    }

    /// The line of a byte offset.
    pub fn line(&self, offset: usize) -> u32 {
        self.lines.pos(self.text, offset).line
    }

    pub fn diag_at(
        &self,
        offset: usize,
        len: usize,
        kind: &str,
        msg: impl Into<String>,
    ) -> Diagnostic {
        let pos = self.lines.pos(self.text, offset);
        Diagnostic::new(self.file, self.text, pos, len as u32, kind, msg)
    }

    /// A diagnostic underlining the first line of node `i`.
    pub fn diag(&self, i: usize, kind: &str, msg: impl Into<String>) -> Diagnostic {
        let len = self.src(i).lines().next().map_or(1, |l| l.chars().count());
        self.diag_at(self.span(i).start, len, kind, msg)
    }

    /// "sattar does not support this".
    pub fn unsupported(&self, i: usize, what: impl Into<String>) -> Diagnostic {
        self.diag(i, "unsupported", what).with_help(SUBSET_HELP)
    }

    /// "sattar does not support this", underlining `len` characters at byte `offset`.
    pub fn unsupported_at(&self, offset: usize, len: usize, what: impl Into<String>) -> Diagnostic {
        self.diag_at(offset, len, "unsupported", what)
            .with_help(SUBSET_HELP)
    }

    /// A plain error at node `i`.
    pub fn error(&self, i: usize, msg: impl Into<String>) -> Diagnostic {
        self.diag(i, "error", msg)
    }
}

/// javac's kind as words: `ENHANCED_FOR_LOOP` → `enhanced for loop`.
pub(crate) fn pretty(kind: &str) -> String {
    kind.to_lowercase().replace('_', " ")
}

/// Whitespace runs collapsed to one space: how statement texts are shown.
pub(crate) fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Exception classes of `java.lang` that `throw new X(...)` may name.
pub(crate) const JAVA_LANG_EXCEPTIONS: &[&str] = &[
    "RuntimeException",
    "Exception",
    "Error",
    "IllegalArgumentException",
    "IllegalStateException",
    "NullPointerException",
    "UnsupportedOperationException",
    "IndexOutOfBoundsException",
    "ArithmeticException",
    "AssertionError",
];
