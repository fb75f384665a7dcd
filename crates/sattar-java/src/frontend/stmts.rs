//! Source statements: ids, spans, texts and probes, numbered in one pass over every method body
//! in source order before any body is lowered, so that a statement's id never depends on whether
//! another method is supported.

use super::decls::Decls;
use super::{collapse, Cx};
use crate::ir::*;
use std::collections::HashMap;

/// Every source statement of the file, and the statement of each of javac's statement nodes.
#[derive(Default)]
pub(crate) struct StmtTable {
    /// Indexed by `StmtId.0 - 1`.
    pub infos: Vec<StmtInfo>,
    /// javac's node → its statement.
    pub by_node: HashMap<usize, StmtId>,
}

/// Numbers the statements of every method, field initializer and initializer block, in source
/// order (pre-order: a compound statement before its parts; a `for` before its initializers,
/// updates and body; one statement per declared variable).
pub(crate) fn number(cx: &Cx, decls: &Decls) -> StmtTable {
    let mut n = Numbering {
        cx,
        table: StmtTable::default(),
        method: MethodId(0),
    };
    // (file, start, what): a method body, or a class's initializer with the constructor it runs in.
    let mut items: Vec<(FileId, usize, usize, MethodId)> = Vec::new();
    for (i, h) in decls.methods.iter().enumerate() {
        if let Some(node) = h.node.filter(|_| h.kind == MethodKind::Source) {
            items.push((h.file, cx.span(node).start, node, MethodId(i as u32)));
        }
    }
    for (c, d) in decls.classes.iter().zip(&decls.class_decls) {
        let ctor = decls
            .methods
            .iter()
            .position(|h| h.class == c.name && h.name == "<init>")
            .map_or(MethodId(0), |i| MethodId(i as u32));
        for &init in &d.initializers {
            items.push((c.file, cx.span(init).start, init, ctor));
        }
    }
    items.sort_by_key(|&(f, start, _, _)| (f, start));
    for (_, _, node, method) in items {
        n.method = method;
        match cx.node(node).k.as_str() {
            "METHOD" => {
                if let Some(body) = cx.node(node).body {
                    n.block(body);
                }
            }
            "BLOCK" => n.block(node),
            _ => n.field(node),
        }
    }
    n.table
}

struct Numbering<'a, 'c> {
    cx: &'a Cx<'c>,
    table: StmtTable,
    method: MethodId,
}

impl Numbering<'_, '_> {
    /// Registers `node` as a statement (on the line where `span` starts); the new entry, for its
    /// condition span or another line.
    fn add(
        &mut self,
        node: usize,
        kind: StmtKind,
        span: Span,
        text: String,
        probe: Probe,
    ) -> &mut StmtInfo {
        let id = StmtId(self.table.infos.len() as u32 + 1);
        self.table.infos.push(StmtInfo {
            id,
            method: self.method,
            kind,
            span,
            cond: None,
            file: self.cx.file_of(node),
            line: self.cx.line(node, span.start),
            text,
            probe,
            switches: Vec::new(),
        });
        self.table.by_node.insert(node, id);
        let last = self.table.infos.len() - 1;
        &mut self.table.infos[last]
    }

    /// Registers a branch statement with condition `c`.
    fn add_branch(
        &mut self,
        node: usize,
        kind: StmtKind,
        c: usize,
        text: String,
        probe: Probe,
    ) -> &mut StmtInfo {
        let (span, cond) = (self.cx.span(node), self.cx.span(c));
        let info = self.add(node, kind, span, text, probe);
        info.cond = Some(cond);
        info
    }

    fn block(&mut self, b: usize) {
        let stmts = &self.cx.node(b).stmts;
        self.list(stmts);
    }

    /// A list of statements (a block's, a `case`'s).
    fn list(&mut self, stmts: &[usize]) {
        let mut i = 0;
        while i < stmts.len() {
            let group = declaration_group(self.cx, &stmts[i..]);
            if group > 0 {
                self.declaration(&stmts[i..i + group]);
                i += group;
            } else {
                self.stmt(stmts[i], Probe::Wrap);
                i += 1;
            }
        }
    }

