//! Lowering expressions into operands: every operation's result goes to a temporary, in Java's
//! evaluation order (left to right; a call's receiver null check after its arguments; a field
//! assignment's null check after its right-hand side). Compile-time constants (javac's) become
//! constants.

use super::body::{Lower, R};
use super::pretty;
use crate::ir::*;

impl Lower<'_, '_> {
    /// The supported type javac gives node `n`, or a refusal naming it.
    fn type_of(&self, n: usize) -> R<Type> {
        let node = self.cx.node(n);
        let erased = node.t.as_deref().unwrap_or("?");
        self.decls.ty(erased).ok_or_else(|| {
            self.cx
                .unsupported(n, format!("a value of type `{}`", erased.replace('$', ".")))
                .with_help(
                    "only int, boolean and the classes declared in the analysed file are supported",
                )
        })
    }

    /// An expression that must have type `want` (or be assignable to it).
    pub fn typed(&mut self, n: usize, want: &Type, out: &mut Block) -> R<Operand> {
        let (op, ty) = self.expr(n, out)?;
        if !want.accepts(&ty) {
            return Err(self.cx.error(n, format!("expected {want}, found {ty}")));
        }
        Ok(op)
    }

    /// A boolean condition (parentheses dropped).
    pub fn cond(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        self.typed(n, &Type::Boolean, out)
    }

    /// An expression used for its value.
    pub fn expr(&mut self, n: usize, out: &mut Block) -> R<(Operand, Type)> {
        self.expr_any(n, false, out)
    }

    /// Any expression; `void_ok` allows a void call (a call statement).
    pub fn expr_any(&mut self, n: usize, void_ok: bool, out: &mut Block) -> R<(Operand, Type)> {
        deep(|| self.expr_here(n, void_ok, out))
    }

    fn expr_here(&mut self, n: usize, void_ok: bool, out: &mut Block) -> R<(Operand, Type)> {
        let node = self.cx.node(n);
        match node.k.as_str() {
            "ASSIGNMENT" | "PREFIX_INCREMENT" | "POSTFIX_INCREMENT" | "PREFIX_DECREMENT"
            | "POSTFIX_DECREMENT" => {
                return Err(self
                    .cx
                    .unsupported(n, "assignment inside an expression")
                    .with_help("make the assignment its own statement"))
            }
            k if k.ends_with("_ASSIGNMENT") => {
                return Err(self
                    .cx
                    .unsupported(n, "assignment inside an expression")
                    .with_help("make the assignment its own statement"))
            }
            _ => {}
        }
        let ty = self.type_of(n)?;
        if ty == Type::Void && !void_ok {
            return Err(self
                .cx
                .error(n, "a void method's result cannot be used as a value"));
        }
        if let Some(c) = self.constant(n, &ty) {
            return Ok((Operand::Const(c), ty));
        }
        let op = match node.k.as_str() {
            "NULL_LITERAL" => Operand::Const(Literal::Null),
            "IDENTIFIER" => self.identifier(n, out)?,
            "MEMBER_SELECT" => {
                let obj = node.expr.unwrap_or(n);
                let o = self.expr(obj, out)?.0;
                self.field_read(n, o, out)?
            }
            "PARENTHESIZED" => return self.expr_any(node.expr.unwrap_or(n), void_ok, out),
            "UNARY_MINUS" => {
                let a = self.typed(node.expr.unwrap_or(n), &Type::Int, out)?;
                self.let_temp(Type::Int, Rvalue::Unary(UnOp::Neg, a), out)
            }
            "UNARY_PLUS" => return self.expr(node.expr.unwrap_or(n), out),
            "LOGICAL_COMPLEMENT" => {
                let a = self.typed(node.expr.unwrap_or(n), &Type::Boolean, out)?;
                self.let_temp(Type::Boolean, Rvalue::Unary(UnOp::Not, a), out)
            }
            "CONDITIONAL_AND" | "CONDITIONAL_OR" => self.short_circuit(n, out)?,
            "CONDITIONAL_EXPRESSION" => self.conditional(n, &ty, out)?,
            "METHOD_INVOCATION" => self.call(n, &ty, out)?,
            "NEW_CLASS" => self.new_object(n, &ty, out)?,
            k => match binary_op(k) {
                Some(op) => {
                    let (l, r) = (node.l.unwrap_or(n), node.r.unwrap_or(n));
                    let a = self.expr(l, out)?.0;
                    let b = self.expr(r, out)?.0;
                    self.let_temp(ty.clone(), Rvalue::Binary(op, a, b), out)
                }
                None if k.ends_with("_LITERAL") => {
                    return Err(self.cx.unsupported(n, pretty(k)));
                }
                None => {
                    return Err(match operator_name(k) {
                        Some(o) => self.cx.unsupported_at(
                            self.cx.pref(n),
                            o.chars().count(),
                            format!("the `{o}` operator"),
                        ),
                        None => self.cx.unsupported(n, pretty(k)),
                    });
                }
            },
        };
        Ok((op, ty))
    }

