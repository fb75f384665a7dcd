//! First-order mutants of a method, from javac's attributed trees (so every operator knows the
//! types it works on): the standard operators of mutation testing (Offutt's sufficient set as
//! Major and PIT name them) — relational operators and their boundaries, negated conditions,
//! conditional operators, arithmetic operators, increments, constants, return values, removed
//! calls and assignments, and same-typed variable and field replacement. Each mutant changes one
//! line and keeps every line number, so it is a catalog fault like a hand-seeded one.

use sattar_jdk::tree::{MethodRef, Node, Utf16Map};
use sattar_jdk::SourceText;
use std::collections::BTreeSet;

/// A mutation operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operator {
    /// Relational operator replacement (`<` → `<=`, `>`, …; `==` ↔ `!=` on references), and
    /// the comparison replaced by `true` and by `false`.
    Ror,
    /// A loop or branch condition negated (`c` → `!(c)`).
    Neg,
    /// Conditional operator replacement (`&&` ↔ `||`), and `a && b` replaced by `true`,
    /// `false`, `a` and `b`.
    Cor,
    /// Arithmetic operator replacement (`+ - * / %` among each other, `+=` ↔ `-=`).
    Aor,
    /// Increment and decrement swapped (`i++` ↔ `i--`).
    Inc,
    /// Constant replacement (an integer `c` → `0`, `1`, `c+1`, `c-1`; `true` ↔ `false`; a
    /// reference assigned `null`).
    Crp,
    /// Return value replacement (`0`, `!(e)` or `null` returned).
    Ret,
    /// A call or an assignment removed (an omission fault).
    Del,
    /// A variable or field replaced by another of the same type in the same method or class.
    Var,
}

impl Operator {
    /// Every operator, in table order.
    pub const ALL: [Operator; 9] = [
        Operator::Ror,
        Operator::Neg,
        Operator::Cor,
        Operator::Aor,
        Operator::Inc,
        Operator::Crp,
        Operator::Ret,
        Operator::Del,
        Operator::Var,
    ];

    /// Its short name (`ROR`).
    pub fn name(self) -> &'static str {
        match self {
            Operator::Ror => "ROR",
            Operator::Neg => "NEG",
            Operator::Cor => "COR",
            Operator::Aor => "AOR",
            Operator::Inc => "INC",
            Operator::Crp => "CRP",
            Operator::Ret => "RET",
            Operator::Del => "DEL",
            Operator::Var => "VAR",
        }
    }

    /// What it does, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Operator::Ror => "relational operator replaced",
            Operator::Neg => "condition negated",
            Operator::Cor => "conditional operator replaced",
            Operator::Aor => "arithmetic operator replaced",
            Operator::Inc => "increment and decrement swapped",
            Operator::Crp => "constant replaced",
            Operator::Ret => "return value replaced",
            Operator::Del => "call or assignment removed",
            Operator::Var => "variable or field replaced by another of its type",
        }
    }
}

/// One mutant: on `line` of file `file`, the text `original` (which starts at the line's first
/// non-blank character, or occurs once on the line) becomes `faulty`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SourceMutant {
    /// The file's index among the sources.
    pub file: usize,
    /// 1-based line.
    pub line: u32,
    /// 0-based byte column of the change.
    pub column: usize,
    /// The operator.
    pub operator: Operator,
    /// The text replaced (its first occurrence on the line is the one changed).
    pub original: String,
    /// The replacement.
    pub faulty: String,
}

impl SourceMutant {
    /// Whether it removes code (a core cannot name code that is missing).
    pub fn is_omission(&self) -> bool {
        self.operator == Operator::Del
    }
}

