//! Lowering of method bodies: statements get ids in source order, expressions get types, and
//! names are resolved (locals, implicit `this.` fields, methods, classes).

use crate::ir::*;
use crate::parse::{
    exception_class, parse_int, pretty, span, value_type, ClassNames, Cx, MethodHeader,
};
use sattar_diag::Diagnostic;
use std::collections::HashMap;
use tree_sitter::Node;

type R<T> = Result<T, Diagnostic>;

/// The state of lowering one method body.
pub(crate) struct Lower<'a, 'c> {
    cx: &'a Cx<'c>,
    names: &'a ClassNames,
    classes: &'a [Class],
    headers: &'a [MethodHeader],
    method: MethodId,
    class: String,
    is_static: bool,
    ret: Type,
    scopes: Vec<HashMap<String, Type>>,
    loops: u32,
    stmts: &'a mut Vec<StmtInfo>,
}

fn named(n: Node) -> Vec<Node> {
    let mut c = n.walk();
    n.named_children(&mut c).filter(|k| !k.is_extra()).collect()
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl<'a, 'c> Lower<'a, 'c> {
    /// A lowering context for method `method`; new statements are appended to `stmts`.
    pub fn new(
        cx: &'a Cx<'c>,
        names: &'a ClassNames,
        classes: &'a [Class],
        headers: &'a [MethodHeader],
        method: MethodId,
        stmts: &'a mut Vec<StmtInfo>,
    ) -> Self {
        let h = &headers[method.0 as usize];
        Lower {
            cx,
            names,
            classes,
            headers,
            method,
            class: h.class.clone(),
            is_static: h.is_static,
            ret: h.ret.clone(),
            scopes: Vec::new(),
            loops: 0,
            stmts,
        }
    }

    fn field_node<'t>(&self, n: Node<'t>, name: &str) -> R<Node<'t>> {
        n.child_by_field_name(name).ok_or_else(|| {
            self.cx
                .error(n, format!("malformed `{}`: no {name}", n.kind()))
        })
    }

    /// Lowers the body of a method or constructor.
    pub fn method_body(&mut self, n: Node, h: &MethodHeader) -> R<Block> {
        let mut params = HashMap::new();
        for p in &h.params {
            params.insert(p.name.clone(), p.ty.clone());
        }
        self.scopes.push(params);
        let body = self.field_node(n, "body")?;
        let mut block = Vec::new();
        for s in named(body) {
            if s.kind() == "explicit_constructor_invocation" {
                return Err(self
                    .cx
                    .unsupported(s, "explicit `this(...)`/`super(...)` call"));
            }
            self.stmt(s, &mut block)?;
        }
        if h.ret != Type::Void && completes_normally(&block) {
            let end = body.end_byte().saturating_sub(1);
            return Err(self.cx.diag_at(end, 1, "error", "missing return statement"));
        }
        Ok(block)
    }

    fn lookup(&self, name: &str) -> Option<&Type> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    fn declare(&mut self, n: Node, name: &str, ty: Type) -> R<()> {
        if self.lookup(name).is_some() {
            return Err(self.cx.error(
                n,
                format!("variable `{name}` is already defined in this method"),
            ));
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.to_string(), ty);
        }
        Ok(())
    }

    fn new_stmt(&mut self, kind: StmtKind, n: Node, cond: Option<Node>, text: String) -> StmtId {
        let id = StmtId(self.stmts.len() as u32 + 1);
        let line_at = if kind == StmtKind::DoWhile {
            cond.unwrap_or(n)
        } else {
            n
        };
        let line = self.cx.lines.pos(self.cx.text, line_at.start_byte()).line;
        self.stmts.push(StmtInfo {
            id,
            method: self.method,
            kind,
            span: span(n),
            cond: cond.map(span),
            line,
            text,
        });
        id
    }

    fn simple_text(&self, n: Node) -> String {
        collapse(self.cx.src(n))
    }

    fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.scopes.push(HashMap::new());
        let r = f(self);
        self.scopes.pop();
        r
    }

    /// A statement used as a branch or loop body: a block's statements, or the single statement.
    fn body(&mut self, n: Node) -> R<Block> {
        self.scoped(|lw| {
            let mut out = Vec::new();
            if n.kind() == "block" {
                for s in named(n) {
                    lw.stmt(s, &mut out)?;
                }
            } else {
                lw.stmt(n, &mut out)?;
            }
            Ok(out)
        })
    }

    fn stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        match n.kind() {
            "local_variable_declaration" => self.local_decl(n, out),
            "expression_statement" => {
                let s = self.expr_stmt(n)?;
                out.push(s);
                Ok(())
            }
            "block" => {
                let b = self.body(n)?;
                out.push(Stmt::Block(b));
                Ok(())
            }
            "if_statement" => self.if_stmt(n, out),
            "while_statement" => self.while_stmt(n, out),
            "do_statement" => self.do_stmt(n, out),
            "for_statement" => self.for_stmt(n, out),
            "break_statement" | "continue_statement" => self.jump(n, out),
            "return_statement" => self.return_stmt(n, out),
            "throw_statement" => self.throw_stmt(n, out),
            other => Err(self.cx.unsupported(n, pretty(other))),
        }
    }

    fn local_decl(&mut self, n: Node, out: &mut Block) -> R<()> {
        if let Some(m) = named(n).into_iter().find(|c| c.kind() == "modifiers") {
            if self.cx.src(m) != "final" {
                return Err(self.cx.unsupported(m, "modifier on a local variable"));
            }
        }
        let ty_node = self.field_node(n, "type")?;
        if self.cx.src(ty_node) == "var" {
            return Err(self
                .cx
                .unsupported(ty_node, "`var` local type")
                .with_help("write the type"));
        }
        let ty = value_type(self.cx, self.names, &self.class, ty_node)?;
        for d in named(n)
            .into_iter()
            .filter(|d| d.kind() == "variable_declarator")
        {
            if d.child_by_field_name("dimensions").is_some() {
                return Err(self.cx.unsupported(d, "array variable"));
            }
            let name_node = self.field_node(d, "name")?;
            let name = self.cx.src(name_node).to_string();
            let text = format!("{} {};", self.cx.src(ty_node), self.simple_text(d));
            let id = self.new_stmt(StmtKind::Local, n, None, text);
            let init = match d.child_by_field_name("value") {
                Some(v) => Some(self.typed(v, &ty)?),
                None => None,
            };
            self.declare(name_node, &name, ty.clone())?;
            out.push(Stmt::Local {
                id,
                name,
                ty: ty.clone(),
                init,
            });
        }
        Ok(())
    }

    fn expr_stmt(&mut self, n: Node) -> R<Stmt> {
        let Some(e) = named(n).into_iter().next() else {
            return Err(self.cx.error(n, "empty expression statement"));
        };
        let text = self.simple_text(n);
        match e.kind() {
            "assignment_expression" => {
                let id = self.new_stmt(StmtKind::Assign, n, None, text);
                self.assignment(e, id)
            }
            "update_expression" => {
                let id = self.new_stmt(StmtKind::Assign, n, None, text);
                self.update(e, id)
            }
            "method_invocation" | "object_creation_expression" => {
                let id = self.new_stmt(StmtKind::Expr, n, None, text);
                let expr = self.expr_any(e, true)?;
                Ok(Stmt::Expr { id, expr })
            }
            other => Err(self
                .cx
                .unsupported(e, format!("{} as a statement", pretty(other)))),
        }
    }

    fn lvalue(&mut self, n: Node) -> R<(LValue, Type)> {
        match n.kind() {
            "identifier" => {
                let name = self.cx.src(n).to_string();
                if let Some(t) = self.lookup(&name) {
                    return Ok((LValue::Local(name), t.clone()));
                }
                let e = self.expr(n)?;
                self.field_lvalue(n, e)
            }
            "field_access" => {
                let e = self.expr(n)?;
                self.field_lvalue(n, e)
            }
            "parenthesized_expression" => self.lvalue(named(n)[0]),
            other => Err(self
                .cx
                .unsupported(n, format!("assignment to {}", pretty(other)))),
        }
    }

    fn field_lvalue(&self, n: Node, e: Expr) -> R<(LValue, Type)> {
        match e.kind {
            ExprKind::Field { obj, class, field } => Ok((
                LValue::Field {
                    obj: *obj,
                    class,
                    field,
                },
                e.ty,
            )),
            _ => Err(self.cx.error(n, "cannot assign to this expression")),
        }
    }

    fn assignment(&mut self, e: Node, id: StmtId) -> R<Stmt> {
        let op_node = self.field_node(e, "operator")?;
        let op = match self.cx.src(op_node) {
            "=" => None,
            "+=" => Some(BinOp::Add),
            "-=" => Some(BinOp::Sub),
            "*=" => Some(BinOp::Mul),
            other => {
                return Err(self
                    .cx
                    .unsupported(op_node, format!("the `{other}` operator")))
            }
        };
        let (target, ty) = self.lvalue(self.field_node(e, "left")?)?;
        let right = self.field_node(e, "right")?;
        let value = if op.is_some() {
            if ty != Type::Int {
                return Err(self.cx.error(
                    op_node,
                    format!("compound assignment needs an int target, found {ty}"),
                ));
            }
            self.typed(right, &Type::Int)?
        } else {
            self.typed(right, &ty)?
        };
        Ok(Stmt::Assign {
            id,
            target,
            op,
            value,
        })
    }

    fn update(&mut self, e: Node, id: StmtId) -> R<Stmt> {
        let operand = named(e)
            .into_iter()
            .next()
            .ok_or_else(|| self.cx.error(e, "malformed update"))?;
        let op = if self.cx.src(e).contains("++") {
            BinOp::Add
        } else {
            BinOp::Sub
        };
        let (target, ty) = self.lvalue(operand)?;
        if ty != Type::Int {
            return Err(self
                .cx
                .error(e, format!("`++`/`--` needs an int, found {ty}")));
        }
        let one = Expr {
            kind: ExprKind::Lit(Literal::Int(1)),
            ty: Type::Int,
            span: span(e),
        };
        Ok(Stmt::Assign {
            id,
            target,
            op: Some(op),
            value: one,
        })
    }

    fn condition(&mut self, n: Node) -> R<Expr> {
        let inner = if n.kind() == "parenthesized_expression" {
            named(n)[0]
        } else {
            n
        };
        self.typed(inner, &Type::Boolean)
    }

    fn if_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let c = self.field_node(n, "condition")?;
        let text = format!("if {}", self.simple_text(c));
        let id = self.new_stmt(StmtKind::If, n, Some(c), text);
        let cond = self.condition(c)?;
        let then_b = self.body(self.field_node(n, "consequence")?)?;
        let else_b = match n.child_by_field_name("alternative") {
            Some(a) => self.body(a)?,
            None => Vec::new(),
        };
        out.push(Stmt::If {
            id,
            cond,
            then_b,
            else_b,
        });
        Ok(())
    }

    fn loop_body(&mut self, n: Node) -> R<Block> {
        self.loops += 1;
        let b = self.body(n);
        self.loops -= 1;
        b
    }

    fn while_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let c = self.field_node(n, "condition")?;
        let text = format!("while {}", self.simple_text(c));
        let id = self.new_stmt(StmtKind::While, n, Some(c), text);
        let cond = self.condition(c)?;
        let body = self.loop_body(self.field_node(n, "body")?)?;
        out.push(Stmt::While { id, cond, body });
        Ok(())
    }

    fn do_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let c = self.field_node(n, "condition")?;
        let text = format!("do … while {};", self.simple_text(c));
        let id = self.new_stmt(StmtKind::DoWhile, n, Some(c), text);
        let body = self.loop_body(self.field_node(n, "body")?)?;
        let cond = self.condition(c)?;
        out.push(Stmt::DoWhile { id, body, cond });
        Ok(())
    }

    fn for_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let body_node = self.field_node(n, "body")?;
        let header = &self.cx.text[n.start_byte()..body_node.start_byte()];
        let cond_node = n.child_by_field_name("condition");
        let id = self.new_stmt(StmtKind::For, n, cond_node, collapse(header));
        let s = self.scoped(|lw| {
            let mut c = n.walk();
            let inits: Vec<Node> = n.children_by_field_name("init", &mut c).collect();
            let mut c = n.walk();
            let updates: Vec<Node> = n.children_by_field_name("update", &mut c).collect();
            let mut init = Vec::new();
            for i in inits {
                lw.for_part(i, &mut init)?;
            }
            let cond = cond_node.map(|c| lw.typed(c, &Type::Boolean)).transpose()?;
            let mut update = Vec::new();
            for u in updates {
                lw.for_part(u, &mut update)?;
            }
            let body = lw.loop_body(body_node)?;
            Ok(Stmt::For {
                id,
                init,
                cond,
                update,
                body,
            })
        })?;
        out.push(s);
        Ok(())
    }

    /// A `for` initializer or update: a declaration or an expression used as a statement.
    fn for_part(&mut self, n: Node, out: &mut Block) -> R<()> {
        if n.kind() == "local_variable_declaration" {
            return self.local_decl(n, out);
        }
        let text = self.simple_text(n);
        let s = match n.kind() {
            "assignment_expression" => {
                let id = self.new_stmt(StmtKind::Assign, n, None, text);
                self.assignment(n, id)?
            }
            "update_expression" => {
                let id = self.new_stmt(StmtKind::Assign, n, None, text);
                self.update(n, id)?
            }
            "method_invocation" | "object_creation_expression" => {
                let id = self.new_stmt(StmtKind::Expr, n, None, text);
                Stmt::Expr {
                    id,
                    expr: self.expr_any(n, true)?,
                }
            }
            other => {
                return Err(self
                    .cx
                    .unsupported(n, format!("{} in a for header", pretty(other))))
            }
        };
        out.push(s);
        Ok(())
    }

    fn jump(&mut self, n: Node, out: &mut Block) -> R<()> {
        if !named(n).is_empty() {
            return Err(self.cx.unsupported(n, "labelled break/continue"));
        }
        let is_break = n.kind() == "break_statement";
        if self.loops == 0 {
            let what = if is_break { "break" } else { "continue" };
            return Err(self.cx.error(n, format!("`{what}` outside a loop")));
        }
        let kind = if is_break {
            StmtKind::Break
        } else {
            StmtKind::Continue
        };
        let id = self.new_stmt(kind, n, None, self.simple_text(n));
        out.push(if is_break {
            Stmt::Break { id }
        } else {
            Stmt::Continue { id }
        });
        Ok(())
    }

    fn return_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let id = self.new_stmt(StmtKind::Return, n, None, self.simple_text(n));
        let value = match (named(n).into_iter().next(), self.ret.clone()) {
            (None, Type::Void) => None,
            (None, t) => {
                return Err(self
                    .cx
                    .error(n, format!("missing return value of type {t}")))
            }
            (Some(v), Type::Void) => {
                return Err(self
                    .cx
                    .error(v, "a void method or constructor cannot return a value"))
            }
            (Some(v), t) => Some(self.typed(v, &t)?),
        };
        out.push(Stmt::Return { id, value });
        Ok(())
    }

    fn throw_stmt(&mut self, n: Node, out: &mut Block) -> R<()> {
        let e = named(n)
            .into_iter()
            .next()
            .ok_or_else(|| self.cx.error(n, "malformed throw"))?;
        let unsupported = || {
            self.cx.unsupported(
                e,
                "throwing anything but `new E(...)` of an exception class",
            )
        };
        if e.kind() != "object_creation_expression" || e.child_by_field_name("body").is_some() {
            return Err(unsupported());
        }
        let ty = self.field_node(e, "type")?;
        let exception = exception_class(self.classes, self.names, &self.class, self.cx.src(ty))
            .ok_or_else(unsupported)?;
        if let Some(args) = e.child_by_field_name("arguments") {
            if let Some(bad) = named(args)
                .into_iter()
                .find(|a| a.kind() != "string_literal")
            {
                return Err(self
                    .cx
                    .unsupported(bad, "exception argument other than a string literal"));
            }
        }
        let id = self.new_stmt(StmtKind::Throw, n, None, self.simple_text(n));
        out.push(Stmt::Throw { id, exception });
        Ok(())
    }

    // ------------------------------------------------------------ expressions

    /// An expression that must have type `want` (or be assignable to it).
    fn typed(&mut self, n: Node, want: &Type) -> R<Expr> {
        let e = self.expr(n)?;
        if !want.accepts(&e.ty) {
            return Err(self.cx.error(n, format!("expected {want}, found {}", e.ty)));
        }
        Ok(e)
    }

    fn expr(&mut self, n: Node) -> R<Expr> {
        self.expr_any(n, false)
    }

    fn mk(&self, n: Node, kind: ExprKind, ty: Type) -> Expr {
        Expr {
            kind,
            ty,
            span: span(n),
        }
    }

    /// Any expression; `void_ok` allows a void call (a call statement).
    fn expr_any(&mut self, n: Node, void_ok: bool) -> R<Expr> {
        let e = match n.kind() {
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => {
                let v = parse_int(self.cx, n, false)?;
                self.mk(n, ExprKind::Lit(Literal::Int(v)), Type::Int)
            }
            "true" | "false" => self.mk(
                n,
                ExprKind::Lit(Literal::Bool(n.kind() == "true")),
                Type::Boolean,
            ),
            "null_literal" => self.mk(n, ExprKind::Lit(Literal::Null), Type::Null),
            "this" => {
                if self.is_static {
                    return Err(self.cx.error(n, "`this` in a static method"));
                }
                self.mk(n, ExprKind::This, Type::Class(self.class.clone()))
            }
            "identifier" => self.identifier(n)?,
            "field_access" => self.field_access(n)?,
            "parenthesized_expression" => {
                let inner = named(n)
                    .into_iter()
                    .next()
                    .ok_or_else(|| self.cx.error(n, "empty parentheses"))?;
                let mut e = self.expr(inner)?;
                e.span = span(n);
                e
            }
            "unary_expression" => self.unary(n)?,
            "binary_expression" => self.binary(n)?,
            "ternary_expression" => self.ternary(n)?,
            "method_invocation" => self.call(n)?,
            "object_creation_expression" => self.new_expr(n)?,
            "assignment_expression" | "update_expression" => {
                return Err(self
                    .cx
                    .unsupported(n, "assignment inside an expression")
                    .with_help("make the assignment its own statement"))
            }
            other => return Err(self.cx.unsupported(n, pretty(other))),
        };
        if e.ty == Type::Void && !void_ok {
            return Err(self
                .cx
                .error(n, "a void method's result cannot be used as a value"));
        }
        Ok(e)
    }

    fn this_expr(&self, n: Node) -> R<Expr> {
        if self.is_static {
            return Err(self.cx.error(
                n,
                format!("field `{}` used in a static method", self.cx.src(n)),
            ));
        }
        Ok(self.mk(n, ExprKind::This, Type::Class(self.class.clone())))
    }

    fn identifier(&mut self, n: Node) -> R<Expr> {
        let name = self.cx.src(n).to_string();
        if let Some(t) = self.lookup(&name) {
            let t = t.clone();
            return Ok(self.mk(n, ExprKind::Local(name), t));
        }
        let has_field = self
            .class_def(&self.class)
            .and_then(|c| c.field(&name))
            .map(|f| f.ty.clone());
        match has_field {
            Some(ty) => {
                let this = self.this_expr(n)?;
                let kind = ExprKind::Field {
                    obj: Box::new(this),
                    class: self.class.clone(),
                    field: name,
                };
                Ok(self.mk(n, kind, ty))
            }
            None => Err(self
                .cx
                .error(n, format!("cannot find variable or field `{name}`"))),
        }
    }

    fn class_def(&self, q: &str) -> Option<&Class> {
        self.classes.iter().find(|c| c.name == q)
    }

    fn field_access(&mut self, n: Node) -> R<Expr> {
        let obj_node = self.field_node(n, "object")?;
        let field_node = self.field_node(n, "field")?;
        if obj_node.kind() == "super" {
            return Err(self.cx.unsupported(n, "`super` field access"));
        }
        let obj = self.expr(obj_node)?;
        let Type::Class(class) = obj.ty.clone() else {
            return Err(self.cx.error(
                obj_node,
                format!("{} has no fields (type {})", self.cx.src(obj_node), obj.ty),
            ));
        };
        let name = self.cx.src(field_node).to_string();
        let cdef = self
            .class_def(&class)
            .ok_or_else(|| self.cx.error(obj_node, format!("unknown class {class}")))?;
        let Some(f) = cdef.field(&name) else {
            let known: Vec<&str> = cdef.fields.iter().map(|f| f.name.as_str()).collect();
            return Err(self
                .cx
                .error(field_node, format!("{class} has no field `{name}`"))
                .with_help(format!("fields of {class}: {}", known.join(", "))));
        };
        let ty = f.ty.clone();
        Ok(self.mk(
            n,
            ExprKind::Field {
                obj: Box::new(obj),
                class,
                field: name,
            },
            ty,
        ))
    }

    fn unary(&mut self, n: Node) -> R<Expr> {
        let op_node = self.field_node(n, "operator")?;
        let operand = self.field_node(n, "operand")?;
        match self.cx.src(op_node) {
            "-" if operand.kind() == "decimal_integer_literal" => {
                let v = parse_int(self.cx, operand, true)?;
                Ok(self.mk(n, ExprKind::Lit(Literal::Int(v)), Type::Int))
            }
            "-" => {
                let e = self.typed(operand, &Type::Int)?;
                Ok(self.mk(n, ExprKind::Unary(UnOp::Neg, Box::new(e)), Type::Int))
            }
            "+" => self.typed(operand, &Type::Int),
            "!" => {
                let e = self.typed(operand, &Type::Boolean)?;
                Ok(self.mk(n, ExprKind::Unary(UnOp::Not, Box::new(e)), Type::Boolean))
            }
            other => Err(self
                .cx
                .unsupported(op_node, format!("the `{other}` operator"))),
        }
    }

    fn binary(&mut self, n: Node) -> R<Expr> {
        let op_node = self.field_node(n, "operator")?;
        let op = match self.cx.src(op_node) {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "==" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            "&&" => BinOp::And,
            "||" => BinOp::Or,
            other => {
                return Err(self
                    .cx
                    .unsupported(op_node, format!("the `{other}` operator")))
            }
        };
        let l = self.expr(self.field_node(n, "left")?)?;
        let r = self.expr(self.field_node(n, "right")?)?;
        let ty = binary_type(op, &l.ty, &r.ty).ok_or_else(|| {
            self.cx.error(
                op_node,
                format!(
                    "`{}` cannot be applied to {} and {}",
                    op.symbol(),
                    l.ty,
                    r.ty
                ),
            )
        })?;
        Ok(self.mk(n, ExprKind::Binary(op, Box::new(l), Box::new(r)), ty))
    }

    fn ternary(&mut self, n: Node) -> R<Expr> {
        let c = self.typed(self.field_node(n, "condition")?, &Type::Boolean)?;
        let a = self.expr(self.field_node(n, "consequence")?)?;
        let b = self.expr(self.field_node(n, "alternative")?)?;
        let ty = if a.ty.accepts(&b.ty) {
            a.ty.clone()
        } else if b.ty.accepts(&a.ty) {
            b.ty.clone()
        } else {
            return Err(self.cx.error(
                n,
                format!("the branches of `?:` have types {} and {}", a.ty, b.ty),
            ));
        };
        Ok(self.mk(n, ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)), ty))
    }

    fn find_method(&self, class: &str, name: &str, arity: usize) -> Option<MethodId> {
        self.headers
            .iter()
            .position(|h| h.class == class && h.name == name && h.params.len() == arity)
            .map(|i| MethodId(i as u32))
    }

    fn args(&mut self, n: Node, m: MethodId) -> R<Vec<Expr>> {
        let arg_nodes = named(self.field_node(n, "arguments")?);
        let params = self.headers[m.0 as usize].params.clone();
        arg_nodes
            .iter()
            .zip(&params)
            .map(|(a, p)| self.typed(*a, &p.ty))
            .collect()
    }

    fn call(&mut self, n: Node) -> R<Expr> {
        let name = self.cx.src(self.field_node(n, "name")?).to_string();
        let arity = named(self.field_node(n, "arguments")?).len();
        let object = n.child_by_field_name("object");
        // `C.m()`: an identifier that is no variable but names a class is a static call.
        let static_class = object
            .filter(|o| o.kind() == "identifier" && self.lookup(self.cx.src(*o)).is_none())
            .and_then(|o| self.names.resolve(&self.class, self.cx.src(o)));
        let (recv, class) = match (object, static_class) {
            (None, _) => (None, self.class.clone()),
            (Some(_), Some(q)) => (None, q),
            (Some(o), None) => {
                let r = self.expr(o)?;
                match r.ty.clone() {
                    Type::Class(c) => (Some(r), c),
                    t => {
                        return Err(self
                            .cx
                            .unsupported(o, format!("calling `{name}` on a value of type {t}")))
                    }
                }
            }
        };
        let Some(m) = self.find_method(&class, &name, arity) else {
            return Err(self
                .cx
                .unsupported(
                    n,
                    format!("call of `{name}` with {arity} argument(s): no such method in {class}"),
                )
                .with_help("only methods declared in the analysed file can be called"));
        };
        let h = &self.headers[m.0 as usize];
        let (is_static, ret) = (h.is_static, h.ret.clone());
        let recv = match (recv, is_static) {
            (None, true) => None,
            (Some(_), true) => {
                return Err(self
                    .cx
                    .unsupported(n, "calling a static method through an instance"))
            }
            (Some(r), false) => Some(Box::new(r)),
            (None, false) if n.child_by_field_name("object").is_none() => {
                Some(Box::new(self.this_expr(n)?))
            }
            (None, false) => return Err(self.cx.error(n, format!("`{name}` is not static"))),
        };
        let args = self.args(n, m)?;
        Ok(self.mk(
            n,
            ExprKind::Call {
                recv,
                method: m,
                args,
            },
            ret,
        ))
    }

    fn new_expr(&mut self, n: Node) -> R<Expr> {
        if let Some(b) = n.child_by_field_name("body") {
            return Err(self.cx.unsupported(b, "anonymous class"));
        }
        let ty_node = self.field_node(n, "type")?;
        let Type::Class(class) = value_type(self.cx, self.names, &self.class, ty_node)? else {
            return Err(self.cx.error(ty_node, "`new` needs a class"));
        };
        if self.class_def(&class).is_some_and(|c| c.is_exception) {
            return Err(self
                .cx
                .unsupported(n, "creating an exception object outside `throw`"));
        }
        let arity = named(self.field_node(n, "arguments")?).len();
        let has_ctors = self
            .headers
            .iter()
            .any(|h| h.class == class && h.name == "<init>");
        let ctor = self.find_method(&class, "<init>", arity);
        let args = match ctor {
            Some(m) => self.args(n, m)?,
            None if !has_ctors && arity == 0 => Vec::new(),
            None => {
                return Err(self.cx.error(
                    n,
                    format!("{class} has no constructor with {arity} argument(s)"),
                ))
            }
        };
        Ok(self.mk(
            n,
            ExprKind::New {
                class: class.clone(),
                ctor,
                args,
            },
            Type::Class(class),
        ))
    }
}

