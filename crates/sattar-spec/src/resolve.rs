//! Name resolution and type checking: surface syntax to [`crate::resolved`].

use crate::ast::{self, BinOp, CmpOp, Node, NodeKind, Quant, RelKind, Span, UnOp};
use crate::resolved::{
    ConstraintKind, FieldRef, Formula, IntCmp, IntExpr, NamedFormula, Rel, ResolvedMethod, SetExpr,
    SetType, State, Var,
};
use crate::spec::{Constraint, EnsuresItem, MethodSpec, Spec};
use sattar_diag::Diagnostic;
use sattar_heap::{FieldType, IntKind, MethodSig, Schema};
use std::collections::BTreeSet;

mod containers;

type RResult<T> = Result<T, Diagnostic>;

/// A resolved expression: a set, or an integer computed by arithmetic.
#[derive(Clone, Debug)]
enum Term {
    Set(SetExpr),
    Int(IntExpr),
}

/// What a name in scope stands for.
#[derive(Clone, Debug)]
enum Binding {
    Var(Var),
    Arg(Term),
}

/// Where a formula sits: what it may mention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Where {
    Invariant,
    Requires,
    Ensures,
}

struct Resolver<'a> {
    schema: &'a Schema,
    sig: &'a MethodSig,
    spec: &'a Spec,
    place: Where,
    state: State,
    scopes: Vec<(String, Binding)>,
    preds: Vec<String>,
    next_var: u32,
    /// Map lookups of one key: at most one value each (see [`is_scalar`]).
    functions: Vec<SetExpr>,
}

/// Resolves and type-checks the spec of `sig` against `schema`, choosing ensures set `set`.
pub fn resolve(
    spec: &Spec,
    schema: &Schema,
    sig: &MethodSig,
    set: Option<&str>,
) -> RResult<ResolvedMethod> {
    spec.validate()?;
    check_class(spec, schema, sig)?;
    // A constructor (`<init>`) is specified under its class's simple name, as Java writes it.
    let ctor = (sig.name == "<init>").then(|| sig.class.rsplit('.').next().unwrap_or(&sig.class));
    let method = spec.method(ctor.unwrap_or(&sig.name));
    if let Some(m) = method {
        check_params(m, schema, sig)?;
    }
    let chosen = choose_set(spec, method, set, sig)?;
    let mut r = Resolver {
        schema,
        sig,
        spec,
        place: Where::Invariant,
        state: State::Pre,
        scopes: Vec::new(),
        preds: Vec::new(),
        next_var: 0,
        functions: Vec::new(),
    };
    let mut constraints = Vec::new();
    // A static method has no receiver; a constructor's receiver is not yet an object the
    // invariants describe (they hold after it: `ensures invariant`).
    if !sig.is_static && ctor.is_none() {
        for c in &spec.invariants {
            constraints.push(r.named(
                c,
                ConstraintKind::Invariant,
                Where::Invariant,
                State::Pre,
            )?);
        }
    }
    if let Some(m) = method {
        for c in &m.requires {
            constraints.push(r.named(c, ConstraintKind::Requires, Where::Requires, State::Pre)?);
        }
        for (s, item) in &m.ensures {
            let in_set = s.is_none() || s.as_ref().map(|(n, _)| n.as_str()) == chosen.as_deref();
            if in_set {
                r.ensures_item(item, &mut constraints)?;
            }
        }
    }
    Ok(ResolvedMethod {
        sig: sig.clone(),
        ensures_set: chosen,
        constraints,
    })
}

fn check_class(spec: &Spec, schema: &Schema, sig: &MethodSig) -> RResult<()> {
    let Some((name, span)) = &spec.class else {
        return Ok(());
    };
    let class = resolve_class(schema, name, span)?;
    if class != sig.class {
        return Err(span.error(format!(
            "this spec is for class `{class}`, but method `{}` belongs to `{}`",
            sig.name, sig.class
        )));
    }
    Ok(())
}

fn resolve_class<'s>(schema: &'s Schema, name: &str, span: &Span) -> RResult<&'s str> {
    schema.resolve_class(name).map_err(|candidates| {
        let d = span.error(format!("unknown class `{name}`"));
        if candidates.is_empty() {
            let all: Vec<&str> = schema.classes.keys().map(String::as_str).collect();
            d.with_help(format!("classes: {}", all.join(", ")))
        } else {
            d.with_help(format!("ambiguous; write one of {}", candidates.join(", ")))
        }
    })
}

fn param_type(schema: &Schema, ty: &str, span: &Span) -> RResult<FieldType> {
    match ty {
        "boolean" => Ok(FieldType::Bool),
        t => match IntKind::named(t) {
            Some(k) => Ok(FieldType::of_int(k)),
            None => Ok(FieldType::Ref(resolve_class(schema, ty, span)?.to_string())),
        },
    }
}