/// Why no mutant could be made.
#[derive(Debug, thiserror::Error)]
pub enum MutateError {
    /// javac could not be run.
    #[error("{0}")]
    Jdk(#[from] sattar_jdk::JdkError),
    /// javac rejected the sources.
    #[error("{file}: javac rejects the sources ({message}); mutate compiling code only")]
    Javac {
        /// The file of the first error.
        file: String,
        /// javac's message.
        message: String,
    },
    /// No method of that name.
    #[error("no method `{0}` in the sources; give `name` or `Class.name` (`Class.Class` for a constructor)")]
    NoMethod(String),
}

/// Every first-order mutant of `method` (`name`, `Class.name`, `Class.Class` for a constructor;
/// every method of that name when the class is not given), sorted by place; with `callees`,
/// also of every method of the sources it calls, directly or not (an overriding method
/// included: dispatch may run it).
pub fn mutants(
    files: &[SourceText],
    method: &str,
    callees: bool,
) -> Result<Vec<SourceMutant>, MutateError> {
    let attributed = sattar_jdk::attribute(files)?;
    if !attributed.ok {
        let d = attributed.diags.iter().find(|d| d.is_error());
        return Err(MutateError::Javac {
            file: d
                .and_then(|d| d.file)
                .and_then(|f| files.get(f))
                .map_or_else(String::new, |f| f.path.clone()),
            message: d.map_or_else(String::new, |d| d.msg.clone()),
        });
    }
    let nodes = &attributed.nodes;
    let cxs: Vec<Cx> = (files.iter().enumerate())
        .map(|(i, f)| Cx::new(nodes, &f.text, i))
        .collect();
    // Every method declared in the sources: (file, class, node).
    let mut declared: Vec<(usize, &str, usize)> = Vec::new();
    for (file, &unit) in attributed.units.iter().enumerate() {
        if let Some(cx) = cxs.get(file) {
            declared.extend(cx.methods(unit).into_iter().map(|(c, m)| (file, c, m)));
        }
    }
    let mut chosen: Vec<usize> = (0..declared.len())
        .filter(|&i| named(nodes, declared[i].1, declared[i].2, method))
        .collect();
    if chosen.is_empty() {
        return Err(MutateError::NoMethod(method.to_string()));
    }
    let mut next = 0;
    while callees && next < chosen.len() {
        let (file, _, m) = declared[chosen[next]];
        next += 1;
        for called in cxs[file].calls(m) {
            for (i, d) in declared.iter().enumerate() {
                let decl = &nodes[d.2];
                let runs = decl.m.as_ref() == Some(called) || decl.ovr.contains(called);
                if runs && !chosen.contains(&i) {
                    chosen.push(i);
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    for i in chosen {
        let (file, _, m) = declared[i];
        cxs[file].method_mutants(m, &mut out);
    }
    Ok(out.into_iter().collect())
}

/// Whether method node `m` of class `owner` is the one `method` names.
fn named(nodes: &[Node], owner: &str, m: usize, method: &str) -> bool {
    let name = nodes[m].name.as_deref();
    match method.rsplit_once('.') {
        Some((c, n)) => {
            let c = c.rsplit('.').next().unwrap_or(c);
            c == simple_name(owner) && (name == Some(n) || name == Some("<init>") && n == c)
        }
        None => name == Some(method),
    }
}

/// A binary name's simple name (`p.Outer$Inner` → `Inner`).
fn simple_name(bin: &str) -> &str {
    bin.rsplit(['.', '$']).next().unwrap_or(bin)
}

/// The indices of a node's children.
fn children(n: &Node) -> Vec<usize> {
    let singles = [
        n.rtype,
        n.body,
        n.expr,
        n.cond,
        n.then,
        n.otherwise,
        n.var,
        n.block,
        n.finally,
        n.param,
        n.sel,
        n.encl,
        n.ident,
        n.elemtype,
        n.l,
        n.r,
        n.bind,
        n.ttree,
        n.arr,
        n.idx,
        n.init,
        n.vtype,
        n.detail,
    ];
    let lists = [
        &n.c,
        &n.types,
        &n.members,
        &n.params,
        &n.ann,
        &n.stmts,
        &n.inits,
        &n.update,
        &n.resources,
        &n.catches,
        &n.cases,
        &n.args,
        &n.dims,
    ];
    let mut out: Vec<usize> = singles.into_iter().flatten().collect();
    out.extend(lists.into_iter().flatten());
    out.extend(n.elems.iter().flatten());
    out
}

const NUMERIC: [&str; 7] = ["int", "long", "short", "byte", "char", "float", "double"];
const RELATIONAL: [(&str, &str); 6] = [
    ("LESS_THAN", "<"),
    ("LESS_THAN_EQUAL", "<="),
    ("GREATER_THAN", ">"),
    ("GREATER_THAN_EQUAL", ">="),
    ("EQUAL_TO", "=="),
    ("NOT_EQUAL_TO", "!="),
];
const ARITHMETIC: [(&str, &str); 5] = [
    ("PLUS", "+"),
    ("MINUS", "-"),
    ("MULTIPLY", "*"),
    ("DIVIDE", "/"),
    ("REMAINDER", "%"),
];
const CONDITIONAL: [(&str, &str); 2] = [("CONDITIONAL_AND", "&&"), ("CONDITIONAL_OR", "||")];
const COMPOUND: [(&str, &str); 2] = [("PLUS_ASSIGNMENT", "+="), ("MINUS_ASSIGNMENT", "-=")];
const INCREMENTS: [(&str, &str); 4] = [
    ("POSTFIX_INCREMENT", "++"),
    ("POSTFIX_DECREMENT", "--"),
    ("PREFIX_INCREMENT", "++"),
    ("PREFIX_DECREMENT", "--"),
];
/// Expression statements whose removal is an omission fault.
const REMOVABLE: [&str; 9] = [
    "ASSIGNMENT",
    "PLUS_ASSIGNMENT",
    "MINUS_ASSIGNMENT",
    "METHOD_INVOCATION",
    "NEW_CLASS",
    "POSTFIX_INCREMENT",
    "POSTFIX_DECREMENT",
    "PREFIX_INCREMENT",
    "PREFIX_DECREMENT",
];

fn symbol(table: &[(&'static str, &'static str)], kind: &str) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == kind).map(|(_, s)| *s)
}

/// One file's trees and text.
struct Cx<'a> {
    nodes: &'a [Node],
    text: &'a str,
    utf16: Utf16Map,
    file: usize,
}

/// A variable in reach of a method: its name, erased type and where it is declared.
struct Var {
    name: String,
    ty: String,
    start: usize,
}

impl<'a> Cx<'a> {
    fn new(nodes: &'a [Node], text: &'a str, file: usize) -> Cx<'a> {
        Cx {
            nodes,
            text,
            utf16: Utf16Map::new(text),
            file,
        }
    }

    /// Byte range of a node in the file (`None` for a node javac made up).
    fn range(&self, n: usize) -> Option<(usize, usize)> {
        let node = &self.nodes[n];
        if node.is_synthetic() {
            return None;
        }
        Some((self.utf16.byte(node.s)?, self.utf16.byte(node.e)?))
    }

    fn src(&self, n: usize) -> Option<&'a str> {
        self.range(n).map(|(s, e)| &self.text[s..e])
    }