    /// javac's compile-time constant value of `n`, if it has a supported one.
    fn constant(&self, n: usize, ty: &Type) -> Option<Literal> {
        match (self.cx.node(n).cv.as_ref()?, ty) {
            (serde_json::Value::Bool(b), Type::Boolean) => Some(Literal::Bool(*b)),
            (serde_json::Value::Number(x), Type::Int) => x
                .as_i64()
                .and_then(|i| i32::try_from(i).ok())
                .map(Literal::Int),
            _ => None,
        }
    }

    /// A simple name: a local, a parameter, or a field of `this`.
    fn identifier(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        match node.name.as_deref() {
            Some("this") => return self.this(n),
            Some("super") => return Err(self.cx.unsupported(n, "`super`")),
            _ => {}
        }
        let Some(sym) = &node.sym else {
            return Err(self.cx.error(n, "unresolved name"));
        };
        match sym.kind.as_str() {
            "LOCAL_VARIABLE" | "PARAMETER" => sym
                .decl
                .and_then(|d| self.locals.get(&d).copied())
                .map(Operand::Var)
                .ok_or_else(|| self.cx.error(n, format!("unknown variable `{}`", sym.name))),
            "FIELD" => {
                let this = self.this(n)?;
                self.field_read(n, this, out)
            }
            other => Err(self
                .cx
                .unsupported(n, format!("a reference to a {}", pretty(other)))),
        }
    }

    /// `this`, refused in a static method.
    fn this(&self, n: usize) -> R<Operand> {
        if self.header.is_static {
            return Err(self.cx.error(
                n,
                format!("field `{}` used in a static method", self.cx.src(n)),
            ));
        }
        Ok(Operand::This)
    }

    /// The field named by node `n` (an IDENTIFIER or MEMBER_SELECT of a field).
    pub fn field_ref(&self, n: usize) -> R<FieldRef> {
        let node = self.cx.node(n);
        let sym = node
            .sym
            .as_ref()
            .filter(|s| s.kind == "FIELD")
            .ok_or_else(|| {
                let what = node.sym.as_ref().map_or("?".into(), |s| pretty(&s.kind));
                self.cx.unsupported(n, format!("a reference to a {what}"))
            })?;
        if sym.is_static {
            return Err(self
                .cx
                .unsupported(n, "static field")
                .with_help("make it an instance field"));
        }
        let owner = sym.owner.as_deref().unwrap_or("");
        let class = match self.decls.names.get(owner) {
            Some(q) => q.clone(),
            None => {
                return Err(self.cx.unsupported(
                    n,
                    format!("field `{}` of a class outside the analysed file", sym.name),
                ))
            }
        };
        Ok(FieldRef {
            class,
            name: sym.name.clone(),
        })
    }

    /// `obj.f`: the null check, then the read.
    fn field_read(&mut self, n: usize, obj: Operand, out: &mut Block) -> R<Operand> {
        if self.cx.node(n).k == "MEMBER_SELECT" {
            let obj_node = self.cx.node(n).expr.unwrap_or(n);
            if self.cx.src(obj_node) == "super" {
                return Err(self.cx.unsupported(n, "`super` field access"));
            }
        }
        let field = self.field_ref(n)?;
        let ty = self.type_of(n)?;
        out.push(self.node(NodeKind::NullCheck(obj.clone())));
        Ok(self.let_temp(ty, Rvalue::Read { obj, field }, out))
    }