fn check_params(m: &MethodSpec, schema: &Schema, sig: &MethodSig) -> RResult<()> {
    let Some(params) = &m.params else {
        return Ok(());
    };
    let java: Vec<String> = sig
        .params
        .iter()
        .map(|(n, t)| format!("{n}: {t}"))
        .collect();
    let help = format!("the Java method takes ({})", java.join(", "));
    if params.len() != sig.params.len() {
        return Err(m
            .span
            .error(format!(
                "method `{}` has {} parameter(s) here but {} in Java",
                m.name,
                params.len(),
                sig.params.len()
            ))
            .with_help(help));
    }
    for (p, (name, ty)) in params.iter().zip(&sig.params) {
        // A JDK type (`Object`, `Comparable`, erased generics) is written by its name.
        let jdk = matches!(ty, FieldType::Ref(c) if !schema.classes.contains_key(c)
            && (c == &p.ty || c.rsplit('.').next() == Some(p.ty.as_str())));
        let pty = if jdk {
            ty.clone()
        } else {
            param_type(schema, &p.ty, &p.span)?
        };
        if &p.name != name || &pty != ty {
            return Err(p
                .span
                .error(format!(
                    "parameter `{}: {}` does not match Java",
                    p.name, p.ty
                ))
                .with_help(help));
        }
    }
    Ok(())
}

fn choose_set(
    spec: &Spec,
    method: Option<&MethodSpec>,
    set: Option<&str>,
    sig: &MethodSig,
) -> RResult<Option<String>> {
    let sets = method.map(MethodSpec::ensures_sets).unwrap_or_default();
    let listing = format!("ensures sets of `{}`: {}", sig.name, sets.join(", "));
    match (method, set) {
        (None, None) => Ok(None),
        (Some(_), None) if sets.is_empty() => Ok(None),
        // One set: nothing to choose.
        (Some(_), None) if sets.len() == 1 => Ok(sets.into_iter().next()),
        (_, Some(s)) if sets.iter().any(|x| x == s) => Ok(Some(s.to_string())),
        (Some(m), None) => Err(m
            .span
            .error(format!(
                "method `{}` has several ensures sets: choose one",
                m.name
            ))
            .with_help(listing)),
        (Some(m), Some(s)) => Err(m
            .span
            .error(format!("method `{}` has no ensures set `{s}`", m.name))
            .with_help(if sets.is_empty() {
                "it has no ensures sets".to_string()
            } else {
                listing
            })),
        (None, Some(s)) => Err(unknown_set(s, sig, spec)),
    }
}

fn unknown_set(s: &str, sig: &MethodSig, spec: &Spec) -> Diagnostic {
    let message = format!("method `{}` has no spec, so no ensures set `{s}`", sig.name);
    if let Some((_, span)) = &spec.class {
        return span.error(message);
    }
    Diagnostic::new(
        "<spec>",
        "",
        sattar_diag::Pos { line: 1, col: 1 },
        1,
        "error",
        message,
    )
}