    /// `(class binary name, method node)` of every method declared in the unit's classes.
    fn methods(&self, unit: usize) -> Vec<(&'a str, usize)> {
        let mut out = Vec::new();
        let mut stack: Vec<usize> = self.nodes[unit].types.clone();
        while let Some(c) = stack.pop() {
            let class = &self.nodes[c];
            let Some(bin) = class.bin.as_deref() else {
                continue;
            };
            for &m in &class.members {
                match self.nodes[m].k.as_str() {
                    "METHOD" if self.nodes[m].body.is_some() => out.push((bin, m)),
                    "CLASS" | "INTERFACE" | "ENUM" | "RECORD" => stack.push(m),
                    _ => {}
                }
            }
        }
        out
    }

    /// Fields of every class of the file: `(owner, name, type, static)`.
    fn fields(&self) -> Vec<(String, Var, bool)> {
        let mut out = Vec::new();
        for n in self.nodes {
            let Some(bin) = n.bin.as_deref() else {
                continue;
            };
            for &m in &n.members {
                let f = &self.nodes[m];
                if f.vk.as_deref() == Some("FIELD") {
                    let var = Var {
                        name: f.name.clone().unwrap_or_default(),
                        ty: f.vt.clone().unwrap_or_default(),
                        start: self.range(m).map_or(0, |r| r.0),
                    };
                    out.push((bin.to_string(), var, f.mods.iter().any(|x| x == "static")));
                }
            }
        }
        out
    }

