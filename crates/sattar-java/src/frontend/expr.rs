//! Lowering expressions into operands: every operation's result goes to a temporary, in Java's
//! evaluation order (left to right; a call's receiver null check after its arguments; a field
//! assignment's null check after its right-hand side). Compile-time constants (javac's) become
//! constants. Where erasure left a value wider than its use needs, the cast javac inserts is an
//! explicit `CheckCast` (javac's TransTypes: at the use, to the type the use expects).

use super::body::{Lower, R};
use super::decls::unsupported_type;
use super::pretty;
use crate::ir::*;
use sattar_heap::{BoxClass, BOX_VALUE, OBJECT};
use sattar_jdk::tree::MethodRef;

impl Lower<'_, '_> {
    /// The supported type javac gives node `n`, or a refusal naming it.
    pub fn type_of(&self, n: usize) -> R<Type> {
        let node = self.cx.node(n);
        let erased = node.t.as_deref().unwrap_or("?");
        self.decls.ty(erased).ok_or_else(|| {
            let shown = erased.replace('$', ".");
            let what = match &node.sym {
                Some(s) if s.kind == "FIELD" => {
                    format!(
                        "field `{}` of type `{shown}`, a type sattar does not model",
                        s.name
                    )
                }
                Some(s) if matches!(s.kind.as_str(), "LOCAL_VARIABLE" | "PARAMETER") => {
                    format!(
                        "variable `{}` of type `{shown}`, a type sattar does not model",
                        s.name
                    )
                }
                _ => format!("a value of type `{shown}`, a type sattar does not model"),
            };
            self.cx.unsupported(n, what).with_help(
                "sattar models the integer types, boolean, Object and the classes of the program",
            )
        })
    }

    /// An expression that must fit type `want` (erasure's casts made where needed).
    pub fn typed(&mut self, n: usize, want: &Type, out: &mut Block) -> R<Operand> {
        let (op, have) = self.expr(n, out)?;
        let op = self.convert(op, &have, want, out);
        self.fit(&op, want, out);
        Ok(op)
    }

    /// An integer value of type `from` as type `to` (JLS 5.1.2, 5.1.3): a constant folded, a
    /// widening among `byte`, `short`, `char` and `int` as it is (their values are ints), any
    /// other change of integer type a `Convert`. Other types pass unchanged.
    pub fn convert(&mut self, op: Operand, from: &Type, to: &Type, out: &mut Block) -> Operand {
        // Unboxing (JLS 5.1.8): a box where its primitive is wanted, then any widening.
        if let (Some(b), true) = (box_of(from), is_primitive(to)) {
            // An erased value (a generic's `T`) is cast to the box first, as javac does.
            self.fit(&op, &Type::Class(b.class.into()), out);
            let v = self.unbox(op, b, out);
            return self.convert(v, &primitive_of(b), to, out);
        }
        // Boxing (JLS 5.1.7, 5.2): a primitive where a reference is wanted, in the target's box
        // class (a constant narrowed to `Byte`, `Short`, `Character` first) or its own.
        if let (Type::Class(c), Some(own)) = (to, from.field_type().and_then(|t| BoxClass::of(&t)))
        {
            let b = BoxClass::named(c).unwrap_or(own);
            self.decls.ty(b.class);
            let v = self.convert(op, from, &primitive_of(b), out);
            let boxed = Rvalue::Box {
                class: b.class.into(),
                op: v,
            };
            return self.let_temp(Type::Class(b.class.into()), boxed, out);
        }
        let (Some(f), Some(t)) = (from.int_kind(), to.int_kind()) else {
            return op;
        };
        let widening = f.min() >= t.min() && f.max() <= t.max();
        if f == t || (widening && t != IntKind::Long) {
            return op;
        }
        match op {
            Operand::Const(Literal::Int(v)) => Operand::Const(int_literal(t, i64::from(v))),
            Operand::Const(Literal::Long(v)) => Operand::Const(int_literal(t, v)),
            op => self.let_temp(to.clone(), Rvalue::Convert { to: t, op }, out),
        }
    }

    /// A box's primitive: its null check, then its `value`.
    fn unbox(&mut self, op: Operand, b: &BoxClass, out: &mut Block) -> Operand {
        out.push(self.node(NodeKind::NullCheck(op.clone())));
        let field = FieldRef {
            class: b.class.into(),
            name: BOX_VALUE.into(),
        };
        self.let_temp(primitive_of(b), Rvalue::Read { obj: op, field }, out)
    }