impl Resolver<'_> {
    fn named(
        &mut self,
        c: &Constraint,
        kind: ConstraintKind,
        place: Where,
        state: State,
    ) -> RResult<NamedFormula> {
        self.place = place;
        self.state = state;
        let formula = self.formula(&c.body)?;
        Ok(NamedFormula {
            name: c.name.clone(),
            kind,
            formula,
            span: c.name_span.clone(),
        })
    }

    fn ensures_item(&mut self, item: &EnsuresItem, out: &mut Vec<NamedFormula>) -> RResult<()> {
        match item {
            EnsuresItem::Formula(c) => {
                out.push(self.named(c, ConstraintKind::Ensures, Where::Ensures, State::Pre)?);
            }
            EnsuresItem::Invariants(span) => {
                if self.sig.is_static {
                    return Err(span.error("`invariant` in the spec of a static method"));
                }
                for c in &self.spec.invariants {
                    out.push(self.named(
                        c,
                        ConstraintKind::Ensures,
                        Where::Invariant,
                        State::Post,
                    )?);
                }
            }
        }
        Ok(())
    }

    // ---- formulas -------------------------------------------------------------------------

    fn formula(&mut self, n: &Node) -> RResult<Formula> {
        let b = |f: Formula| Box::new(f);
        Ok(match &n.kind {
            NodeKind::Bool(v) => Formula::Const(*v),
            NodeKind::Unary(UnOp::Not, f) => Formula::Not(b(self.formula(f)?)),
            NodeKind::Binary(BinOp::And, l, r) => {
                Formula::And(b(self.formula(l)?), b(self.formula(r)?))
            }
            NodeKind::Binary(BinOp::Or, l, r) => {
                Formula::Or(b(self.formula(l)?), b(self.formula(r)?))
            }
            NodeKind::Binary(BinOp::Iff, l, r) => {
                Formula::Iff(b(self.formula(l)?), b(self.formula(r)?))
            }
            NodeKind::Implies(c, t, None) => {
                Formula::Implies(b(self.formula(c)?), b(self.formula(t)?))
            }
            NodeKind::Implies(c, t, Some(e)) => Formula::IfElse(
                b(self.formula(c)?),
                b(self.formula(t)?),
                b(self.formula(e)?),
            ),
            NodeKind::Binary(BinOp::Cmp(op), l, r) => self.compare(*op, l, r)?,
            NodeKind::Mult(q, e) => Formula::Mult(*q, self.set(e)?),
            NodeKind::Quant(q, vars, bound, body) => self.quant(*q, vars, bound, body)?,
            NodeKind::Call(name, args) => self.call(n, name, args)?,
            NodeKind::Prime(inner) => self.primed(&n.span, |r| r.formula(inner))?,
            _ => return Err(self.not_a_formula(n)),
        })
    }

    fn not_a_formula(&mut self, n: &Node) -> Diagnostic {
        let d = n.span.error("expected a formula, found an expression");
        match self.term(n) {
            Ok(t) if matches!(self.term_type(&t), SetType::Bool) => {
                d.with_help("compare the boolean with `= true` or `= false`")
            }
            _ => d.with_help("use a comparison (`in`, `=`, `<`, ...) or `some`/`no`/`one`/`lone`"),
        }
    }

    fn primed<T>(&mut self, span: &Span, f: impl FnOnce(&mut Self) -> RResult<T>) -> RResult<T> {
        if self.place != Where::Ensures {
            return Err(span
                .error("a prime (') is only allowed in an `ensures` clause")
                .with_help("invariants and `requires` talk about the pre-state only"));
        }
        let saved = self.state;
        self.state = State::Post;
        let r = f(self);
        self.state = saved;
        r
    }

    fn compare(&mut self, op: CmpOp, l: &Node, r: &Node) -> RResult<Formula> {
        let (lt, rt) = (self.term(l)?, self.term(r)?);
        let (lt, rt) = self.coerce(lt, rt);
        let int_cmp = |op| -> Option<IntCmp> {
            Some(match op {
                CmpOp::Eq => IntCmp::Eq,
                CmpOp::Ne => IntCmp::Ne,
                CmpOp::Lt => IntCmp::Lt,
                CmpOp::Le => IntCmp::Le,
                CmpOp::Gt => IntCmp::Gt,
                CmpOp::Ge => IntCmp::Ge,
                _ => return None,
            })
        };
        let arithmetic = matches!(lt, Term::Int(_)) || matches!(rt, Term::Int(_));
        let ordering = matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge);
        if let Some(ic) = int_cmp(op).filter(|_| ordering || arithmetic) {
            let a = self.as_int(lt, &l.span, op)?;
            let b = self.as_int(rt, &r.span, op)?;
            return Ok(Formula::IntCmp(ic, a, b));
        }
        let (a, b) = (self.as_set(lt), self.as_set(rt));
        self.check_compatible(&a, &b, &r.span, op.text())?;
        Ok(match op {
            CmpOp::In => Formula::Subset(a, b),
            CmpOp::NotIn => Formula::Not(Box::new(Formula::Subset(a, b))),
            CmpOp::Eq => Formula::SetEq(a, b),
            _ => Formula::Not(Box::new(Formula::SetEq(a, b))),
        })
    }

    fn check_compatible(&self, a: &SetExpr, b: &SetExpr, span: &Span, op: &str) -> RResult<()> {
        let (ta, tb) = (a.ty(), b.ty());
        if ta.compatible(&tb) {
            return Ok(());
        }
        Err(span
            .error(format!(
                "type error: `{op}` between a set of {ta} and a set of {tb}"
            ))
            .with_help("both sides must be objects, both integers, or both booleans"))
    }

    fn quant(
        &mut self,
        q: Quant,
        vars: &[(String, Span)],
        bound: &Node,
        body: &Node,
    ) -> RResult<Formula> {
        let bound = self.set(bound)?;
        let ty = bound.ty();
        let depth = self.scopes.len();
        let mut decls = Vec::new();
        for (name, _) in vars {
            let v = Var {
                id: self.next_var,
                name: name.clone(),
                ty: ty.clone(),
            };
            self.next_var += 1;
            self.scopes.push((name.clone(), Binding::Var(v.clone())));
            decls.push(v);
        }
        let body = self.formula(body);
        self.scopes.truncate(depth);
        Ok(Formula::Quant {
            q,
            vars: decls,
            bound,
            body: Box::new(body?),
        })
    }

    fn call(&mut self, n: &Node, name: &str, args: &[Node]) -> RResult<Formula> {
        let spec = self.spec;
        let Some(pred) = spec.preds.iter().find(|p| p.name == name) else {
            let names: Vec<&str> = spec.preds.iter().map(|p| p.name.as_str()).collect();
            let help = if names.is_empty() {
                "no predicates are declared".to_string()
            } else {
                format!("predicates: {}", names.join(", "))
            };
            return Err(n
                .span
                .error(format!("unknown predicate `{name}`"))
                .with_help(help));
        };
        if pred.params.len() != args.len() {
            return Err(n
                .span
                .error(format!(
                    "predicate `{name}` takes {} argument(s), {} given",
                    pred.params.len(),
                    args.len()
                ))
                .with_help(format!("declared at {}", pred.span.location())));
        }
        if self.preds.iter().any(|p| p == name) {
            return Err(n
                .span
                .error(format!("predicate `{name}` calls itself"))
                .with_help("predicates are inlined, so they cannot be recursive"));
        }
        let mut bindings = Vec::new();
        for (p, a) in pred.params.iter().zip(args) {
            let want = param_type(self.schema, &p.ty, &p.span)?;
            let t = self.term(a)?;
            let have = self.term_type(&t);
            if !have.compatible(&SetType::of(&want)) {
                return Err(a.span.error(format!(
                    "argument `{}` of `{name}` must be {want}, found a set of {have}",
                    p.name
                )));
            }
            bindings.push((p.name.clone(), Binding::Arg(t)));
        }
        let saved = std::mem::replace(&mut self.scopes, bindings);
        self.preds.push(name.to_string());
        let mut out: RResult<Formula> = Ok(Formula::Const(true));
        for f in &pred.body {
            out = out.and_then(|acc| {
                let g = self.formula(f)?;
                Ok(match acc {
                    Formula::Const(true) => g,
                    acc => Formula::And(Box::new(acc), Box::new(g)),
                })
            });
        }
        self.preds.pop();
        self.scopes = saved;
        out
    }

    // ---- expressions ----------------------------------------------------------------------

    fn term_type(&self, t: &Term) -> SetType {
        match t {
            Term::Set(s) => s.ty(),
            Term::Int(_) => SetType::Int,
        }
    }

    fn as_set(&self, t: Term) -> SetExpr {
        match t {
            Term::Set(s) => s,
            Term::Int(i) => SetExpr::IntValue(Box::new(i)),
        }
    }

    fn as_int(&self, t: Term, span: &Span, op: impl std::fmt::Debug) -> RResult<IntExpr> {
        match t {
            Term::Int(i) => Ok(i),
            Term::Set(SetExpr::IntValue(i)) => Ok(*i),
            Term::Set(s) if s.ty() == SetType::Int => Ok(IntExpr::Sum(Box::new(s))),
            Term::Set(s) if self.unbox(&s).is_some() => {
                Ok(IntExpr::Sum(Box::new(self.unbox(&s).unwrap_or(s))))
            }
            Term::Set(s) => Err(span
                .error(format!(
                    "type error: expected an integer, found a set of {}",
                    s.ty()
                ))
                .with_help(format!("{op:?} needs integers; count a set with `#`"))),
        }
    }

    /// The values of the boxes among `s` (objects of another class contribute nothing): how a
    /// set of objects typed `Object` (a list's element, a map's value) meets an integer. `None`
    /// when no box holding an integer can be among them.
    fn unbox(&self, s: &SetExpr) -> Option<SetExpr> {
        let SetType::Objects(cs) = s.ty() else {
            return None;
        };
        let below = self.below(&cs);
        // A box never changes, and the post-state holds every object of the pre-state: read
        // the boxes in the post-state when the set may hold objects the method made.
        let state = if reads_post(s) {
            State::Post
        } else {
            self.state
        };
        let rel = box_values(|c| below.contains(c), state)?;
        Some(SetExpr::Join {
            left: Box::new(s.clone()),
            rel,
            ty: SetType::Int,
        })
    }

    /// An integer on one side and objects that may be boxes on the other: the boxes' values.
    fn coerce(&self, a: Term, b: Term) -> (Term, Term) {
        let unboxed = |r: &Self, t: Term, other: &Term| match (&t, r.term_type(other)) {
            (Term::Set(s), SetType::Int) => r.unbox(s).map_or(t, Term::Set),
            _ => t,
        };
        let a2 = unboxed(self, a, &b);
        let b2 = unboxed(self, b, &a2);
        (a2, b2)
    }

    /// Resolves an expression that must be a set.
    fn set(&mut self, n: &Node) -> RResult<SetExpr> {
        let t = self.term(n)?;
        Ok(self.as_set(t))
    }

    fn term(&mut self, n: &Node) -> RResult<Term> {
        let set = |s: SetExpr| Ok(Term::Set(s));
        match &n.kind {
            NodeKind::This => set(self.this(&n.span)?),
            NodeKind::Null => set(SetExpr::Null),
            NodeKind::Result => set(self.result(&n.span)?),
            NodeKind::Bool(b) => set(SetExpr::Bool(*b)),
            NodeKind::Int(v) => set(SetExpr::IntValue(Box::new(IntExpr::Lit(*v)))),
            NodeKind::Name(name) => self.name(name, &n.span),
            NodeKind::Join(left, rel) => self.join(n, left, rel),
            NodeKind::Prime(inner) => self.primed(&n.span, |r| r.term(inner)),
            NodeKind::Unary(UnOp::Card, e) => {
                let s = self.set(e)?;
                if let Some(kind) = self.container(&s.ty(), &e.span)? {
                    return Ok(Term::Int(self.size(s, kind, &e.span)?));
                }
                Ok(Term::Int(IntExpr::Card(Box::new(s))))
            }
            NodeKind::Unary(UnOp::Neg, e) => {
                let t = self.term(e)?;
                let i = self.as_int(t, &e.span, "unary `-`")?;
                Ok(Term::Int(IntExpr::Neg(Box::new(i))))
            }
            NodeKind::Binary(op @ (BinOp::Plus | BinOp::Minus | BinOp::Amp), l, r) => {
                self.set_or_arith(*op, l, r)
            }
            NodeKind::Index(array, index) => self.index(array, index),
            NodeKind::ArrayClass(inner) => {
                let path = self.class_path(inner).ok_or_else(|| {
                    n.span
                        .error("`[]` after something that is not a class name")
                        .with_help(
                            "name an array class as Java does: `int[]`, `Node[]`, `Object[]`",
                        )
                })?;
                let name = format!("{path}[]");
                match self.schema.resolve_class(&name) {
                    Ok(c) => Ok(Term::Set(self.class_extent(c))),
                    Err(c) if c.is_empty() => Err(n
                        .span
                        .error(format!("unknown array class `{name}`"))
                        .with_help("the program names no such array type")),
                    Err(c) => Err(n
                        .span
                        .error(format!("array class `{name}` is ambiguous"))
                        .with_help(format!("write one of {}", c.join(", ")))),
                }
            }
            NodeKind::Range(lo, hi) => {
                let a = self.term(lo)?;
                let a = self.as_int(a, &lo.span, "`..`")?;
                let b = self.term(hi)?;
                let b = self.as_int(b, &hi.span, "`..`")?;
                Ok(Term::Set(SetExpr::Range(Box::new(a), Box::new(b))))
            }
            NodeKind::Binary(BinOp::Times, l, r) => {
                let a = self.term(l)?;
                let a = self.as_int(a, &l.span, "`*`")?;
                let b = self.term(r)?;
                let b = self.as_int(b, &r.span, "`*`")?;
                Ok(Term::Int(IntExpr::Mul(Box::new(a), Box::new(b))))
            }
            _ => Err(n
                .span
                .error("expected an expression, found a formula")
                .with_help("a formula cannot be used as a value here")),
        }
    }

    /// `a[i]`: `a` must be arrays with one element type, or a container (a String, list,
    /// deque or map: see [`containers`]).
    fn index(&mut self, array: &Node, index: &Node) -> RResult<Term> {
        let arrays = self.set(array)?;
        let i = self.term(index)?;
        if let Some(kind) = self.container(&arrays.ty(), &array.span)? {
            return self.element(arrays, kind, i, &index.span);
        }
        let i = self.as_int(i, &index.span, "an index")?;
        let elem = self.element_type(&arrays, &array.span)?;
        Ok(Term::Set(SetExpr::Elem {
            array: Box::new(arrays),
            index: Box::new(i),
            state: self.state,
            elem,
        }))
    }

    fn this(&self, span: &Span) -> RResult<SetExpr> {
        if self.sig.is_static {
            return Err(span.error(format!(
                "`this` in the spec of static method `{}`",
                self.sig.name
            )));
        }
        Ok(SetExpr::This(self.sig.class.clone()))
    }

    fn result(&self, span: &Span) -> RResult<SetExpr> {
        if self.place != Where::Ensures {
            return Err(span.error("`result` is only allowed in an `ensures` clause"));
        }
        match &self.sig.ret {
            Some(t) => Ok(SetExpr::Result(SetType::of(t))),
            None => Err(span.error(format!(
                "`result` in the spec of `{}`, which returns void",
                self.sig.name
            ))),
        }
    }

    fn name(&mut self, name: &str, span: &Span) -> RResult<Term> {
        if let Some((_, b)) = self.scopes.iter().rev().find(|(n, _)| n == name) {
            return Ok(match b {
                Binding::Var(v) => Term::Set(SetExpr::Var(v.clone())),
                Binding::Arg(t) => t.clone(),
            });
        }
        if self.preds.is_empty() {
            if let Some(ty) = self.sig.param(name) {
                return Ok(Term::Set(SetExpr::Param(name.to_string(), SetType::of(ty))));
            }
        }
        if let Ok(c) = self.schema.resolve_class(name) {
            return Ok(Term::Set(self.class_extent(c)));
        }
        Err(self.unknown_name(name, span))
    }

    fn unknown_name(&self, name: &str, span: &Span) -> Diagnostic {
        let mut known: Vec<String> = self.scopes.iter().map(|(n, _)| n.clone()).collect();
        if self.preds.is_empty() {
            known.extend(self.sig.params.iter().map(|(n, _)| n.clone()));
        }
        let d = span.error(format!("unknown name `{name}`"));
        let d = if known.is_empty() {
            d
        } else {
            d.with_help(format!("names in scope: {}", known.join(", ")))
        };
        match self.schema.resolve_class(name) {
            Err(c) if !c.is_empty() => {
                d.with_help(format!("ambiguous class; write one of {}", c.join(", ")))
            }
            _ => d,
        }
    }

    /// `A.B` written as a class path (when `A` is not a variable or parameter).
    fn class_path(&self, n: &Node) -> Option<String> {
        match &n.kind {
            NodeKind::Name(s) => {
                let shadowed = self.scopes.iter().any(|(v, _)| v == s)
                    || (self.preds.is_empty() && self.sig.param(s).is_some());
                (!shadowed).then(|| s.clone())
            }
            NodeKind::Join(
                l,
                ast::Rel {
                    kind: RelKind::Field(f),
                    ..
                },
            ) => self.class_path(l).map(|p| format!("{p}.{f}")),
            NodeKind::ArrayClass(inner) => self.class_path(inner).map(|p| format!("{p}[]")),
            _ => None,
        }
    }

    fn join(&mut self, n: &Node, left: &Node, rel: &ast::Rel) -> RResult<Term> {
        if let Some(path) = self.class_path(n) {
            if self.schema.classes.contains_key(&path) {
                return Ok(Term::Set(self.class_extent(&path)));
            }
        }
        if let Some(s) = self.static_field(left, rel) {
            return Ok(Term::Set(s?));
        }
        let l = self.set(left)?;
        if let Some(t) = self.container_join(&l, rel)? {
            return Ok(t);
        }
        let (rel, ty) = self.rel(rel, &l.ty())?;
        Ok(Term::Set(SetExpr::Join {
            left: Box::new(l),
            rel,
            ty,
        }))
    }

    /// `c.elems`, `c.inds`, `m.keys`, `m.values` (primed or not) on a container.
    fn container_join(&mut self, l: &SetExpr, rel: &ast::Rel) -> RResult<Option<Term>> {
        // Anything else, or objects that need not be containers, navigates fields.
        let Ok(Some(kind)) = self.container(&l.ty(), &rel.span) else {
            return Ok(None);
        };
        match &rel.kind {
            RelKind::Field(name) => self.container_field(l, kind, name, &rel.span),
            RelKind::Prime(inner) => match &inner.kind {
                RelKind::Field(name) => {
                    let name = name.clone();
                    self.primed(&rel.span, |s| s.container_field(l, kind, &name, &rel.span))
                }
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    fn set_or_arith(&mut self, op: BinOp, l: &Node, r: &Node) -> RResult<Term> {
        let (lt, rt) = (self.term(l)?, self.term(r)?);
        let (lt, rt) = self.coerce(lt, rt);
        let (ta, tb) = (self.term_type(&lt), self.term_type(&rt));
        let sym = match op {
            BinOp::Plus => "+",
            BinOp::Minus => "-",
            _ => "&",
        };
        if !ta.compatible(&tb) {
            return Err(r
                .span
                .error(format!(
                    "type error: `{sym}` between a set of {ta} and a set of {tb}"
                ))
                .with_help("integers and objects do not mix; count objects with `#`"));
        }
        // Alloy's `+`/`-` are set operators; on two scalar ints (`this.size - 1`) they are
        // arithmetic, on int *sets* (`this.header.*next.key - k`) union and difference.
        if ta == SetType::Int
            && op != BinOp::Amp
            && is_scalar(&lt, &self.functions)
            && is_scalar(&rt, &self.functions)
        {
            let a = self.as_int(lt, &l.span, sym)?;
            let b = self.as_int(rt, &r.span, sym)?;
            return Ok(Term::Int(match op {
                BinOp::Plus => IntExpr::Add(Box::new(a), Box::new(b)),
                _ => IntExpr::Sub(Box::new(a), Box::new(b)),
            }));
        }
        let (a, b) = (Box::new(self.as_set(lt)), Box::new(self.as_set(rt)));
        Ok(Term::Set(match op {
            BinOp::Plus => SetExpr::Union(a, b),
            BinOp::Minus => SetExpr::Diff(a, b),
            _ => SetExpr::Inter(a, b),
        }))
    }

    // ---- relations ------------------------------------------------------------------------

    /// Resolves `r` applied to a set of type `dom`: the relation and its range type.
    fn rel(&mut self, r: &ast::Rel, dom: &SetType) -> RResult<(Rel, SetType)> {
        match &r.kind {
            RelKind::Field(name) => self.field(name, dom, &r.span),
            RelKind::Prime(inner) => self.primed(&r.span, |s| s.rel(inner, dom)),
            RelKind::Union(a, b) => {
                let (ra, ta) = self.rel(a, dom)?;
                let (rb, tb) = self.rel(b, dom)?;
                let ty = union_type(&r.span, &ta, &tb)?;
                Ok((Rel::Union(Box::new(ra), Box::new(rb)), ty))
            }
            RelKind::Transpose(inner) => {
                let (ri, d) = self.inverse(inner, dom)?;
                Ok((Rel::Transpose(Box::new(ri)), d))
            }
            RelKind::Closure(reflexive, inner) => {
                let reach = self.fixpoint(&r.span, dom, |s, d| Ok(s.rel(inner, d)?.1))?;
                let (ri, range) = self.rel(inner, &reach)?;
                let rel = Rel::Closure {
                    reflexive: *reflexive,
                    rel: Box::new(ri),
                };
                Ok((rel, if *reflexive { reach } else { range }))
            }
        }
    }

    /// Resolves `r` restricted to pairs whose target is in a set of type `range`: the relation
    /// (not transposed) and the type of its sources.
    fn inverse(&mut self, r: &ast::Rel, range: &SetType) -> RResult<(Rel, SetType)> {
        match &r.kind {
            RelKind::Field(name) => self.field_into(name, range, &r.span),
            RelKind::Prime(inner) => self.primed(&r.span, |s| s.inverse(inner, range)),
            RelKind::Union(a, b) => {
                let (ra, da) = self.inverse(a, range)?;
                let (rb, db) = self.inverse(b, range)?;
                let ty = union_type(&r.span, &da, &db)?;
                Ok((Rel::Union(Box::new(ra), Box::new(rb)), ty))
            }
            RelKind::Transpose(inner) => {
                let (ri, ty) = self.rel(inner, range)?;
                Ok((Rel::Transpose(Box::new(ri)), ty))
            }
            RelKind::Closure(reflexive, inner) => {
                let reach = self.fixpoint(&r.span, range, |s, d| Ok(s.inverse(inner, d)?.1))?;
                let (ri, d) = self.inverse(inner, &reach)?;
                let rel = Rel::Closure {
                    reflexive: *reflexive,
                    rel: Box::new(ri),
                };
                Ok((rel, if *reflexive { reach } else { d }))
            }
        }
    }

    /// The classes reachable from `start` by repeated `step`s (for closures: objects only).
    fn fixpoint(
        &mut self,
        span: &Span,
        start: &SetType,
        step: impl Fn(&mut Self, &SetType) -> RResult<SetType>,
    ) -> RResult<SetType> {
        let SetType::Objects(mut reach) = start.clone() else {
            return Err(closure_error(span, start));
        };
        loop {
            let next = step(self, &SetType::Objects(reach.clone()))?;
            let SetType::Objects(classes) = next else {
                return Err(closure_error(span, &next));
            };
            let before = reach.len();
            reach.extend(classes);
            if reach.len() == before {
                return Ok(SetType::Objects(reach));
            }
        }
    }

    /// `Class.field` (or `Class.field'`) naming a static field of a class of the program.
    fn static_field(&mut self, left: &Node, rel: &ast::Rel) -> Option<RResult<SetExpr>> {
        let (name, primed) = match &rel.kind {
            RelKind::Field(f) => (f, false),
            RelKind::Prime(inner) => match &inner.kind {
                RelKind::Field(f) => (f, true),
                _ => return None,
            },
            _ => return None,
        };
        let class = self.class_path(left)?;
        let class = self.schema.resolve_class(&class).ok()?.to_string();
        let id = format!("{class}.{name}");
        if !primed && self.schema.classes.get(&class)?.constants.contains(&id) {
            return Some(Ok(SetExpr::Constant(id, class)));
        }
        let ty = self.schema.static_field(&class, name)?.clone();
        let field = FieldRef {
            class,
            field: name.clone(),
            ty,
        };
        Some(if primed {
            self.primed(&rel.span, |s| Ok(SetExpr::Static(field, s.state)))
        } else {
            Ok(SetExpr::Static(field, self.state))
        })
    }

    /// Every object that is a `c`, as Java's `instanceof` says: the union of the extents of `c`
    /// and of every class of the program below it (an interface or abstract class has no objects
    /// of its own).
    fn class_extent(&self, c: &str) -> SetExpr {
        let mut classes: Vec<String> = self
            .below(&[c.to_string()].into_iter().collect())
            .into_iter()
            .filter(|k| self.schema.classes.get(k).is_some_and(|s| !s.is_abstract))
            .collect();
        if classes.is_empty() {
            classes.push(c.to_string());
        }
        classes
            .into_iter()
            .map(|k| SetExpr::Class(k, self.state))
            .reduce(|a, b| SetExpr::Union(Box::new(a), Box::new(b)))
            .unwrap_or(SetExpr::Null)
    }

    /// The classes of `cs` and every class of the program that is a subtype of one of them: the
    /// classes an object of a static type in `cs` can have.
    fn below(&self, cs: &BTreeSet<String>) -> BTreeSet<String> {
        let mut out = cs.clone();
        for k in self.schema.classes.keys() {
            if cs.iter().any(|c| self.schema.is_subtype(k, c)) {
                out.insert(k.clone());
            }
        }
        out
    }

    fn field(&self, name: &str, dom: &SetType, span: &Span) -> RResult<(Rel, SetType)> {
        let declared = match dom {
            SetType::Objects(cs) if !cs.is_empty() => cs,
            SetType::Objects(_) => {
                return Err(span.error(format!("cannot navigate `{name}` from null")))
            }
            t => {
                return Err(span
                    .error(format!(
                        "type error: cannot navigate `{name}` from a set of {t}"
                    ))
                    .with_help("only objects have fields (`~f` navigates backwards)"))
            }
        };
        // An object of a declared class may be of any class below it (fields are inherited).
        let classes = &self.below(declared);
        let found: Vec<FieldRef> = classes
            .iter()
            .filter_map(|c| {
                self.schema.field(c, name).map(|ty| FieldRef {
                    class: c.clone(),
                    field: name.to_string(),
                    ty: ty.clone(),
                })
            })
            .collect();
        let mut ty: Option<SetType> = None;
        for f in &found {
            let t = SetType::of(&f.ty);
            ty = Some(match ty {
                None => t,
                Some(acc) if acc.compatible(&t) => acc.join(&t),
                Some(_) => return Err(ambiguous_field(name, &found, span)),
            });
        }
        match (self.union_of(found), ty) {
            (Some(rel), Some(ty)) => Ok((rel, ty)),
            _ => Err(self.unknown_field(name, declared, span)),
        }
    }

    fn field_into(&self, name: &str, range: &SetType, span: &Span) -> RResult<(Rel, SetType)> {
        let mut found = Vec::new();
        for (c, cls) in &self.schema.classes {
            let Some(ty) = cls.field(name) else {
                continue;
            };
            let hit = match (ty, range) {
                // A box field holds its value.
                (FieldType::Ref(_), SetType::Int | SetType::Bool) => SetType::of(ty) == *range,
                // The field can hold an object of the range: one of its classes is a `t`.
                (FieldType::Ref(t), SetType::Objects(cs)) => {
                    self.below(cs).iter().any(|c| self.schema.is_subtype(c, t))
                }
                (t, SetType::Int) => t.int_kind().is_some(),
                (FieldType::Bool, SetType::Bool) => true,
                _ => false,
            };
            if hit {
                found.push(FieldRef {
                    class: c.clone(),
                    field: name.to_string(),
                    ty: ty.clone(),
                });
            }
        }
        let classes = SetType::Objects(found.iter().map(|f| f.class.clone()).collect());
        let rel = self
            .union_of(found)
            .ok_or_else(|| span.error(format!("no field `{name}` has values of type {range}")))?;
        Ok((rel, classes))
    }

    /// The union of the given fields (`None` if there are none).
    fn union_of(&self, fields: Vec<FieldRef>) -> Option<Rel> {
        let state = self.state;
        fields
            .into_iter()
            .map(|f| Rel::Field(f, state))
            .reduce(|acc, r| Rel::Union(Box::new(acc), Box::new(r)))
    }

    fn unknown_field(&self, name: &str, dom: &BTreeSet<String>, span: &Span) -> Diagnostic {
        let mut help = Vec::new();
        for c in dom {
            if let Some(cls) = self.schema.classes.get(c) {
                let names: Vec<&str> = cls.fields.iter().map(|(n, _)| n.as_str()).collect();
                help.push(format!("fields of {c}: {}", names.join(", ")));
            }
        }
        span.error(format!(
            "unknown field `{name}` of {}",
            SetType::Objects(dom.clone())
        ))
        .with_help(help.join("; "))
    }
}

/// Field `name` of the classes below a declared type holds values of kinds that cannot mix.
fn ambiguous_field(name: &str, found: &[FieldRef], span: &Span) -> Diagnostic {
    let kinds: Vec<String> = found
        .iter()
        .map(|f| format!("{} of {}", SetType::of(&f.ty), f.class))
        .collect();
    span.error(format!(
        "type error: `{name}` holds values of different kinds in the classes an object here can have: {}",
        kinds.join(", ")
    ))
    .with_help(format!(
        "narrow the set to one class first, e.g. `(s & {}).{name}`",
        found[0].class.rsplit('.').next().unwrap_or(&found[0].class)
    ))
}

fn union_type(span: &Span, a: &SetType, b: &SetType) -> RResult<SetType> {
    if a.compatible(b) {
        Ok(a.join(b))
    } else {
        Err(span.error(format!(
            "type error: union of relations with values of {a} and of {b}"
        )))
    }
}

fn closure_error(span: &Span, range: &SetType) -> Diagnostic {
    span.error(format!(
        "type error: a closure needs a relation between objects, not {range}"
    ))
}

/// The `value` of the integer boxes (`Integer`, `Long`, `Short`, `Byte`, `Character`) whose
/// class `keep` accepts, as one relation in `state`; `None` if it accepts none.
fn box_values(keep: impl Fn(&str) -> bool, state: State) -> Option<Rel> {
    sattar_heap::BOXES
        .iter()
        .filter(|b| b.kind.is_some() && keep(b.class))
        .map(|b| {
            let field = FieldRef {
                class: b.class.to_string(),
                field: sattar_heap::BOX_VALUE.to_string(),
                ty: b.value_type(),
            };
            Rel::Field(field, state)
        })
        .reduce(|a, b| Rel::Union(Box::new(a), Box::new(b)))
}

/// Whether evaluating `s` reads the post-state anywhere.
fn reads_post(s: &SetExpr) -> bool {
    let mut post = false;
    s.visit(&mut |e| {
        post |= match e {
            SetExpr::Join { rel, .. } => rel_reads_post(rel),
            SetExpr::Class(_, st)
            | SetExpr::Static(_, st)
            | SetExpr::Elem { state: st, .. }
            | SetExpr::Elems { state: st, .. } => *st == State::Post,
            _ => false,
        }
    });
    post
}

fn rel_reads_post(rel: &Rel) -> bool {
    match rel {
        Rel::Field(_, st) => *st == State::Post,
        Rel::Union(a, b) => rel_reads_post(a) || rel_reads_post(b),
        Rel::Transpose(r) | Rel::Closure { rel: r, .. } => rel_reads_post(r),
    }
}

/// Whether a term has at most one value by construction: an integer, a literal, `this`, a
/// parameter, a variable, `result`, or a chain of field joins from one of those (fields are
/// functions). Closures, unions and class extents are sets.
/// `known` are lowered expressions that have at most one value although their shape does not
/// show it (a map lookup `m[k]`: a map holds one entry per key).
fn is_scalar(t: &Term, known: &[SetExpr]) -> bool {
    match t {
        Term::Int(_) => true,
        Term::Set(s) => scalar_set(s, known),
    }
}

fn scalar_set(s: &SetExpr, known: &[SetExpr]) -> bool {
    if known.contains(s) {
        return true;
    }
    match s {
        SetExpr::This(_)
        | SetExpr::Null
        | SetExpr::Result(_)
        | SetExpr::Param(..)
        | SetExpr::Var(_)
        | SetExpr::Bool(_)
        | SetExpr::Static(..)
        | SetExpr::Constant(..)
        | SetExpr::IntValue(_) => true,
        SetExpr::Join { left, rel, .. } if one_field(rel).is_some() => scalar_set(left, known),
        SetExpr::Elem { array, .. } => scalar_set(array, known),
        SetExpr::Range(..) | SetExpr::Elems { .. } => false,
        SetExpr::Join { .. }
        | SetExpr::Class(..)
        | SetExpr::Union(..)
        | SetExpr::Diff(..)
        | SetExpr::Inter(..) => false,
    }
}

/// The field a relation navigates if it is one field, possibly declared by several classes
/// (`f` of each class below a declared one): a function, since an object has one class.
fn one_field(rel: &Rel) -> Option<&str> {
    match rel {
        Rel::Field(f, _) => Some(&f.field),
        Rel::Union(a, b) => one_field(a).filter(|x| one_field(b) == Some(*x)),
        _ => None,
    }
}