    /// Every mutant of method node `m`.
    fn method_mutants(&self, m: usize, out: &mut BTreeSet<SourceMutant>) {
        let Some(body) = self.nodes[m].body else {
            return;
        };
        let mut nodes = Vec::new();
        self.collect(body, &mut nodes);
        let mut locals: Vec<Var> = Vec::new();
        for &p in self.nodes[m].params.iter().chain(&nodes) {
            let v = &self.nodes[p];
            if matches!(v.vk.as_deref(), Some("PARAMETER" | "LOCAL_VARIABLE")) {
                locals.push(Var {
                    name: v.name.clone().unwrap_or_default(),
                    ty: v.vt.clone().unwrap_or_default(),
                    start: self.range(p).map_or(0, |r| r.0),
                });
            }
        }
        let fields = self.fields();
        let ret = self.nodes[m].m.as_ref().map(|r| r.ret.clone());
        for &n in &nodes {
            let mut edits = Vec::new();
            self.operators(n, &mut edits);
            self.conditions(n, &mut edits);
            if let Some(r) = &ret {
                self.return_value(n, r, &mut edits);
            }
            self.removal(n, &mut edits);
            self.replacement(n, &locals, &fields, &mut edits);
            out.extend(edits.into_iter().filter_map(|e| self.mutant(n, e)));
        }
    }