    /// The cast javac inserts when `op`'s erased value is wider than `want`.
    pub fn fit(&mut self, op: &Operand, want: &Type, out: &mut Block) {
        let (Operand::Var(v), Type::Class(c)) = (op, want) else {
            return;
        };
        let Some(Type::Class(runtime)) = self.runtime.get(v).cloned() else {
            return;
        };
        if !self.decls.is_subclass(&runtime, c) {
            out.push(self.node(NodeKind::CheckCast {
                op: op.clone(),
                class: c.clone(),
            }));
            self.runtime.remove(v);
        }
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
        if let (Some(b), "NEW_CLASS") = (node.body, node.k.as_str()) {
            return Err(self.cx.unsupported(b, "anonymous class"));
        }
        if matches!(node.k.as_str(), "LAMBDA_EXPRESSION" | "MEMBER_REFERENCE") {
            return Err(self.cx.unsupported(n, pretty(&node.k)));
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
        if let (Some(text), true) = (
            node.cv.as_ref().and_then(|v| v.as_str()),
            Self::is_string(&ty),
        ) {
            return Ok((self.string_literal(text, out), ty));
        }
        let child = |f: Option<usize>| f.unwrap_or(n);
        let op = match node.k.as_str() {
            "NULL_LITERAL" => Operand::Const(Literal::Null),
            "IDENTIFIER" => self.identifier(n, out)?,
            "MEMBER_SELECT" => self.member_select(n, out)?,
            "PARENTHESIZED" => return self.expr_any(child(node.expr), void_ok, out),
            "UNARY_MINUS" => {
                let a = self.typed(child(node.expr), &ty, out)?;
                self.let_temp(ty.clone(), Rvalue::Unary(UnOp::Neg, a), out)
            }
            "UNARY_PLUS" => return self.expr(child(node.expr), out),
            "LOGICAL_COMPLEMENT" => {
                let a = self.typed(child(node.expr), &Type::Boolean, out)?;
                self.let_temp(Type::Boolean, Rvalue::Unary(UnOp::Not, a), out)
            }
            "BITWISE_COMPLEMENT" => {
                let a = self.typed(child(node.expr), &ty, out)?;
                self.let_temp(ty.clone(), Rvalue::Unary(UnOp::BitNot, a), out)
            }
            "CONDITIONAL_AND" | "CONDITIONAL_OR" => self.short_circuit(n, out)?,
            "CONDITIONAL_EXPRESSION" => self.conditional(n, &ty, out)?,
            "METHOD_INVOCATION" => self.call(n, &ty, out)?,
            "NEW_CLASS" => self.new_object(n, &ty, out)?,
            "NEW_ARRAY" => self.new_array(n, &ty, out)?,
            "ARRAY_ACCESS" => self.array_read(n, &ty, out)?,
            "TYPE_CAST" => self.cast(n, &ty, out)?,
            "INSTANCE_OF" => self.instance_of(n, out)?,
            k if is_assignment(k) => self.assignment(n, out)?,
            "SWITCH_EXPRESSION" => self.switch_expr(n, &ty, out)?,
            "PLUS" if Self::is_string(&ty) => self.concat(n, out)?,
            "EQUAL_TO" | "NOT_EQUAL_TO" if self.compares_classes(n) => {
                self.class_comparison(n, node.k == "NOT_EQUAL_TO", out)?
            }
            k => match binary_op(k) {
                Some(op) => {
                    let a = self.expr(child(node.l), out)?;
                    let mut right = Block::new();
                    let b = self.expr(child(node.r), &mut right)?;
                    let a = self.unbox_left(op, a, &b.1, out);
                    out.extend(right);
                    let (a, b) = self.promote(op, a, b, out);
                    self.binary(op, a, b, &ty, out)
                }
                None => return Err(self.unsupported_kind(n)),
            },
        };
        Ok((op, ty))
    }

    /// The left operand of `a op b`, unboxed (its null check made) before the right one is
    /// evaluated, as javac compiles it, where promotion unboxes it (not for `==`/`!=` between
    /// two references).
    fn unbox_left(
        &mut self,
        op: BinOp,
        (a, ta): (Operand, Type),
        tb: &Type,
        out: &mut Block,
    ) -> (Operand, Type) {
        let reference_eq = matches!(op, BinOp::Eq | BinOp::Ne) && !is_primitive(tb);
        if box_of(&ta).is_none() || reference_eq {
            return (a, ta);
        }
        let prim = unboxed(&ta);
        (self.convert(a, &ta, &prim, out), prim)
    }

    /// The operands of `a op b` after binary numeric promotion (JLS 5.6.2): both to `long` if
    /// either is one, else to `int`; a shift promotes each operand on its own (JLS 15.19).
    fn promote(
        &mut self,
        op: BinOp,
        (a, ta): (Operand, Type),
        (b, tb): (Operand, Type),
        out: &mut Block,
    ) -> (Operand, Operand) {
        // Unboxing comes first (JLS 5.6), except for `==`/`!=` between two references.
        let both_refs = box_of(&ta).is_some() && !is_primitive(&tb)
            || box_of(&tb).is_some() && !is_primitive(&ta);
        let (a, ta, b, tb) = if both_refs && matches!(op, BinOp::Eq | BinOp::Ne) {
            (a, ta, b, tb)
        } else {
            let (pa, pb) = (unboxed(&ta), unboxed(&tb));
            let a = self.convert(a, &ta, &pa, out);
            let b = self.convert(b, &tb, &pb, out);
            (a, pa, b, pb)
        };
        let (Some(ka), Some(kb)) = (ta.int_kind(), tb.int_kind()) else {
            return (a, b);
        };
        if matches!(op, BinOp::Shl | BinOp::Shr | BinOp::UShr) {
            let (pa, pb) = (ka.promote(ka), kb.promote(kb));
            let a = self.convert(a, &ta, &Type::of_int(pa), out);
            let b = self.convert(b, &tb, &Type::of_int(pb), out);
            return (a, b);
        }
        let p = Type::of_int(ka.promote(kb));
        let a = self.convert(a, &ta, &p, out);
        let b = self.convert(b, &tb, &p, out);
        (a, b)
    }

    /// `a op b` into a temporary, after the implicit check a division makes (JLS 15.17.2: the
    /// divisor is checked once both operands are evaluated).
    fn binary(&mut self, op: BinOp, a: Operand, b: Operand, ty: &Type, out: &mut Block) -> Operand {
        if matches!(op, BinOp::Div | BinOp::Rem) {
            out.push(self.node(NodeKind::ZeroCheck(b.clone())));
        }
        self.let_temp(ty.clone(), Rvalue::Binary(op, a, b), out)
    }

    /// `switch (e) { case L -> v; … }` as a value: a variable each rule (or `yield`) assigns, in
    /// a block the rules leave; the statement it is part of then goes on.
    fn switch_expr(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let Some(sel) = node.expr else {
            return Err(self.cx.error(n, "malformed switch expression"));
        };
        let var = self.temp(ty.clone());
        self.vars[var.0 as usize].kind = VarKind::Local;
        out.push(self.node(NodeKind::Declare { var, init: None }));
        let end = self.label();
        self.yields.push((var, ty.clone(), end));
        let cases = node.cases.clone();
        let body = self.switch(sel, &cases, end, None, Some((var, ty)), out);
        self.yields.pop();
        out.push(self.node(NodeKind::Labeled {
            label: end,
            body: body?,
        }));
        out.push(self.node(NodeKind::Resume));
        Ok(Operand::Var(var))
    }

    /// Whether `n` is `System.out.print(…)`, `println(…)` (or `System.err`'s): printing changes no
    /// state the analysis sees (the JVM's output is captured apart), so only what evaluating its
    /// arguments does matters.
    fn is_print(&self, n: usize) -> bool {
        let node = self.cx.node(n);
        let Some(r) = &node.m else { return false };
        let stream = node
            .sel
            .and_then(|s| self.cx.node(s).expr)
            .map(|t| self.cx.node(self.strip_parens(t)));
        let system = stream.is_some_and(|t| {
            let sym = t.sym.as_ref();
            sym.is_some_and(|s| s.kind == "FIELD" && s.owner.as_deref() == Some("java.lang.System"))
                && matches!(t.name.as_deref(), Some("out" | "err"))
        });
        system && r.owner == "java.io.PrintStream" && matches!(r.name.as_str(), "print" | "println")
    }

    /// What printing `e` evaluates: a primitive value or an object reference as Java computes
    /// it (its effects and exceptions), nothing for a literal, both sides of a string `+`. The
    /// string itself is never built; an object whose class (or a subclass) overrides `toString`
    /// is refused, since printing it runs that code.
    fn printed(&mut self, e: usize, out: &mut Block) -> R<()> {
        let node = self.cx.node(e);
        let t = node.t.clone().unwrap_or_default();
        match node.k.as_str() {
            k if k.ends_with("_LITERAL") => Ok(()),
            "PARENTHESIZED" => node.expr.map_or(Ok(()), |x| deep(|| self.printed(x, out))),
            "PLUS" if t == "java.lang.String" => {
                for x in [node.l, node.r].into_iter().flatten() {
                    deep(|| self.printed(x, out))?;
                }
                Ok(())
            }
            _ if t == "java.lang.String" => {
                Err(self.cx.unsupported(e, "a String computed for printing"))
            }
            _ => {
                let ty = self.type_of(e)?;
                if let Type::Class(c) = &ty {
                    if self.decls.overrides_to_string(c) {
                        return Err(self.cx.unsupported(
                            e,
                            format!(
                                "printing a {c}, which runs a toString sattar does not analyse"
                            ),
                        ));
                    }
                }
                self.expr(e, out).map(|_| ())
            }
        }
    }

    /// The refusal of an expression kind sattar does not lower.
    fn unsupported_kind(&self, n: usize) -> sattar_diag::Diagnostic {
        self.cx.unsupported(n, pretty(&self.cx.node(n).k))
    }

    /// javac's compile-time constant value of `n`, if it has a supported one.
    fn constant(&self, n: usize, ty: &Type) -> Option<Literal> {
        match (self.cx.node(n).cv.as_ref()?, ty) {
            (serde_json::Value::Bool(b), Type::Boolean) => Some(Literal::Bool(*b)),
            (serde_json::Value::Number(x), t) => {
                let k = t.int_kind()?;
                x.as_i64()
                    .filter(|v| (k.min()..=k.max()).contains(v))
                    .map(|v| int_literal(k, v))
            }
            _ => None,
        }
    }

    /// A simple name: a local, a parameter, `this`, a field (of `this` or an enclosing instance),
    /// a static field or an enum constant.
    fn identifier(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        match node.name.as_deref() {
            Some("this") => return self.this(n),
            Some("super") => return Err(self.cx.unsupported(n, "`super` as a value")),
            _ => {}
        }
        let Some(sym) = &node.sym else {
            return Err(self.cx.error(n, "unresolved name"));
        };
        match sym.kind.as_str() {
            "LOCAL_VARIABLE" | "PARAMETER" | "BINDING_VARIABLE" => sym
                .decl
                .and_then(|d| self.locals.get(&d).copied())
                .map(Operand::Var)
                .ok_or_else(|| self.cx.error(n, format!("unknown variable `{}`", sym.name))),
            "ENUM_CONSTANT" => self.enum_constant(n),
            "FIELD" if sym.is_static => self.static_read(n, out),
            "FIELD" => {
                let owner = self.field_ref(n)?.class;
                let obj = self.enclosing_instance(n, &owner, out)?;
                self.field_read(n, obj, out)
            }
            "EXCEPTION_PARAMETER" => Err(self.cx.unsupported(
                n,
                "a caught exception used as a value (only `throw e;` rethrows it)",
            )),
            other => Err(self
                .cx
                .unsupported(n, format!("a reference to a {}", pretty(other)))),
        }
    }

    /// `this`, refused in a static method.
    fn this(&self, n: usize) -> R<Operand> {
        if self.header.is_static {
            return Err(self
                .cx
                .error(n, format!("`{}` used in a static method", self.cx.src(n))));
        }
        Ok(Operand::This)
    }

    /// The instance of `class` a member of it is used on: `this`, or the enclosing instance an
    /// inner class holds (`Outer.this`), one level after another.
    pub fn enclosing_instance(&mut self, n: usize, class: &str, out: &mut Block) -> R<Operand> {
        let mut op = self.this(n)?;
        let mut cur = self.class().to_string();
        while !self.decls.is_subclass(&cur, class) {
            let Some(outer) = self.decls.class(&cur).and_then(|c| c.outer.clone()) else {
                return Err(self
                    .cx
                    .error(n, format!("no enclosing instance of {class} here")));
            };
            let field = FieldRef {
                class: cur.clone(),
                name: outer.field,
            };
            op = self.let_temp(
                Type::Class(outer.class.clone()),
                Rvalue::Read { obj: op, field },
                out,
            );
            cur = outer.class;
        }
        Ok(op)
    }

    /// An enum constant: its environment object.
    fn enum_constant(&self, n: usize) -> R<Operand> {
        let Type::Class(class) = self.type_of(n)? else {
            return Err(self.cx.error(n, "an enum constant of no class"));
        };
        let name = self.cx.node(n).name.clone().unwrap_or_default();
        if let Some(d) = self
            .decls
            .class_decl(&class)
            .and_then(|d| d.unsupported.clone())
        {
            return Err(d);
        }
        Ok(Operand::Const(Literal::Constant(format!("{class}.{name}"))))
    }

    /// `a.f`, `C.f`, `C.CONST`, `Outer.this`.
    fn member_select(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let target = node.expr.unwrap_or(n);
        if node.name.as_deref() == Some("this") {
            let Type::Class(class) = self.type_of(n)? else {
                return Err(self.cx.error(n, "`this` of no class"));
            };
            return self.enclosing_instance(n, &class, out);
        }
        if node.name.as_deref() == Some(sattar_heap::ARRAY_LENGTH) {
            let target_ty = self.type_of(target)?;
            if Self::is_array(&target_ty) {
                let (arr, _) = self.expr(target, out)?;
                return Ok(self.array_length(arr, &target_ty, out));
            }
        }
        match node.sym.as_ref().map(|s| (s.kind.as_str(), s.is_static)) {
            Some(("ENUM_CONSTANT", _)) => self.enum_constant(n),
            Some(("FIELD", true)) => {
                if !self.names_class(target) {
                    return Err(self
                        .cx
                        .unsupported(n, "a static field read through an instance"));
                }
                self.static_read(n, out)
            }
            Some(("FIELD", false)) => {
                if self.cx.src(target) == "super" {
                    return Err(self.cx.unsupported(n, "`super` field access"));
                }
                let (obj, _) = self.expr(target, out)?;
                let recv_ty = self.type_of(target)?;
                self.fit(&obj, &recv_ty, out);
                self.field_read(n, obj, out)
            }
            _ => Err(self.cx.unsupported(
                n,
                format!("`{}` (not a field sattar models)", self.cx.src(n)),
            )),
        }
    }

    /// Whether expression node `t` names a class (`C` in `C.f`, `C.m()`).
    fn names_class(&self, t: usize) -> bool {
        self.cx
            .node(t)
            .sym
            .as_ref()
            .is_some_and(|s| s.bin.is_some())
    }

    /// The field named by node `n` (an IDENTIFIER or MEMBER_SELECT of an instance field).
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
        let owner = sym.owner.as_deref().unwrap_or("");
        let Some(class) = self.decls.names.get(owner).cloned() else {
            return Err(self.cx.unsupported(
                n,
                format!(
                    "field `{}` of `{}`, a class outside the program",
                    sym.name,
                    owner.replace('$', ".")
                ),
            ));
        };
        let known = self.decls.class(&class).is_some_and(|c| {
            let fields = if sym.is_static { &c.statics } else { &c.fields };
            fields.iter().any(|f| f.name == sym.name)
        });
        if !known {
            let erased = sym.vt.as_deref().unwrap_or("?").replace('$', ".");
            return Err(self
                .cx
                .unsupported(
                    n,
                    format!(
                        "field `{}` of type `{erased}`, a type sattar does not model",
                        sym.name
                    ),
                )
                .with_help("sattar models the integer types, boolean, Object and the classes of the program"));
        }
        if let Some(d) = self
            .decls
            .class_decl(&class)
            .and_then(|d| d.unsupported.clone())
        {
            return Err(d);
        }
        Ok(FieldRef {
            class,
            name: sym.name.clone(),
        })
    }

