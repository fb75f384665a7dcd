//! Lowering statements into the core IR. Statement ids follow the source (pre-order over the
//! whole file); every core node carries the id of the source statement it came from.
//!
//! The lowering rules (one place for each surface form):
//! - `while (c) B` → `Loop L { head: Enter; c; Branch t; if (!t) break L; body: B }`
//! - `do B while (c);` → `Cover; Loop L { body: B; Enter; c; Branch t; if (!t) break L }`
//! - `for (I; c; U) B` → `I; Loop L { head: Enter; c; Branch t; if (!t) break L; body: B; U }`
//! - `continue` → `break C` out of a `Labeled C` around the loop's own body
//! - `x op= e`, `x++` → `t₁ = x; t₂ = e; t₃ = t₁ op t₂; x = t₃` (fields: read after the null check)
//! - `o.f = e` → `t₁ = o; t₂ = e; NullCheck t₁; t₁.f = t₂` (JLS 15.26.1: the check comes last)

use super::decls::{value_type, Decls, Header};
use super::stmts::{declaration_group, number};
use super::{pretty, Cx};
use crate::ir::*;
use sattar_diag::{Diagnostic, LineIndex};
use std::collections::HashMap;

pub(super) type R<T> = Result<T, Diagnostic>;

/// The labels of the loop being lowered: where `break` and `continue` go.
struct LoopLabels {
    brk: Label,
    cont: Label,
    cont_used: bool,
}

/// The state of lowering one method body.
pub(super) struct Lower<'a, 'c> {
    pub cx: &'a Cx<'c>,
    pub decls: &'a Decls,
    pub header: &'a Header,
    pub vars: Vec<Var>,
    /// javac's VARIABLE node of each parameter and local → its variable.
    pub locals: HashMap<usize, VarId>,
    /// The statement whose nodes are being made.
    pub stmt: StmtId,
    next_label: u32,
    loops: Vec<LoopLabels>,
    /// javac's statement nodes → their statements (numbered before lowering).
    ids: &'a HashMap<usize, StmtId>,
}