    /// The methods the body of method node `m` calls or constructs with.
    fn calls(&self, m: usize) -> Vec<&'a MethodRef> {
        let mut nodes = Vec::new();
        if let Some(body) = self.nodes[m].body {
            self.collect(body, &mut nodes);
        }
        (nodes.into_iter())
            .filter(|&n| matches!(self.nodes[n].k.as_str(), "METHOD_INVOCATION" | "NEW_CLASS"))
            .filter_map(|n| self.nodes[n].m.as_ref())
            .collect()
    }

    fn collect(&self, n: usize, out: &mut Vec<usize>) {
        out.push(n);
        for c in children(&self.nodes[n]) {
            // Bodies of local and anonymous classes and lambdas are other methods.
            if !matches!(self.nodes[c].k.as_str(), "CLASS" | "LAMBDA_EXPRESSION") {
                self.collect(c, out);
            }
        }
    }

    /// Operator replacements of a binary, compound assignment or increment node.
    fn operators(&self, n: usize, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let k = node.k.as_str();
        let ty = |c: Option<usize>| c.and_then(|c| self.nodes[c].t.as_deref()).unwrap_or("");
        let numeric = |t: &str| NUMERIC.contains(&t);
        // javac's position of a binary is its operator's.
        let at = |op: &str| {
            let s = self.utf16.byte(node.p)?;
            (self.text.get(s..s + op.len()) == Some(op)).then_some((s, s + op.len()))
        };
        let mut swap = |op: Operator, from: &str, table: &[(&str, &str)], all: bool| {
            let Some(span) = at(from) else { return };
            for (_, to) in table.iter().filter(|(_, s)| *s != from) {
                if all || matches!(*to, "==" | "!=") {
                    out.push(Edit::new(op, span, to));
                }
            }
        };
        if let Some(s) = symbol(&RELATIONAL, k) {
            let both = numeric(ty(node.l)) && numeric(ty(node.r));
            swap(Operator::Ror, s, &RELATIONAL, both);
            self.whole(n, Operator::Ror, &[], out);
        } else if let Some(s) = symbol(&CONDITIONAL, k) {
            swap(Operator::Cor, s, &CONDITIONAL, true);
            self.whole(n, Operator::Cor, &[node.l, node.r], out);
        } else if let Some(s) = symbol(&ARITHMETIC, k).filter(|_| numeric(ty(Some(n)))) {
            swap(Operator::Aor, s, &ARITHMETIC, true);
        } else if let Some(s) = symbol(&COMPOUND, k).filter(|_| numeric(ty(Some(n)))) {
            swap(Operator::Aor, s, &COMPOUND, true);
        } else if let Some(s) = symbol(&INCREMENTS, k) {
            let Some((start, end)) = self.range(n) else {
                return;
            };
            let text = &self.text[start..end];
            let to = if s == "++" { "--" } else { "++" };
            let span = match k.starts_with("PREFIX") {
                true => (start, start + 2),
                false => (end - 2, end),
            };
            if text.len() >= 2 {
                out.push(Edit::new(Operator::Inc, span, to));
            }
        } else if k == "ASSIGNMENT"
            || k == "VARIABLE" && node.vk.as_deref() == Some("LOCAL_VARIABLE")
        {
            self.null_value(n, out);
        } else if k == "INT_LITERAL" || k == "LONG_LITERAL" {
            self.constants(n, out);
        } else if k == "BOOLEAN_LITERAL" {
            if let (Some(span), Some(text)) = (self.range(n), self.src(n)) {
                let to = if text == "true" { "false" } else { "true" };
                out.push(Edit::new(Operator::Crp, span, to));
            }
        }
    }

    /// A comparison or a conditional replaced whole: by `true`, by `false`, and by each operand
    /// in `operands` (Major's ROR and COR).
    fn whole(&self, n: usize, op: Operator, operands: &[Option<usize>], out: &mut Vec<Edit>) {
        let Some(span) = self.range(n) else { return };
        for to in ["true", "false"] {
            out.push(Edit::new(op, span, to));
        }
        for text in operands.iter().flatten().filter_map(|&o| self.src(o)) {
            out.push(Edit::new(op, span, text));
        }
    }

    /// A reference assigned (or a local initialized) with `null` instead (a lost link).
    fn null_value(&self, n: usize, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let Some(value) = node.expr.or(node.init) else {
            return;
        };
        let v = &self.nodes[value];
        let reference =
            v.t.as_deref()
                .is_some_and(|t| !NUMERIC.contains(&t) && !matches!(t, "boolean" | "null"));
        if let Some(span) = self
            .range(value)
            .filter(|_| reference && v.k != "NULL_LITERAL")
        {
            out.push(Edit::new(Operator::Crp, span, "null"));
        }
    }

    /// `c` → `0`, `1`, `c+1`, `c-1` (negatives parenthesized), each once and never `c`.
    fn constants(&self, n: usize, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let Some(c) = node
            .cv
            .as_ref()
            .and_then(|v| v.as_i64().or_else(|| v.as_str()?.parse().ok()))
        else {
            return;
        };
        let Some(span) = self.range(n) else { return };
        let suffix = if node.k == "LONG_LITERAL" { "L" } else { "" };
        let mut seen = BTreeSet::from([c]);
        for v in [0, 1, c.wrapping_add(1), c.wrapping_sub(1)] {
            if seen.insert(v) {
                let text = match v < 0 {
                    true => format!("({v}{suffix})"),
                    false => format!("{v}{suffix}"),
                };
                out.push(Edit::owned(Operator::Crp, span, text));
            }
        }
    }

    /// The condition of `if`, a loop or `?:` negated.
    fn conditions(&self, n: usize, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let kinds = [
            "IF",
            "WHILE_LOOP",
            "DO_WHILE_LOOP",
            "FOR_LOOP",
            "CONDITIONAL_EXPRESSION",
        ];
        let Some(mut c) = node.cond.filter(|_| kinds.contains(&node.k.as_str())) else {
            return;
        };
        if self.nodes[c].k == "PARENTHESIZED" {
            let Some(inner) = self.nodes[c].expr else {
                return;
            };
            c = inner;
        }
        if let (Some(span), Some(text)) = (self.range(c), self.src(c)) {
            out.push(Edit::owned(Operator::Neg, span, format!("!({text})")));
        }
    }

    /// `return e;` → `return 0;` (`1` if `e` is `0`), `return !(e);` or `return null;`.
    fn return_value(&self, n: usize, ret: &str, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let Some(e) = node.expr.filter(|_| node.k == "RETURN") else {
            return;
        };
        let (Some(span), Some(text)) = (self.range(e), self.src(e)) else {
            return;
        };
        let to = match ret {
            "boolean" => format!("!({text})"),
            "void" => return,
            t if NUMERIC.contains(&t) => match text.trim() == "0" {
                true => "1".into(),
                false => "0".into(),
            },
            _ if self.nodes[e].k == "NULL_LITERAL" => return,
            _ => "null".into(),
        };
        out.push(Edit::owned(Operator::Ret, span, to));
    }

    /// A call or an assignment statement removed (replaced by an empty block, so every line
    /// keeps its number).
    fn removal(&self, n: usize, out: &mut Vec<Edit>) {
        let node = &self.nodes[n];
        let removable = node.k == "EXPRESSION_STATEMENT"
            && node
                .expr
                .is_some_and(|e| REMOVABLE.contains(&self.nodes[e].k.as_str()));
        if let Some(span) = self.range(n).filter(|_| removable) {
            out.push(Edit::new(Operator::Del, span, "{}"));
        }
    }

    /// A local, a parameter or a field replaced by another of the same erased type: locals
    /// declared before the use, fields of the same class and staticness.
    fn replacement(
        &self,
        n: usize,
        locals: &[Var],
        fields: &[(String, Var, bool)],
        out: &mut Vec<Edit>,
    ) {
        let node = &self.nodes[n];
        let Some(sym) = node.sym.as_ref() else { return };
        if !matches!(node.k.as_str(), "IDENTIFIER" | "MEMBER_SELECT") {
            return;
        }
        let Some((start, end)) = self.range(n) else {
            return;
        };
        let name_span = (end - sym.name.len(), end);
        if !self.text[start..end].ends_with(&sym.name) {
            return;
        }
        let ty = sym.vt.as_deref().unwrap_or("");
        let candidates: Vec<&str> = match sym.kind.as_str() {
            "LOCAL_VARIABLE" | "PARAMETER" if node.k == "IDENTIFIER" => locals
                .iter()
                .filter(|v| v.ty == ty && v.name != sym.name && v.start < start)
                .map(|v| v.name.as_str())
                .collect(),
            "FIELD" => fields
                .iter()
                .filter(|(owner, v, stat)| {
                    Some(owner.as_str()) == sym.owner.as_deref()
                        && *stat == sym.is_static
                        && v.ty == ty
                        && v.name != sym.name
                })
                .map(|(_, v, _)| v.name.as_str())
                .collect(),
            _ => return,
        };
        let unique: BTreeSet<&str> = candidates.into_iter().collect();
        for c in unique {
            out.push(Edit::new(Operator::Var, name_span, c));
        }
    }

    /// The edit as a one-line mutant of node `n` (`None` if it spans lines).
    fn mutant(&self, n: usize, e: Edit) -> Option<SourceMutant> {
        let (s, end) = e.span;
        let line_start = self.text[..s].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.text[s..].find('\n').map_or(self.text.len(), |i| s + i);
        if end > line_end {
            return None;
        }
        let line = self.text[..s].matches('\n').count() as u32 + 1;
        let line_text = &self.text[line_start..line_end];
        // The smallest original that is unique on the line: the node, else the line from its
        // first non-blank character through the change.
        let (ns, ne) = self.range(n).unwrap_or(e.span);
        let (from, to) = match ns >= line_start && ne <= line_end && ns <= s && ne >= end {
            true if line_text.find(&self.text[ns..ne]) == Some(ns - line_start) => (ns, ne),
            _ => (
                line_start + (line_text.len() - line_text.trim_start().len()),
                end.max(ne.min(line_end)),
            ),
        };
        let original = &self.text[from..to];
        let faulty = format!("{}{}{}", &self.text[from..s], e.to, &self.text[end..to]);
        (original != faulty).then(|| SourceMutant {
            file: self.file,
            line,
            column: s - line_start,
            operator: e.op,
            original: original.to_string(),
            faulty,
        })
    }
}

/// A replacement of a byte span.
struct Edit {
    op: Operator,
    span: (usize, usize),
    to: String,
}

impl Edit {
    fn new(op: Operator, span: (usize, usize), to: &str) -> Edit {
        Edit::owned(op, span, to.to_string())
    }
    fn owned(op: Operator, span: (usize, usize), to: String) -> Edit {
        Edit { op, span, to }
    }
}