    /// A branch or loop body: a block's statements, or the single statement.
    fn body(&mut self, n: usize) {
        if self.cx.node(n).k == "BLOCK" {
            self.block(n);
        } else {
            self.stmt(n, Probe::Wrap);
        }
    }

    fn stmt(&mut self, n: usize, probe: Probe) {
        deep(|| self.stmt_here(n, probe));
    }

    fn stmt_here(&mut self, n: usize, probe: Probe) {
        let first = self.table.infos.len();
        self.stmt_only(n, probe);
        // The switch expressions of the statement's own expressions record under its id.
        if self.table.infos.len() > first {
            let id = first;
            for root in own_expressions(self.cx, n) {
                self.switch_expressions(root, id);
            }
        }
    }

    /// The switch expressions inside expression `e` (not inside nested statements): each one's
    /// probe goes to statement `info` (an index), and the statements of its cases are numbered.
    fn switch_expressions(&mut self, e: usize, info: usize) {
        let cx = self.cx;
        let node = cx.node(e);
        if node.k == "SWITCH_EXPRESSION" {
            let probe = switch_probe(cx, e, false);
            self.table.infos[info].switches.push(probe);
            for &c in &node.cases {
                match cx.node(c).body {
                    Some(b) if cx.node(b).k == "THROW" => self.stmt(b, Probe::Wrap),
                    Some(b) if cx.node(b).k == "BLOCK" => self.block(b),
                    Some(b) => deep(|| self.switch_expressions(b, info)),
                    None => self.list(&cx.node(c).stmts),
                }
            }
            if let Some(sel) = node.expr {
                deep(|| self.switch_expressions(sel, info));
            }
            return;
        }
        for child in expression_children(node) {
            deep(|| self.switch_expressions(child, info));
        }
    }