    /// `obj.f`: the null check, then the read (its erased type remembered for a later cast). A
    /// constant variable is not read: javac compiles `obj.f` as the null check and the constant.
    fn field_read(&mut self, n: usize, obj: Operand, out: &mut Block) -> R<Operand> {
        let field = self.field_ref(n)?;
        let ty = self.type_of(n)?;
        out.push(self.node(NodeKind::NullCheck(obj.clone())));
        let constant = self
            .decls
            .class_decl(&field.class)
            .and_then(|d| d.constants.get(&field.name));
        if let Some(k) = constant {
            return Ok(Operand::Const(k.clone()));
        }
        let t = self.let_temp(ty, Rvalue::Read { obj, field }, out);
        let declared = self.cx.node(n).sym.as_ref().and_then(|s| s.vt.clone());
        self.remember_runtime(&t, declared.as_deref());
        Ok(t)
    }

    /// Records a temporary's erased value type when it is wider than javac's type for it.
    fn remember_runtime(&mut self, t: &Operand, declared: Option<&str>) {
        let (Operand::Var(v), Some(d)) = (t, declared) else {
            return;
        };
        if let Some(Type::Class(rt)) = self.decls.ty(d) {
            let static_ty = self.vars[v.0 as usize].ty.clone();
            if let Type::Class(st) = static_ty {
                if rt != st && !self.decls.is_subclass(&rt, &st) {
                    self.runtime.insert(*v, Type::Class(rt));
                }
            }
        }
    }