    /// `a && b` is `a ? b : false`; `a || b` is `!a ? b : true`.
    fn short_circuit(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let (l, r) = (node.l.unwrap_or(n), node.r.unwrap_or(n));
        let a = self.typed(l, &Type::Boolean, out)?;
        let mut then_b = Vec::new();
        let b = self.typed(r, &Type::Boolean, &mut then_b)?;
        let and = node.k == "CONDITIONAL_AND";
        let cond = if and {
            a
        } else {
            self.let_temp(Type::Boolean, Rvalue::Unary(UnOp::Not, a), out)
        };
        let value = Rvalue::Cond {
            cond,
            then_b,
            then_v: b,
            else_b: Vec::new(),
            else_v: Operand::Const(Literal::Bool(!and)),
        };
        Ok(self.let_temp(Type::Boolean, value, out))
    }

    fn conditional(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let (Some(c), Some(t), Some(e)) = (node.cond, node.then, node.otherwise) else {
            return Err(self.cx.error(n, "malformed ?:"));
        };
        let cond = self.cond(c, out)?;
        let mut then_b = Vec::new();
        let then_v = self.expr(t, &mut then_b)?.0;
        let mut else_b = Vec::new();
        let else_v = self.expr(e, &mut else_b)?.0;
        let value = Rvalue::Cond {
            cond,
            then_b,
            then_v,
            else_b,
            else_v,
        };
        Ok(self.let_temp(ty.clone(), value, out))
    }

    /// A call of a method of the file: receiver, arguments, the receiver's null check, the call.
    fn call(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let sel = node.sel.unwrap_or(n);
        let name = self.cx.node(sel).name.clone().unwrap_or_default();
        let m = node.m.clone().unwrap_or_default();
        let Some(method) = self.decls.method(&m.owner, &m.name, &m.params) else {
            return Err(self
                .cx
                .unsupported(
                    n,
                    format!(
                        "call of `{name}` with {} argument(s): no such method in the analysed file",
                        node.args.len()
                    ),
                )
                .with_help("only methods declared in the analysed file can be called"));
        };
        let header = &self.decls.methods[method.0 as usize];
        let is_static = header.is_static;
        let recv = match (self.cx.node(sel).k.as_str(), is_static) {
            ("IDENTIFIER", true) => None,
            ("IDENTIFIER", false) => Some(self.this(n)?),
            (_, true) => {
                let target = self.cx.node(sel).expr.unwrap_or(sel);
                let names_class = self
                    .cx
                    .node(target)
                    .sym
                    .as_ref()
                    .is_some_and(|s| s.bin.is_some());
                if !names_class {
                    return Err(self
                        .cx
                        .unsupported(n, "calling a static method through an instance"));
                }
                None
            }
            (_, false) => {
                let target = self.cx.node(sel).expr.unwrap_or(sel);
                Some(self.expr(target, out)?.0)
            }
        };
        let params: Vec<Type> = header.params.iter().map(|(p, _)| p.ty.clone()).collect();
        let mut args = Vec::new();
        for (&a, want) in node.args.iter().zip(&params) {
            args.push(self.typed(a, want, out)?);
        }
        if let Some(r) = &recv {
            out.push(self.node(NodeKind::NullCheck(r.clone())));
        }
        Ok(self.let_temp(ty.clone(), Rvalue::Call { method, recv, args }, out))
    }

    /// `new C(args)` of a class of the file.
    fn new_object(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        if let Some(b) = node.body {
            return Err(self.cx.unsupported(b, "anonymous class"));
        }
        if node.encl.is_some() {
            return Err(self.cx.unsupported(n, "`outer.new Inner(...)`"));
        }
        let Type::Class(class) = ty.clone() else {
            return Err(self.cx.error(n, "`new` needs a class"));
        };
        if self.decls.class(&class).is_some_and(|c| c.is_exception) {
            return Err(self
                .cx
                .unsupported(n, "creating an exception object outside `throw`"));
        }
        let m = node.m.clone().unwrap_or_default();
        let ctor = self.decls.method(&m.owner, "<init>", &m.params);
        let params: Vec<Type> = match ctor {
            Some(c) => self.decls.methods[c.0 as usize]
                .params
                .iter()
                .map(|(p, _)| p.ty.clone())
                .collect(),
            None => Vec::new(),
        };
        let mut args = Vec::new();
        for (&a, want) in node.args.iter().zip(&params) {
            args.push(self.typed(a, want, out)?);
        }
        Ok(self.let_temp(ty.clone(), Rvalue::New { class, ctor, args }, out))
    }