    fn stmt_only(&mut self, n: usize, probe: Probe) {
        let cx = self.cx;
        let node = cx.node(n);
        if node.is_synthetic() {
            return;
        }
        let span = cx.span(n);
        let simple = |this: &mut Self, kind: StmtKind| {
            this.add(n, kind, span, collapse(cx.src(n)), probe);
        };
        match node.k.as_str() {
            "VARIABLE" => self.declaration(&[n]),
            // Nothing may precede `this(...)`/`super(...)` in a constructor: the probe runs
            // inside its first argument, or after a call without any.
            "EXPRESSION_STATEMENT" if super::body::is_ctor_call(cx, node.expr) => {
                let first = node.expr.and_then(|e| cx.node(e).args.first().copied());
                let probe = first.map_or(Probe::After, |a| Probe::Init(cx.span(a), None));
                self.add(n, StmtKind::Expr, span, collapse(cx.src(n)), probe);
            }
            "EXPRESSION_STATEMENT" => {
                let kind = match node.expr.map(|e| cx.node(e).k.as_str()) {
                    Some("METHOD_INVOCATION" | "NEW_CLASS") => StmtKind::Expr,
                    _ => StmtKind::Assign,
                };
                simple(self, kind);
            }
            "BLOCK" => self.block(n),
            "IF" => {
                let Some(c) = node.cond else { return };
                let text = format!("if {}", collapse(cx.src(c)));
                let then = node.then.map(|t| cx.span(t));
                let probe = match binds(cx, c) {
                    Some(true) => Probe::Binds {
                        when_true: true,
                        other: node.otherwise.map(|e| cx.span(e)),
                        then: then.filter(|_| node.otherwise.is_none()),
                    },
                    Some(false) => Probe::Binds {
                        when_true: false,
                        other: then,
                        then: None,
                    },
                    None => Probe::Cond,
                };
                self.add_branch(n, StmtKind::If, c, text, probe);
                if let Some(t) = node.then {
                    self.body(t);
                }
                if let Some(e) = node.otherwise {
                    self.body(e);
                }
            }
            "WHILE_LOOP" => {
                let (Some(c), Some(b)) = (node.cond, node.body) else {
                    return;
                };
                let text = format!("while {}", collapse(cx.src(c)));
                let probe = if constant_true(cx, Some(c)) {
                    Probe::BodyStart {
                        body: cx.span(b),
                        records: true,
                    }
                } else {
                    loop_probe(cx, c, b)
                };
                self.add_branch(n, StmtKind::While, c, text, probe);
                self.body(b);
            }
            "DO_WHILE_LOOP" => {
                let (Some(c), Some(b)) = (node.cond, node.body) else {
                    return;
                };
                let text = format!("do … while {};", collapse(cx.src(c)));
                // A `do … while` is reported on the line of its test.
                let line = cx.line(c, cx.span(c).start);
                // Variables bound when true are in scope nowhere: only those bound when false
                // (in scope after the loop) need the condition's shape kept.
                let probe = match binds(cx, c) {
                    Some(false) => loop_probe(cx, c, b),
                    _ => Probe::DoWhile,
                };
                self.add_branch(n, StmtKind::DoWhile, c, text, probe).line = line;
                self.body(b);
            }
            "FOR_LOOP" => {
                let Some(b) = node.body else { return };
                let header = collapse(&cx.text_of(n)[span.start..cx.span(b).start]);
                let probe = match node.cond {
                    Some(c) if !constant_true(cx, node.cond) => loop_probe(cx, c, b),
                    c => Probe::BodyStart {
                        body: cx.span(b),
                        records: c.is_some(),
                    },
                };
                let cond = node.cond.map(|c| cx.span(c));
                self.add(n, StmtKind::For, span, header, probe).cond = cond;
                let mut i = 0;
                while i < node.inits.len() {
                    let group = declaration_group(cx, &node.inits[i..]);
                    if group > 0 {
                        self.declaration(&node.inits[i..i + group]);
                        i += group;
                    } else {
                        self.stmt(node.inits[i], Probe::ForPart);
                        i += 1;
                    }
                }
                for &u in &node.update {
                    self.stmt(u, Probe::ForPart);
                }
                self.body(b);
            }
            "ENHANCED_FOR_LOOP" => {
                let (Some(v), Some(e), Some(b)) = (node.var, node.expr, node.body) else {
                    return;
                };
                let header = collapse(&cx.text_of(n)[span.start..cx.span(b).start]);
                let var = cx.node(v);
                let ty = var.vtype.map_or(Span::default(), |t| cx.span(t));
                let expr_ty = cx.node(e).t.as_deref().unwrap_or("");
                let probe = Probe::ForEach {
                    iterable: !expr_ty.ends_with("[]"),
                    var: cx.span(v),
                    ty,
                    getter: each_getter(cx.node(e).t.as_deref().unwrap_or("")),
                    expr: cx.span(e),
                    body: cx.span(b),
                };
                self.add(n, StmtKind::For, span, header, probe);
                self.body(b);
            }
            "ASSERT" => {
                let Some(c) = node.cond else { return };
                let text = format!("assert {};", collapse(cx.src(c)));
                self.add_branch(n, StmtKind::Assert, c, text, Probe::Cond);
            }
            // `try` is not a statement of its own: the statements of its blocks are.
            "TRY" => {
                let catches = node.catches.iter().filter_map(|&c| cx.node(c).block);
                for b in node.block.into_iter().chain(catches).chain(node.finally) {
                    self.block(b);
                }
            }
            // A label is not a statement of its own: its statement is.
            "LABELED_STATEMENT" => {
                if let Some(b) = node.body {
                    self.stmt(b, probe);
                }
            }
            "SWITCH" => {
                let Some(sel) = node.expr else { return };
                let text = format!("switch {}", collapse(cx.src(sel)));
                let probe = switch_probe(cx, n, true);
                self.add_branch(n, StmtKind::Switch, sel, text, Probe::Switch)
                    .switches
                    .push(probe);
                for &c in &node.cases {
                    let case = cx.node(c);
                    match case.body {
                        Some(b) if cx.node(b).k == "BLOCK" => self.block(b),
                        Some(b) => self.stmt(b, Probe::Wrap),
                        None => self.list(&case.stmts),
                    }
                }
            }
            "YIELD" => simple(self, StmtKind::Yield),
            "BREAK" => simple(self, StmtKind::Break),
            "CONTINUE" => simple(self, StmtKind::Continue),
            "RETURN" => simple(self, StmtKind::Return),
            "THROW" => simple(self, StmtKind::Throw),
            _ => {} // not a statement sattar lowers: the method is refused when it is lowered
        }
    }