/// The type of `l op r`, or `None` if Java rejects it (or the subset does).
pub(crate) fn binary_type(op: BinOp, l: &Type, r: &Type) -> Option<Type> {
    use BinOp::*;
    match op {
        Add | Sub | Mul => (*l == Type::Int && *r == Type::Int).then_some(Type::Int),
        Lt | Le | Gt | Ge => (*l == Type::Int && *r == Type::Int).then_some(Type::Boolean),
        And | Or => (*l == Type::Boolean && *r == Type::Boolean).then_some(Type::Boolean),
        Eq | Ne => {
            let ok = match (l, r) {
                (Type::Int, Type::Int) | (Type::Boolean, Type::Boolean) => true,
                (a, b) if a.is_ref() && b.is_ref() => a.accepts(b) || b.accepts(a),
                _ => false,
            };
            ok.then_some(Type::Boolean)
        }
    }
}

/// Whether control can fall off the end of `block` (a simplified JLS §14.22 analysis).
pub(crate) fn completes_normally(block: &Block) -> bool {
    block.last().is_none_or(stmt_completes)
}

fn is_true(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Lit(Literal::Bool(true)))
}

fn has_break(block: &Block) -> bool {
    block.iter().any(|s| match s {
        Stmt::Break { .. } => true,
        Stmt::If { then_b, else_b, .. } => has_break(then_b) || has_break(else_b),
        Stmt::Block(b) => has_break(b),
        _ => false,
    })
}

fn stmt_completes(s: &Stmt) -> bool {
    match s {
        Stmt::Return { .. } | Stmt::Throw { .. } | Stmt::Break { .. } | Stmt::Continue { .. } => {
            false
        }
        Stmt::If { then_b, else_b, .. } => completes_normally(then_b) || completes_normally(else_b),
        Stmt::Block(b) => completes_normally(b),
        Stmt::While { cond, body, .. } => !is_true(cond) || has_break(body),
        Stmt::DoWhile { cond, body, .. } => !is_true(cond) || has_break(body),
        Stmt::For { cond, body, .. } => {
            cond.as_ref().is_some_and(|c| !is_true(c)) || has_break(body)
        }
        _ => true,
    }
}