    /// An assignment statement's expression: `=`, `+=`, `-=`, `*=`, `++`, `--`.
    pub fn assignment(&mut self, e: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(e);
        let target = node.var.or(node.expr).unwrap_or(e);
        let target = self.strip_parens(target);
        let (op, rhs) = match node.k.as_str() {
            "ASSIGNMENT" => (None, node.expr),
            "PLUS_ASSIGNMENT" => (Some(BinOp::Add), node.expr),
            "MINUS_ASSIGNMENT" => (Some(BinOp::Sub), node.expr),
            "MULTIPLY_ASSIGNMENT" => (Some(BinOp::Mul), node.expr),
            "PREFIX_INCREMENT" | "POSTFIX_INCREMENT" => (Some(BinOp::Add), None),
            _ => (Some(BinOp::Sub), None),
        };
        let tnode = self.cx.node(target);
        let local = match (&tnode.k[..], &tnode.sym) {
            ("IDENTIFIER", Some(s))
                if matches!(s.kind.as_str(), "LOCAL_VARIABLE" | "PARAMETER") =>
            {
                s.decl.and_then(|d| self.locals.get(&d).copied())
            }
            _ => None,
        };
        let ty = self.type_of(target)?;
        if op.is_some() && ty != Type::Int {
            return Err(self.cx.error(
                e,
                format!("compound assignment needs an int target, found {ty}"),
            ));
        }
        let value = |lw: &mut Self, out: &mut Block| -> R<Operand> {
            match rhs {
                Some(r) => lw.typed(r, &ty, out),
                None => Ok(Operand::Const(Literal::Int(1))),
            }
        };
        if let Some(var) = local {
            let new = match op {
                None => value(self, out)?,
                Some(op) => {
                    let old = self.let_temp(ty.clone(), Rvalue::Use(Operand::Var(var)), out);
                    let v = value(self, out)?;
                    self.let_temp(ty.clone(), Rvalue::Binary(op, old, v), out)
                }
            };
            out.push(self.node(NodeKind::Assign { var, value: new }));
            return Ok(());
        }
        let obj = match tnode.k.as_str() {
            "IDENTIFIER" => self.this(target)?,
            "MEMBER_SELECT" => {
                let o = tnode.expr.unwrap_or(target);
                if self.cx.src(o) == "super" {
                    return Err(self.cx.unsupported(target, "`super` field access"));
                }
                self.expr(o, out)?.0
            }
            other => {
                return Err(self
                    .cx
                    .unsupported(target, format!("assignment to {}", pretty(other))))
            }
        };
        let field = self.field_ref(target)?;
        let new = match op {
            None => {
                let v = value(self, out)?;
                out.push(self.node(NodeKind::NullCheck(obj.clone())));
                v
            }
            Some(op) => {
                out.push(self.node(NodeKind::NullCheck(obj.clone())));
                let read = Rvalue::Read {
                    obj: obj.clone(),
                    field: field.clone(),
                };
                let old = self.let_temp(ty.clone(), read, out);
                let v = value(self, out)?;
                self.let_temp(ty.clone(), Rvalue::Binary(op, old, v), out)
            }
        };
        out.push(self.node(NodeKind::Store {
            obj,
            field,
            value: new,
        }));
        Ok(())
    }

    fn strip_parens(&self, mut n: usize) -> usize {
        while self.cx.node(n).k == "PARENTHESIZED" {
            match self.cx.node(n).expr {
                Some(e) => n = e,
                None => break,
            }
        }
        n
    }
}

/// The core operator of javac's binary kind (the strict ones sattar supports).
fn binary_op(kind: &str) -> Option<BinOp> {
    Some(match kind {
        "PLUS" => BinOp::Add,
        "MINUS" => BinOp::Sub,
        "MULTIPLY" => BinOp::Mul,
        "EQUAL_TO" => BinOp::Eq,
        "NOT_EQUAL_TO" => BinOp::Ne,
        "LESS_THAN" => BinOp::Lt,
        "LESS_THAN_EQUAL" => BinOp::Le,
        "GREATER_THAN" => BinOp::Gt,
        "GREATER_THAN_EQUAL" => BinOp::Ge,
        _ => return None,
    })
}

/// The Java spelling of an operator kind sattar refuses.
fn operator_name(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "DIVIDE" => "/",
        "REMAINDER" => "%",
        "LEFT_SHIFT" => "<<",
        "RIGHT_SHIFT" => ">>",
        "UNSIGNED_RIGHT_SHIFT" => ">>>",
        "AND" => "&",
        "OR" => "|",
        "XOR" => "^",
        "BITWISE_COMPLEMENT" => "~",
        _ => return None,
    })
}