    /// A static field's value (a model's constant object: its environment object).
    fn static_read(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let field = self.field_ref(n)?;
        if let Some(id) = crate::library::model_constant(&field.class, &field.name) {
            return Ok(Operand::Const(Literal::Constant(id)));
        }
        let ty = self.type_of(n)?;
        Ok(self.let_temp(ty, Rvalue::ReadStatic(field), out))
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
        let then_v = self.typed(t, ty, &mut then_b)?;
        let mut else_b = Vec::new();
        let else_v = self.typed(e, ty, &mut else_b)?;
        let value = Rvalue::Cond {
            cond,
            then_b,
            then_v,
            else_b,
            else_v,
        };
        Ok(self.let_temp(ty.clone(), value, out))
    }

    /// The method a call or `new` resolved to: a program method, or a library method sattar
    /// registers (with its model, if it has one).
    fn resolve_method(&self, r: &MethodRef, site: usize) -> MethodId {
        let found = self
            .decls
            .method(r)
            .or_else(|| self.decls.model_to_string(r))
            .or_else(|| self.decls.jdk_alias(r));
        found.unwrap_or_else(|| {
            let owner = r.owner.replace('$', ".");
            let why = self
                .cx
                .unsupported(site, format!("a call of `{owner}.{}` (a JDK method sattar does not model)", r.name))
                .with_help("sattar models the program's own classes, java.util's lists, queues, stacks, maps and sets, a seeded Random, String and StringBuilder, each with the methods docs/JAVA.md lists and a few JDK methods (Object.equals, Comparable.compareTo of the program's classes, Math.max/min/abs (int, long), Math.floorMod, Integer.compare/hashCode/signum, Long.compare/hashCode, Character.isDigit/isLetter/isLetterOrDigit/isWhitespace/isSpaceChar/isUpperCase/isLowerCase/toUpperCase/toLowerCase (char), Character.digit(char, int), Integer.parseInt/valueOf and Long.parseLong/valueOf of a String, Integer/Long/Character/Boolean.toString of a primitive, Objects.requireNonNull/isNull/nonNull, System.arraycopy, Arrays.fill/copyOf)");
            self.decls.library_method(r, why)
        })
    }