    /// A field with an initializer: a statement of the constructors, probed inside the initializer.
    fn field(&mut self, d: usize) {
        let cx = self.cx;
        let node = cx.node(d);
        let Some(init) = node.init else { return };
        let span = cx.span(d);
        // A final field with a constant initializer is a constant variable: javac folds its uses
        // (JLS 4.12.4), which a probe inside the initializer would undo.
        let constant = node.mods.iter().any(|m| m == "final") && cx.node(init).cv.is_some();
        let ty_text = node.vtype.map_or("", |t| cx.src(t));
        let start = cx.pref(d);
        let text = format!(
            "{} {};",
            collapse(ty_text),
            collapse(&cx.text_of(d)[start..cx.span(init).end])
        );
        let probe = if constant {
            Probe::Before
        } else {
            Probe::Init(cx.span(init), narrow_back(ty_text))
        };
        self.add(d, StmtKind::Field, span, text, probe);
    }

    /// `T a = 1, b;`: one statement per variable, each spanning the whole declaration.
    fn declaration(&mut self, group: &[usize]) {
        let cx = self.cx;
        let span = Span {
            start: cx.span(group[0]).start,
            end: cx.span(group[group.len() - 1]).end,
        };
        for &d in group {
            let node = cx.node(d);
            // `var x = …`: javac's type tree is made up; the source says `var`.
            let ty_text = match node.vtype.map(|t| cx.src(t)) {
                Some(t) if !t.is_empty() => t,
                _ => "var",
            };
            let name = node.name.clone().unwrap_or_default();
            let start = cx.pref(d);
            let end = node.init.map_or(start + name.len(), |i| cx.span(i).end);
            let text = format!(
                "{} {};",
                collapse(ty_text),
                collapse(&cx.text_of(d)[start..end])
            );
            // A final local with a constant initializer is a constant variable, as for fields.
            let constant = node.mods.iter().any(|m| m == "final")
                && node.init.is_some_and(|i| cx.node(i).cv.is_some());
            let probe = match node.init {
                Some(i) if !constant => Probe::Init(cx.span(i), narrow_back(ty_text)),
                _ => Probe::Before,
            };
            let info = self.table.infos.len();
            self.add(d, StmtKind::Local, span, text, probe);
            if let Some(i) = node.init {
                self.switch_expressions(i, info);
            }
        }
    }
}

/// Which outcome of condition `c` introduces pattern variables (JLS 6.3.1): `Some(true)` when
/// true, `Some(false)` when false, `None` if neither (a condition never binds on both).
pub(crate) fn binds(cx: &Cx, c: usize) -> Option<bool> {
    let n = cx.node(c);
    let side = |x: Option<usize>| x.and_then(|x| deep(|| binds(cx, x)));
    match n.k.as_str() {
        "PARENTHESIZED" => side(n.expr),
        "LOGICAL_COMPLEMENT" => side(n.expr).map(|t| !t),
        "CONDITIONAL_AND" => [side(n.l), side(n.r)].contains(&Some(true)).then_some(true),
        "CONDITIONAL_OR" => [side(n.l), side(n.r)]
            .contains(&Some(false))
            .then_some(false),
        "INSTANCE_OF" => n.bind.map(|_| true),
        _ => None,
    }
}

/// The probe of a loop with test `c` and body `b`.
fn loop_probe(cx: &Cx, c: usize, b: usize) -> Probe {
    match binds(cx, c) {
        Some(true) => Probe::Binds {
            when_true: true,
            other: None,
            then: None,
        },
        Some(false) => Probe::Binds {
            when_true: false,
            other: Some(cx.span(b)),
            then: None,
        },
        None => Probe::Cond,
    }
}