/// Lowers every method body of the file into the program.
pub(crate) fn lower_program(
    cx: &Cx,
    decls: Decls,
    lines: LineIndex,
) -> Result<Program, Vec<Diagnostic>> {
    let table = number(cx, &decls);
    let mut methods = Vec::new();
    let mut errors = Vec::new();
    for (i, h) in decls.methods.iter().enumerate() {
        let id = MethodId(i as u32);
        let lw = Lower::new(cx, &decls, h, &table.by_node);
        match lw.method_body() {
            Ok(body) => methods.push(Method {
                id,
                class: h.class.clone(),
                name: h.name.clone(),
                is_static: h.is_static,
                params: h.params.iter().map(|(p, _)| p.clone()).collect(),
                ret: h.ret.clone(),
                body,
                annotations: h.annotations.clone(),
                span: h.span,
            }),
            Err(d) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Program {
        file: cx.file.to_string(),
        text: cx.text.to_string(),
        classes: decls.classes,
        methods,
        stmts: table.infos,
        lines,
    })
}

impl<'a, 'c> Lower<'a, 'c> {
    fn new(
        cx: &'a Cx<'c>,
        decls: &'a Decls,
        header: &'a Header,
        ids: &'a HashMap<usize, StmtId>,
    ) -> Self {
        let mut lw = Lower {
            cx,
            decls,
            header,
            vars: Vec::new(),
            locals: HashMap::new(),
            stmt: StmtId(0),
            next_label: 0,
            loops: Vec::new(),
            ids,
        };
        for (p, node) in &header.params {
            let v = lw.new_var(&p.name, p.ty.clone(), VarKind::Param);
            lw.locals.insert(*node, v);
        }
        lw
    }

    fn method_body(mut self) -> R<Body> {
        let Some(body) = self.cx.node(self.header.node).body else {
            return Err(self
                .cx
                .unsupported(self.header.node, "a method without a body"));
        };
        let mut block = Vec::new();
        for &s in &self.cx.node(body).stmts {
            let n = self.cx.node(s);
            if n.is_synthetic() {
                continue; // the `super()` javac adds to a constructor
            }
            if n.k == "EXPRESSION_STATEMENT" && is_ctor_call(self.cx, n.expr) {
                return Err(self
                    .cx
                    .unsupported(s, "explicit `this(...)`/`super(...)` call"));
            }
        }
        self.block_stmts(body, &mut block)?;
        Ok(Body {
            vars: self.vars,
            block,
        })
    }

    pub fn new_var(&mut self, name: &str, ty: Type, kind: VarKind) -> VarId {
        self.vars.push(Var {
            name: name.to_string(),
            ty,
            kind,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A fresh temporary of type `ty`.
    pub fn temp(&mut self, ty: Type) -> VarId {
        let name = format!("$t{}", self.vars.len());
        self.new_var(&name, ty, VarKind::Temp)
    }

    /// A node of the current statement.
    pub fn node(&self, kind: NodeKind) -> Node {
        Node {
            stmt: self.stmt,
            kind,
        }
    }

    /// `temp = value` in `out`; the temporary as an operand.
    pub fn let_temp(&mut self, ty: Type, value: Rvalue, out: &mut Block) -> Operand {
        let var = self.temp(ty);
        out.push(self.node(NodeKind::Let { var, value }));
        Operand::Var(var)
    }

    fn label(&mut self) -> Label {
        self.next_label += 1;
        Label(self.next_label - 1)
    }

    /// Makes `n`'s statement the current one (its nodes are made from now on); its id.
    fn enter_stmt(&mut self, n: usize) -> R<StmtId> {
        let id = self
            .ids
            .get(&n)
            .copied()
            .ok_or_else(|| self.cx.unsupported(n, pretty(&self.cx.node(n).k)))?;
        self.stmt = id;
        Ok(id)
    }

    /// The statements of javac's BLOCK `b`, into `out`.
    fn block_stmts(&mut self, b: usize, out: &mut Block) -> R<()> {
        let stmts = &self.cx.node(b).stmts;
        let mut i = 0;
        while i < stmts.len() {
            // `int a = 1, b = 2;` is one declaration of two VARIABLE nodes with the same start.
            let group = declaration_group(self.cx, &stmts[i..]);
            if group > 0 {
                self.local_decl(&stmts[i..i + group], out)?;
                i += group;
            } else {
                self.stmt(stmts[i], out)?;
                i += 1;
            }
        }
        Ok(())
    }

    /// A branch or loop body: a block's statements, or the single statement.
    fn body(&mut self, n: usize) -> R<Block> {
        let mut out = Vec::new();
        if self.cx.node(n).k == "BLOCK" {
            self.block_stmts(n, &mut out)?;
        } else {
            self.stmt(n, &mut out)?;
        }
        Ok(out)
    }

    fn stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        deep(|| self.stmt_here(n, out))
    }

    fn stmt_here(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        match node.k.as_str() {
            _ if node.is_synthetic() => Ok(()),
            "VARIABLE" => self.local_decl(&[n], out),
            "EXPRESSION_STATEMENT" => self.expr_stmt(n, false, out),
            "BLOCK" => self.block_stmts(n, out),
            "IF" => self.if_stmt(n, out),
            "WHILE_LOOP" => self.while_stmt(n, out),
            "DO_WHILE_LOOP" => self.do_stmt(n, out),
            "FOR_LOOP" => self.for_stmt(n, out),
            "BREAK" | "CONTINUE" => self.jump(n, out),
            "RETURN" => self.return_stmt(n, out),
            "THROW" => self.throw_stmt(n, out),
            other => Err(self.cx.unsupported(n, pretty(other))),
        }
    }

    /// A local declaration: each declarator is a statement.
    fn local_decl(&mut self, group: &[usize], out: &mut Block) -> R<()> {
        for &d in group {
            let node = self.cx.node(d);
            if let Some(m) = node.mods.iter().find(|m| *m != "final") {
                return Err(self
                    .cx
                    .unsupported(d, format!("the `{m}` modifier on a local variable")));
            }
            let ty_text = node.vtype.map_or("", |t| self.cx.src(t));
            if node.vtype.is_none_or(|t| self.cx.node(t).is_synthetic()) || ty_text == "var" {
                return Err(self
                    .cx
                    .unsupported(d, "`var` local type")
                    .with_help("write the type"));
            }
            if node.vt.as_deref().is_some_and(|t| t.ends_with("[]")) {
                return Err(self.cx.unsupported(d, "array variable"));
            }
            let ty = value_type(self.cx, self.decls, d)?;
            let name = node.name.clone().unwrap_or_default();
            self.enter_stmt(d)?;
            out.push(self.node(NodeKind::Enter));
            let init = match node.init {
                Some(i) => Some(self.typed(i, &ty, out)?),
                None => None,
            };
            let var = self.new_var(&name, ty, VarKind::Local);
            self.locals.insert(d, var);
            out.push(self.node(NodeKind::Declare { var, init }));
        }
        Ok(())
    }

    /// An expression statement: an assignment, `++`/`--`, a call or `new`.
    fn expr_stmt(&mut self, n: usize, in_for_header: bool, out: &mut Block) -> R<()> {
        let Some(e) = self.cx.node(n).expr else {
            return Err(self.cx.error(n, "empty expression statement"));
        };
        let kind = match self.cx.node(e).k.as_str() {
            "ASSIGNMENT"
            | "PLUS_ASSIGNMENT"
            | "MINUS_ASSIGNMENT"
            | "MULTIPLY_ASSIGNMENT"
            | "PREFIX_INCREMENT"
            | "POSTFIX_INCREMENT"
            | "PREFIX_DECREMENT"
            | "POSTFIX_DECREMENT" => StmtKind::Assign,
            "METHOD_INVOCATION" | "NEW_CLASS" => StmtKind::Expr,
            k if k.ends_with("_ASSIGNMENT") => {
                let op = compound_symbol(self.cx.src(e));
                return Err(self.cx.unsupported(e, format!("the `{op}` operator")));
            }
            other => {
                let place = if in_for_header {
                    "in a for header"
                } else {
                    "as a statement"
                };
                return Err(self.cx.unsupported(e, format!("{} {place}", pretty(other))));
            }
        };
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        match kind {
            StmtKind::Assign => self.assignment(e, out),
            _ => self.expr_any(e, true, out).map(|_| ()),
        }
    }

    /// `Enter` is already out; the condition `c`, then `Branch`; the condition's temporary.
    fn branch_test(&mut self, c: usize, out: &mut Block) -> R<VarId> {
        let op = self.cond(c, out)?;
        let var = match op {
            Operand::Var(v) if self.vars[v.0 as usize].kind == VarKind::Temp => v,
            other => {
                let t = self.temp(Type::Boolean);
                out.push(self.node(NodeKind::Let {
                    var: t,
                    value: Rvalue::Use(other),
                }));
                t
            }
        };
        out.push(self.node(NodeKind::Branch { cond: var }));
        Ok(var)
    }

    /// `if (!t) break L;`: how a loop test leaves the loop.
    fn leave_unless(&mut self, t: VarId, l: Label, out: &mut Block) {
        let not = self.let_temp(
            Type::Boolean,
            Rvalue::Unary(UnOp::Not, Operand::Var(t)),
            out,
        );
        let brk = self.node(NodeKind::Break(l));
        out.push(self.node(NodeKind::If {
            cond: not,
            then_b: vec![brk],
            else_b: Vec::new(),
        }));
    }

    fn if_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(then)) = (node.cond, node.then) else {
            return Err(self.cx.error(n, "malformed if"));
        };
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let t = self.branch_test(c, out)?;
        let then_b = self.body(then)?;
        let else_b = match node.otherwise {
            Some(e) => self.body(e)?,
            None => Vec::new(),
        };
        out.push(Node {
            stmt: id,
            kind: NodeKind::If {
                cond: Operand::Var(t),
                then_b,
                else_b,
            },
        });
        Ok(())
    }

    /// Opens a loop: its break label and its `continue` label.
    fn open_loop(&mut self) -> (Label, Label) {
        let brk = self.label();
        let cont = self.label();
        self.loops.push(LoopLabels {
            brk,
            cont,
            cont_used: false,
        });
        (brk, cont)
    }

    /// Lowers a loop's own body; wrapped in `Labeled` when a `continue` targets it.
    fn loop_body(&mut self, n: usize, id: StmtId, out: &mut Block) -> R<()> {
        let b = self.body(n)?;
        let used = self.loops.last().is_some_and(|l| l.cont_used);
        let cont = self.loops.last().map_or(Label(0), |l| l.cont);
        if used {
            out.push(Node {
                stmt: id,
                kind: NodeKind::Labeled {
                    label: cont,
                    body: b,
                },
            });
        } else {
            out.extend(b);
        }
        Ok(())
    }

    fn while_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(b)) = (node.cond, node.body) else {
            return Err(self.cx.error(n, "malformed while"));
        };
        let id = self.enter_stmt(n)?;
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        let t = self.branch_test(c, &mut head)?;
        self.leave_unless(t, brk, &mut head);
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head,
                body,
            },
        });
        Ok(())
    }

    fn do_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let (Some(c), Some(b)) = (node.cond, node.body) else {
            return Err(self.cx.error(n, "malformed do"));
        };
        let id = self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Cover));
        let (brk, _) = self.open_loop();
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        self.stmt = id;
        body.push(self.node(NodeKind::Enter));
        let t = self.branch_test(c, &mut body)?;
        self.leave_unless(t, brk, &mut body);
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head: Vec::new(),
                body,
            },
        });
        Ok(())
    }

    fn for_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        let Some(b) = node.body else {
            return Err(self.cx.error(n, "malformed for"));
        };
        let id = self.enter_stmt(n)?;
        let mut i = 0;
        while i < node.inits.len() {
            let group = declaration_group(self.cx, &node.inits[i..]);
            if group > 0 {
                self.local_decl(&node.inits[i..i + group], out)?;
                i += group;
            } else {
                self.for_part(node.inits[i], out)?;
                i += 1;
            }
        }
        self.stmt = id;
        let (brk, _) = self.open_loop();
        let mut head = vec![self.node(NodeKind::Enter)];
        if let Some(c) = node.cond {
            let t = self.branch_test(c, &mut head)?;
            self.leave_unless(t, brk, &mut head);
        }
        let mut update = Vec::new();
        for &u in &node.update {
            self.for_part(u, &mut update)?;
        }
        let mut body = Vec::new();
        self.loop_body(b, id, &mut body)?;
        self.loops.pop();
        body.extend(update);
        out.push(Node {
            stmt: id,
            kind: NodeKind::Loop {
                label: brk,
                head,
                body,
            },
        });
        Ok(())
    }

    /// A `for` initializer or update that is an expression statement.
    fn for_part(&mut self, n: usize, out: &mut Block) -> R<()> {
        match self.cx.node(n).k.as_str() {
            "EXPRESSION_STATEMENT" => self.expr_stmt(n, true, out),
            other => Err(self
                .cx
                .unsupported(n, format!("{} in a for header", pretty(other)))),
        }
    }

    fn jump(&mut self, n: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(n);
        if node.label.is_some() {
            return Err(self.cx.unsupported(n, "labelled break/continue"));
        }
        let is_break = node.k == "BREAK";
        self.enter_stmt(n)?;
        let Some(lp) = self.loops.last_mut() else {
            return Err(self.cx.error(n, "`break`/`continue` outside a loop"));
        };
        let target = if is_break {
            lp.brk
        } else {
            lp.cont_used = true;
            lp.cont
        };
        out.push(self.node(NodeKind::Enter));
        out.push(self.node(NodeKind::Break(target)));
        Ok(())
    }

    fn return_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        let value = match self.cx.node(n).expr {
            None => None,
            Some(v) => {
                let ret = self.header.ret.clone();
                Some(self.typed(v, &ret, out)?)
            }
        };
        out.push(self.node(NodeKind::Return(value)));
        Ok(())
    }

    fn throw_stmt(&mut self, n: usize, out: &mut Block) -> R<()> {
        let e = self.cx.node(n).expr.unwrap_or(n);
        let unsupported = || {
            self.cx.unsupported(
                e,
                "throwing anything but `new E(...)` of an exception class",
            )
        };
        let en = self.cx.node(e);
        if en.k != "NEW_CLASS" || en.body.is_some() || en.encl.is_some() {
            return Err(unsupported());
        }
        let class = en.t.as_deref().unwrap_or("");
        let exception = self.decls.exception(class).ok_or_else(unsupported)?;
        if let Some(&bad) = en
            .args
            .iter()
            .find(|&&a| self.cx.node(a).k != "STRING_LITERAL")
        {
            return Err(self
                .cx
                .unsupported(bad, "exception argument other than a string literal"));
        }
        self.enter_stmt(n)?;
        out.push(self.node(NodeKind::Enter));
        out.push(self.node(NodeKind::Throw(exception)));
        Ok(())
    }
}

/// Whether an expression statement's expression is `this(...)` or `super(...)`.
fn is_ctor_call(cx: &Cx, e: Option<usize>) -> bool {
    e.is_some_and(|e| {
        let n = cx.node(e);
        n.k == "METHOD_INVOCATION"
            && n.sel.is_some_and(|s| {
                matches!(cx.node(s).name.as_deref(), Some("this" | "super"))
                    && cx.node(s).k == "IDENTIFIER"
            })
    })
}

/// The operator of a compound assignment's source text (`a /= b` → `/=`).
fn compound_symbol(src: &str) -> String {
    let ops = [
        ">>>=", "<<=", ">>=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    ];
    ops.iter()
        .filter_map(|op| src.find(op).map(|i| (i, *op)))
        .min()
        .map_or("?=".into(), |(_, op)| op.to_string())
}