    /// The arguments of call or `new` node `n` for method `m`, each fit to its parameter type.
    pub fn call_args(&mut self, n: usize, m: MethodId, out: &mut Block) -> R<Vec<Operand>> {
        let params: Vec<Type> = self
            .decls
            .header(m)
            .params
            .iter()
            .map(|(p, _)| p.ty.clone())
            .collect();
        // A method's arguments are cast to the erasure of its parameter types as instantiated at
        // the call (javac's TransTypes), a constructor's to its declared ones.
        let node = self.cx.node(n);
        let instantiated = |i: usize| {
            let t = node.iparams.get(i).and_then(|t| self.decls.ty(t));
            t.filter(|t| matches!(t, Type::Class(_)))
        };
        let mut args = Vec::new();
        for (i, (&a, declared)) in node.args.iter().zip(&params).enumerate() {
            let want = instantiated(i).unwrap_or_else(|| declared.clone());
            args.push(self.typed(a, &want, out)?);
        }
        Ok(args)
    }

    /// A call: receiver, arguments, the receiver's null check, the call.
    fn call(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let sel = node.sel.unwrap_or(n);
        let r = node.m.clone().unwrap_or_default();
        if self.is_print(n) {
            for &a in &node.args.clone() {
                self.printed(a, out)?;
            }
            return Ok(Operand::Const(Literal::Null));
        }
        if r.owner == "java.lang.Enum" && r.name == "ordinal" {
            return self.ordinal(n, sel, out);
        }
        if let Some(lowered) = self.array_library(n, &r, out) {
            return lowered;
        }
        if let Some(parse) = self.decls.boxed_parse(&r) {
            return self.boxed_parse(n, &r.owner, parse, out);
        }
        let method = self.resolve_method(&r, n);
        let sel_node = self.cx.node(sel);
        let target = sel_node.expr;
        let is_super = target.is_some_and(|t| self.cx.node(t).name.as_deref() == Some("super"));
        let recv = if r.is_static {
            // JLS 15.12.4.1: an expression before a static method's name is evaluated and its
            // value discarded (no null check).
            if let Some(t) = target.filter(|&t| !self.names_class(t)) {
                self.expr(t, out)?;
            }
            None
        } else if is_super {
            Some(self.this(n)?)
        } else {
            match target {
                None => {
                    let owner = self.decls.names.get(&r.owner).cloned();
                    Some(match owner {
                        Some(o) => self.enclosing_instance(n, &o, out)?,
                        None => self.this(n)?,
                    })
                }
                Some(t) => {
                    let (recv, _) = self.expr(t, out)?;
                    let recv_ty = self.type_of(t)?;
                    self.fit(&recv, &recv_ty, out);
                    Some(recv)
                }
            }
        };
        let args = self.call_args(n, method, out)?;
        if let Some(rv) = &recv {
            out.push(self.node(NodeKind::NullCheck(rv.clone())));
        }
        let virtual_call = !r.is_static && !r.is_private && !is_super;
        let value = Rvalue::Call {
            method,
            recv,
            args,
            virtual_call,
        };
        let t = self.let_temp(ty.clone(), value, out);
        self.remember_runtime(&t, Some(&r.ret));
        Ok(t)
    }

    /// `Integer.valueOf(s)` and its kin (call `n` on box class `owner`): the String model's
    /// `parse`, boxed as `valueOf` of the primitive boxes it (the cache included).
    fn boxed_parse(
        &mut self,
        n: usize,
        owner: &str,
        parse: MethodId,
        out: &mut Block,
    ) -> R<Operand> {
        let Some(b) = BoxClass::named(&owner.replace('$', ".")) else {
            return Err(self
                .cx
                .error(n, "valueOf of a String on a class that is not a box"));
        };
        let args = self.call_args(n, parse, out)?;
        let call = Rvalue::Call {
            method: parse,
            recv: None,
            args,
            virtual_call: false,
        };
        let v = self.let_temp(primitive_of(b), call, out);
        self.decls.ty(b.class);
        let boxed = Rvalue::Box {
            class: b.class.into(),
            op: v,
        };
        Ok(self.let_temp(Type::Class(b.class.into()), boxed, out))
    }

    /// `e.ordinal()` of an enum constant: its ordinal field (`Enum.ordinal()` is final).
    fn ordinal(&mut self, n: usize, sel: usize, out: &mut Block) -> R<Operand> {
        let target = self.cx.node(sel).expr;
        let (recv, class) = match target {
            Some(t) => {
                let (op, ty) = self.expr(t, out)?;
                (op, ty)
            }
            None => (self.this(n)?, Type::Class(self.class().to_string())),
        };
        let Type::Class(class) = class else {
            return Err(self.cx.error(n, "ordinal() of a value that is not an enum"));
        };
        out.push(self.node(NodeKind::NullCheck(recv.clone())));
        let field = FieldRef {
            class,
            name: ORDINAL.into(),
        };
        Ok(self.let_temp(Type::Int, Rvalue::Read { obj: recv, field }, out))
    }