/// Whether a loop test is absent or the constant `true` (javac's reachability sees the same).
pub(crate) fn constant_true(cx: &Cx, c: Option<usize>) -> bool {
    c.is_none_or(|c| cx.node(c).cv == Some(serde_json::Value::Bool(true)))
}

/// How many of the leading nodes form one local declaration (VARIABLEs with one start), 0 if none.
pub(crate) fn declaration_group(cx: &Cx, nodes: &[usize]) -> usize {
    let Some(&first) = nodes.first() else {
        return 0;
    };
    if cx.node(first).k != "VARIABLE" {
        return 0;
    }
    let start = cx.node(first).s;
    nodes
        .iter()
        .take_while(|&&n| cx.node(n).k == "VARIABLE" && cx.node(n).s == start)
        .count()
}

/// The probe of switch `n` (a statement, or an expression when `steps` is false): its selector and
/// each case's labels as Java source.
fn switch_probe(cx: &Cx, n: usize, steps: bool) -> SwitchProbe {
    let node = cx.node(n);
    let selector = node.expr.map_or(Span::default(), |e| cx.span(e));
    let objects = node.expr.is_some_and(|e| {
        let t = cx.node(e).t.as_deref().unwrap_or("");
        // A box selector is unboxed (javac unboxes it at the probe's `int` parameter).
        !matches!(t, "int" | "char" | "short" | "byte")
            && sattar_heap::BoxClass::named(t).is_none_or(|b| b.kind.is_none())
    });
    let groups = node
        .cases
        .iter()
        .map(|&c| {
            cx.node(c)
                .args
                .iter()
                .map(|&l| label_source(cx, l))
                .collect()
        })
        .filter(|g: &Vec<String>| !g.is_empty())
        .collect();
    SwitchProbe {
        selector,
        groups,
        objects,
        steps,
    }
}

/// A case label as Java source the probe can name anywhere: a constant's value, or an enum
/// constant qualified by its class.
fn label_source(cx: &Cx, l: usize) -> String {
    let node = cx.node(l);
    if let Some(v) = &node.cv {
        return v.to_string();
    }
    let class = node
        .sym
        .as_ref()
        .and_then(|s| s.owner.clone())
        .or_else(|| node.t.clone())
        .unwrap_or_default()
        .replace('$', ".");
    format!("{class}.{}", node.name.clone().unwrap_or_default())
}

/// The `sattar.Each` getter that reads an element of an array of erased type `array` (`int[]`).
fn each_getter(array: &str) -> &'static str {
    match array.strip_suffix("[]").unwrap_or("") {
        "int" => "nextInt",
        "long" => "nextLong",
        "boolean" => "nextBoolean",
        "char" => "nextChar",
        "short" => "nextShort",
        "byte" => "nextByte",
        _ => "next",
    }
}

/// The expressions a statement evaluates itself (not those of statements nested in it).
fn own_expressions(cx: &Cx, n: usize) -> Vec<usize> {
    let node = cx.node(n);
    let parts = match node.k.as_str() {
        "EXPRESSION_STATEMENT" | "RETURN" | "THROW" | "YIELD" | "SWITCH" => vec![node.expr],
        "IF" | "WHILE_LOOP" | "DO_WHILE_LOOP" | "FOR_LOOP" | "ASSERT" => vec![node.cond],
        "ENHANCED_FOR_LOOP" => vec![node.expr],
        _ => Vec::new(),
    };
    parts.into_iter().flatten().collect()
}

/// The sub-expressions of expression node `node`, in evaluation order.
fn expression_children(node: &sattar_jdk::tree::Node) -> Vec<usize> {
    [
        node.expr,
        node.l,
        node.cond,
        node.then,
        node.otherwise,
        node.r,
        node.sel,
        node.encl,
    ]
    .into_iter()
    .flatten()
    .chain(node.args.iter().copied())
    .chain(node.c.iter().copied())
    .collect()
}

/// The type an instrumented initializer is cast back to: a declared `byte`, `short` or `char`.
fn narrow_back(declared: &str) -> Option<IntKind> {
    IntKind::named(declared.trim()).filter(|k| k.bits() < 32)
}