    /// `new C(args)` of a class of the program (an inner class gets its enclosing instance).
    fn new_object(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        if let Some(b) = node.body {
            return Err(self.cx.unsupported(b, "anonymous class"));
        }
        let Type::Class(class) = ty.clone() else {
            return Err(self.cx.error(n, "`new` needs a class"));
        };
        let Some(c) = self.decls.class(&class).cloned() else {
            return Err(self.cx.unsupported(
                n,
                format!("`new` of `{class}`, a class outside the program"),
            ));
        };
        if c.is_exception {
            return Err(self
                .cx
                .unsupported(n, "creating an exception object outside `throw`"));
        }
        if let Some(d) = self
            .decls
            .class_decl(&class)
            .and_then(|d| d.unsupported.clone())
        {
            return Err(d);
        }
        let outer = match (&c.outer, node.encl) {
            (None, _) => None,
            (Some(_), Some(e)) => {
                let (op, _) = self.expr(e, out)?;
                out.push(self.node(NodeKind::NullCheck(op.clone())));
                Some(op)
            }
            (Some(o), None) => Some(self.enclosing_instance(n, &o.class, out)?),
        };
        let r = node.m.clone().unwrap_or_default();
        let ctor = self.decls.method(&r).or_else(|| {
            self.default_constructor(&class)
                .filter(|_| r.params.is_empty())
        });
        let args = match ctor {
            Some(m) => self.call_args(n, m, out)?,
            None => Vec::new(),
        };
        Ok(self.let_temp(
            ty.clone(),
            Rvalue::New {
                class,
                ctor,
                args,
                outer,
            },
            out,
        ))
    }

    /// `(C) e`: a check unless `e` is statically a `C`; `(int) e` of an int.
    fn cast(&mut self, n: usize, ty: &Type, out: &mut Block) -> R<Operand> {
        let inner = self.cx.node(n).expr.unwrap_or(n);
        let (op, from) = self.expr(inner, out)?;
        match (ty, &from) {
            (Type::Class(to), Type::Class(f)) => {
                if !self.decls.is_subclass(f, to) || self.runtime.contains_key(&var_of(&op)) {
                    out.push(self.node(NodeKind::CheckCast {
                        op: op.clone(),
                        class: to.clone(),
                    }));
                }
                Ok(op)
            }
            (Type::Class(_), Type::Null) => Ok(op),
            (a, b) if a == b => Ok(op),
            (to, from) if to.int_kind().is_some() && from.int_kind().is_some() => {
                Ok(self.convert(op, from, to, out))
            }
            _ => Err(self
                .cx
                .unsupported(n, format!("a cast from {from} to {ty}"))),
        }
    }

    /// The receiver of `e` if `e` is `r.getClass()` (`None` for an implicit `this`).
    fn get_class_of(&self, e: usize) -> Option<Option<usize>> {
        let n = self.cx.node(self.strip_parens(e));
        let r = n.m.as_ref()?;
        let is = n.k == "METHOD_INVOCATION"
            && r.owner == OBJECT
            && r.name == "getClass"
            && n.args.is_empty();
        is.then(|| n.sel.and_then(|s| self.cx.node(s).expr))
    }

    /// Whether `n` is `a.getClass() == b.getClass()` (or `!=`).
    fn compares_classes(&self, n: usize) -> bool {
        let node = self.cx.node(n);
        [node.l, node.r]
            .iter()
            .all(|x| x.is_some_and(|x| self.get_class_of(x).is_some()))
    }

    /// `a.getClass() == b.getClass()` (`negate`: `!=`), the `equals` idiom: each receiver
    /// evaluated and null-checked in order, then "the same runtime class" as "an instance of
    /// the same classes" over the classes below the narrower static type — two objects of
    /// different classes C, D differ on C or on D. That type must be a class of the program, so
    /// that every class below it is one too (no box, array or JDK class can be).
    fn class_comparison(&mut self, n: usize, negate: bool, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let mut refs = Vec::new();
        for side in [node.l, node.r].into_iter().flatten() {
            let recv = self.get_class_of(side).flatten();
            let (op, ty) = match recv {
                Some(r) => self.expr(r, out)?,
                None => (self.this(side)?, Type::Class(self.header.class.clone())),
            };
            out.push(self.node(NodeKind::NullCheck(op.clone())));
            refs.push((op, ty));
        }
        let [(a, ta), (b, tb)] = &refs[..] else {
            return Err(self.cx.error(n, "malformed comparison"));
        };
        let narrower = match (ta, tb) {
            (Type::Class(x), Type::Class(y)) if self.decls.is_subclass(y, x) => y,
            (Type::Class(x), _) => x,
            _ => "",
        };
        if self.decls.class(narrower).is_none() {
            return Err(self.cx.unsupported(
                n,
                "comparing getClass() of references none of whose types is a class of the program",
            ));
        }
        let below: Vec<String> = self
            .decls
            .classes
            .iter()
            .filter(|c| self.decls.is_subclass(&c.name, narrower))
            .map(|c| c.name.clone())
            .collect();
        let mut same = Operand::Const(Literal::Bool(true));
        for class in below {
            let [ia, ib] = [a, b].map(|op| {
                let test = Rvalue::InstanceOf {
                    op: op.clone(),
                    class: class.clone(),
                };
                self.let_temp(Type::Boolean, test, out)
            });
            let agree = self.let_temp(Type::Boolean, Rvalue::Binary(BinOp::Eq, ia, ib), out);
            same = self.let_temp(
                Type::Boolean,
                Rvalue::Binary(BinOp::BitAnd, same, agree),
                out,
            );
        }
        if negate {
            same = self.let_temp(Type::Boolean, Rvalue::Unary(UnOp::Not, same), out);
        }
        Ok(same)
    }

    /// `e instanceof C` (and `e instanceof C x`, binding `x` to `e`).
    fn instance_of(&mut self, n: usize, out: &mut Block) -> R<Operand> {
        let node = self.cx.node(n);
        let (op, _) = self.expr(node.expr.unwrap_or(n), out)?;
        let erased = node.tt.clone().unwrap_or_default();
        let Some(Type::Class(class)) = self.decls.ty(&erased) else {
            return Err(unsupported_type(self.cx, n, &erased));
        };
        let test = self.let_temp(
            Type::Boolean,
            Rvalue::InstanceOf {
                op: op.clone(),
                class: class.clone(),
            },
            out,
        );
        if let Some(b) = node.bind {
            let name = self.cx.node(b).name.clone().unwrap_or_default();
            let var = self.new_var(&name, Type::Class(class), VarKind::Local);
            self.locals.insert(b, var);
            out.push(self.node(NodeKind::Declare {
                var,
                init: Some(op),
            }));
        }
        Ok(test)
    }

    /// An assignment (`=`, `op=`, `++`, `--`), in a statement or inside an expression: its value
    /// as Java defines it (the new value; the old one for a postfix `++`/`--`).
    pub fn assignment(&mut self, e: usize, out: &mut Block) -> R<Operand> {
        let postfix = matches!(
            self.cx.node(e).k.as_str(),
            "POSTFIX_INCREMENT" | "POSTFIX_DECREMENT"
        );
        let (old, new) = self.assign(e, out)?;
        Ok(match (postfix, old) {
            (true, Some(old)) => old,
            _ => new,
        })
    }

    /// The assignment `e`: its old value (for an operator assignment) and the value stored,
    /// each a temporary or constant that later code cannot change.
    fn assign(&mut self, e: usize, out: &mut Block) -> R<(Option<Operand>, Operand)> {
        let node = self.cx.node(e);
        let target = node.var.or(node.expr).unwrap_or(e);
        let target = self.strip_parens(target);
        let (op, rhs) = match node.k.as_str() {
            "ASSIGNMENT" => (None, node.expr),
            "PREFIX_INCREMENT" | "POSTFIX_INCREMENT" => (Some(BinOp::Add), None),
            "PREFIX_DECREMENT" | "POSTFIX_DECREMENT" => (Some(BinOp::Sub), None),
            k => match k.strip_suffix("_ASSIGNMENT").and_then(binary_op) {
                Some(op) => (Some(op), node.expr),
                None => return Err(self.unsupported_kind(e)),
            },
        };
        let tnode = self.cx.node(target);
        let ty = self.type_of(target)?;
        let bitwise = matches!(op, Some(BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor));
        let prim = unboxed(&ty);
        let concat = op == Some(BinOp::Add) && Self::is_string(&ty);
        if op.is_some()
            && prim.int_kind().is_none()
            && !(bitwise && prim == Type::Boolean)
            && !concat
        {
            return Err(self.cx.error(
                e,
                format!("compound assignment needs an integer target, found {ty}"),
            ));
        }
        let value = |lw: &mut Self, out: &mut Block| -> R<(Operand, Type)> {
            match (rhs, op) {
                (Some(r), None) => Ok((lw.typed(r, &ty, out)?, ty.clone())),
                (Some(r), Some(_)) => lw.expr(r, out),
                (None, _) => Ok((Operand::Const(Literal::Int(1)), Type::Int)),
            }
        };
        let sym = tnode.sym.clone().unwrap_or_default();
        match (tnode.k.as_str(), sym.kind.as_str(), sym.is_static) {
            ("IDENTIFIER", "LOCAL_VARIABLE" | "PARAMETER" | "BINDING_VARIABLE", _) => {
                let Some(var) = sym.decl.and_then(|d| self.locals.get(&d).copied()) else {
                    return Err(self.cx.error(target, "unknown variable"));
                };
                let (old, new) = match op {
                    None => (None, value(self, out)?.0),
                    Some(op) => {
                        let old = self.let_temp(ty.clone(), Rvalue::Use(Operand::Var(var)), out);
                        let new = self.operate(op, old.clone(), &ty, value, (e, out))?;
                        (Some(old), new)
                    }
                };
                let new = self.snapshot(new, &ty, out);
                out.push(self.node(NodeKind::Assign {
                    var,
                    value: new.clone(),
                }));
                Ok((old, new))
            }
            (_, "FIELD", true) => {
                if tnode.k == "MEMBER_SELECT" && !tnode.expr.is_some_and(|t| self.names_class(t)) {
                    return Err(self
                        .cx
                        .unsupported(target, "a static field written through an instance"));
                }
                let field = self.field_ref(target)?;
                let (old, new) = match op {
                    None => (None, value(self, out)?.0),
                    Some(op) => {
                        let old = self.let_temp(ty.clone(), Rvalue::ReadStatic(field.clone()), out);
                        let new = self.operate(op, old.clone(), &ty, value, (e, out))?;
                        (Some(old), new)
                    }
                };
                let new = self.snapshot(new, &ty, out);
                out.push(self.node(NodeKind::StoreStatic {
                    field,
                    value: new.clone(),
                }));
                Ok((old, new))
            }
            (k @ ("IDENTIFIER" | "MEMBER_SELECT"), "FIELD", false) => {
                let field = self.field_ref(target)?;
                let obj = if k == "IDENTIFIER" {
                    self.enclosing_instance(target, &field.class, out)?
                } else {
                    let o = tnode.expr.unwrap_or(target);
                    if self.cx.src(o) == "super" {
                        return Err(self.cx.unsupported(target, "`super` field access"));
                    }
                    let (obj, _) = self.expr(o, out)?;
                    let recv_ty = self.type_of(o)?;
                    self.fit(&obj, &recv_ty, out);
                    obj
                };
                self.store(obj, field, op, &ty, value, (e, out))
            }
            ("ARRAY_ACCESS", _, _) => self.array_store(target, op, &ty, value, out),
            _ => Err(self
                .cx
                .unsupported(target, format!("assignment to {}", pretty(&tnode.k)))),
        }
    }

    /// `obj.f = v` or `obj.f op= v`, in JLS 15.26 order: the old value (an operator assignment)
    /// and the value stored.
    fn store(
        &mut self,
        obj: Operand,
        field: FieldRef,
        op: Option<BinOp>,
        ty: &Type,
        value: impl Fn(&mut Self, &mut Block) -> R<(Operand, Type)>,
        (site, out): (usize, &mut Block),
    ) -> R<(Option<Operand>, Operand)> {
        let (old, new) = match op {
            None => {
                let v = value(self, out)?.0;
                let v = self.snapshot(v, ty, out);
                out.push(self.node(NodeKind::NullCheck(obj.clone())));
                (None, v)
            }
            Some(op) => {
                out.push(self.node(NodeKind::NullCheck(obj.clone())));
                let read = Rvalue::Read {
                    obj: obj.clone(),
                    field: field.clone(),
                };
                let old = self.let_temp(ty.clone(), read, out);
                let new = self.operate(op, old.clone(), ty, value, (site, out))?;
                (Some(old), new)
            }
        };
        out.push(self.node(NodeKind::Store {
            obj,
            field,
            value: new.clone(),
        }));
        Ok((old, new))
    }

    /// The value `old op= value` stores, in javac's order: a boxed target's old value is
    /// unboxed (its null check made) before the right-hand side is evaluated.
    pub(crate) fn operate(
        &mut self,
        op: BinOp,
        old: Operand,
        ty: &Type,
        value: impl Fn(&mut Self, &mut Block) -> R<(Operand, Type)>,
        (site, out): (usize, &mut Block),
    ) -> R<Operand> {
        match box_of(ty) {
            Some(b) => {
                let prim = primitive_of(b);
                let old = self.convert(old, ty, &prim, out);
                let v = value(self, out)?;
                let r = self.compound(op, old, v, &prim, site, out)?;
                Ok(self.convert(r, &prim, ty, out))
            }
            None => {
                let v = value(self, out)?;
                self.compound(op, old, v, ty, site, out)
            }
        }
    }

    /// The value `old op= v` stores in a target of type `ty` (JLS 15.26.2): `(T) (old op v)`,
    /// computed in the promoted type and narrowed back; `s += v` on a String concatenates.
    pub(crate) fn compound(
        &mut self,
        op: BinOp,
        old: Operand,
        (v, tv): (Operand, Type),
        ty: &Type,
        site: usize,
        out: &mut Block,
    ) -> R<Operand> {
        if op == BinOp::Add && Self::is_string(ty) {
            return self.concat_assign(old, (v, tv), site, out);
        }
        let Some(k) = ty.int_kind() else {
            return Ok(self.binary(op, old, v, ty, out));
        };
        let p = match (op, tv.int_kind()) {
            (BinOp::Shl | BinOp::Shr | BinOp::UShr, _) | (_, None) => k.promote(k),
            (_, Some(kv)) => k.promote(kv),
        };
        let (a, b) = self.promote(op, (old, ty.clone()), (v, tv), out);
        let r = self.binary(op, a, b, &Type::of_int(p), out);
        Ok(self.convert(r, &Type::of_int(p), ty, out))
    }

    /// `v` as an operand later code cannot change: a local's current value is copied into a
    /// temporary (the expression `x = y` is `y` as it was when assigned).
    pub(crate) fn snapshot(&mut self, v: Operand, ty: &Type, out: &mut Block) -> Operand {
        match v {
            Operand::Var(x) if self.vars[x.0 as usize].kind != VarKind::Temp => {
                self.let_temp(ty.clone(), Rvalue::Use(Operand::Var(x)), out)
            }
            other => other,
        }
    }

    pub(crate) fn strip_parens(&self, mut n: usize) -> usize {
        while self.cx.node(n).k == "PARENTHESIZED" {
            match self.cx.node(n).expr {
                Some(e) => n = e,
                None => break,
            }
        }
        n
    }
}

/// The constant `v` of integer type `k`, converted to it.
pub(crate) fn int_literal(k: IntKind, v: i64) -> Literal {
    match k {
        IntKind::Long => Literal::Long(v),
        // In range after wrapping.
        k => Literal::Int(i32::try_from(k.wrap(v)).unwrap_or_default()),
    }
}

/// The variable of an operand (or an impossible one).
fn var_of(op: &Operand) -> VarId {
    match op {
        Operand::Var(v) => *v,
        _ => VarId(u32::MAX),
    }
}

/// Whether javac's kind is an assignment, compound assignment, `++` or `--`.
fn is_assignment(kind: &str) -> bool {
    kind == "ASSIGNMENT"
        || kind.ends_with("_ASSIGNMENT")
        || kind.ends_with("_INCREMENT")
        || kind.ends_with("_DECREMENT")
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
        "DIVIDE" => BinOp::Div,
        "REMAINDER" => BinOp::Rem,
        "AND" => BinOp::BitAnd,
        "OR" => BinOp::BitOr,
        "XOR" => BinOp::BitXor,
        "LEFT_SHIFT" => BinOp::Shl,
        "RIGHT_SHIFT" => BinOp::Shr,
        "UNSIGNED_RIGHT_SHIFT" => BinOp::UShr,
        _ => return None,
    })
}

/// The box class of a type, if it is one.
pub(crate) fn box_of(t: &Type) -> Option<&'static BoxClass> {
    match t {
        Type::Class(c) => BoxClass::named(c),
        _ => None,
    }
}

/// The primitive type a box holds.
pub(crate) fn primitive_of(b: &BoxClass) -> Type {
    b.kind.map_or(Type::Boolean, Type::of_int)
}

/// A box's primitive type; any other type as it is.
pub(crate) fn unboxed(t: &Type) -> Type {
    box_of(t).map_or_else(|| t.clone(), primitive_of)
}

/// Whether `t` is a primitive type (an integer type or `boolean`).
pub(crate) fn is_primitive(t: &Type) -> bool {
    t.int_kind().is_some() || *t == Type::Boolean
}
