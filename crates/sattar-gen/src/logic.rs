//! Three-valued evaluation of formulas, with the polarity each one must have for the whole
//! invariant to hold. In a position that must be true (or false), a comparison of one unset slot
//! against a known value narrows that slot: `c.parent = n` fixes `c.parent`, `no this.root.parent`
//! makes it null, `l.key < n.key` bounds both keys.

use crate::compile::{CompiledFormula, CompiledSet};
use crate::layout::{bit, Mask};
use crate::partial_eval::Pass;
use crate::propagate::{negate, Prim, Side};
use crate::value::{bits, subset, IntRange, Many, ObjectSet, SetValue, Tri};
use sattar_spec::{IntCmp, Quant};

/// What a formula must be for the invariant to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ctx {
    /// Must be true.
    Pos,
    /// Must be false.
    Neg,
    /// Either.
    Free,
}

impl Ctx {
    fn flip(self) -> Ctx {
        match self {
            Ctx::Pos => Ctx::Neg,
            Ctx::Neg => Ctx::Pos,
            Ctx::Free => Ctx::Free,
        }
    }
}

/// The context of `y` in `x <=> y` once `x` is `a`: equal to `x` if the iff must hold.
fn iff_ctx(ctx: Ctx, a: Tri) -> Ctx {
    match (ctx, a) {
        (Ctx::Pos, Tri::True) | (Ctx::Neg, Tri::False) => Ctx::Pos,
        (Ctx::Pos, Tri::False) | (Ctx::Neg, Tri::True) => Ctx::Neg,
        _ => Ctx::Free,
    }
}

impl Pass<'_> {
    /// A formula in context `ctx`.
    pub fn formula(&mut self, f: &CompiledFormula, ctx: Ctx) -> Tri {
        if self.sc.conflict {
            return Tri::False;
        }
        let r = match f {
            CompiledFormula::Const(b) => Tri::of(*b),
            CompiledFormula::Subset(a, b) => self.compare(a, b, true, ctx),
            CompiledFormula::SetEq(a, b) => self.compare(a, b, false, ctx),
            CompiledFormula::IntCmp(op, a, b) => {
                let (x, y) = (self.int(a), self.int(b));
                self.cmp(*op, x, y, ctx)
            }
            CompiledFormula::Mult(q, e) => {
                let v = self.set(e);
                self.mult(*q, v, ctx)
            }
            CompiledFormula::Quant {
                q,
                vars,
                bound,
                body,
            } => self.quant(*q, vars, bound, body, ctx),
            CompiledFormula::Not(g) => self.formula(g, ctx.flip()).not(),
            CompiledFormula::And(x, y) => self.and(x, y, ctx),
            CompiledFormula::Or(x, y) => self.or(x, y, ctx, false),
            CompiledFormula::Implies(x, y) => self.or(x, y, ctx, true),
            CompiledFormula::IfElse(c, t, e) => self.if_else(c, t, e, ctx),
            CompiledFormula::Iff(x, y) => {
                let a = self.formula(x, Ctx::Free);
                let b = self.formula(y, iff_ctx(ctx, a));
                iff(a, b)
            }
        };
        if self.sc.conflict {
            Tri::False
        } else {
            r
        }
    }

    fn and(&mut self, x: &CompiledFormula, y: &CompiledFormula, ctx: Ctx) -> Tri {
        let a = self.formula(x, if ctx == Ctx::Pos { Ctx::Pos } else { Ctx::Free });
        if a == Tri::False {
            return Tri::False;
        }
        let y_ctx = match (ctx, a) {
            (Ctx::Pos, _) => Ctx::Pos,
            // must be false and x holds: y must fail
            (Ctx::Neg, Tri::True) => Ctx::Neg,
            _ => Ctx::Free,
        };
        let b = self.formula(y, y_ctx);
        and(a, b)
    }

    /// `x || y`, or `!x || y` (implication) when `implies`.
    fn or(&mut self, x: &CompiledFormula, y: &CompiledFormula, ctx: Ctx, implies: bool) -> Tri {
        let x_ctx = match ctx {
            Ctx::Neg if implies => Ctx::Pos,
            Ctx::Neg => Ctx::Neg,
            _ => Ctx::Free,
        };
        let mut a = self.formula(x, x_ctx);
        if implies {
            a = a.not();
        }
        if a == Tri::True {
            return Tri::True;
        }
        let y_ctx = match (ctx, a) {
            (Ctx::Neg, _) => Ctx::Neg,
            // must be true and the left disjunct fails: y must hold
            (Ctx::Pos, Tri::False) => Ctx::Pos,
            _ => Ctx::Free,
        };
        let b = self.formula(y, y_ctx);
        and(a.not(), b.not()).not()
    }

    fn if_else(
        &mut self,
        c: &CompiledFormula,
        t: &CompiledFormula,
        e: &CompiledFormula,
        ctx: Ctx,
    ) -> Tri {
        match self.formula(c, Ctx::Free) {
            Tri::True => self.formula(t, ctx),
            Tri::False => self.formula(e, ctx),
            Tri::Unknown => {
                let a = self.formula(t, Ctx::Free);
                let b = self.formula(e, Ctx::Free);
                if a == b {
                    a
                } else {
                    Tri::Unknown
                }
            }
        }
    }

    /// `a in b` (`subset`) or `a = b`.
    fn compare(&mut self, a: &CompiledSet, b: &CompiledSet, is_subset: bool, ctx: Ctx) -> Tri {
        let (x, y) = (self.set(a), self.set(b));
        match (x, y) {
            (SetValue::Objects(x), SetValue::Objects(y)) if is_subset => self.obj_subset(x, y, ctx),
            (SetValue::Objects(x), SetValue::Objects(y)) => self.obj_eq(x, y, ctx),
            (SetValue::Objects(_), _) | (_, SetValue::Objects(_)) => Tri::False,
            (x, y) => self.scalar_compare(x, y, is_subset, ctx),
        }
    }

    fn obj_subset(&mut self, a: ObjectSet, b: ObjectSet, ctx: Ctx) -> Tri {
        let r = if a.hi & !b.lo == 0 {
            Tri::True
        } else if a.lo & !b.hi != 0 {
            Tri::False
        } else {
            Tri::Unknown
        };
        if r != Tri::Unknown || ctx == Ctx::Free {
            return r;
        }
        let pos = ctx == Ctx::Pos;
        if let (Some(s), true) = (a.term, b.is_exact()) {
            // slot in B: its object is in B (null is always fine); not in B: an object outside B
            let ok = if pos {
                self.narrow(s, b.lo, true)
            } else {
                self.narrow(s, !b.lo, false)
            };
            self.conflict_unless(ok);
        }
        if let (Some(s), true) = (b.term, a.is_exact()) {
            let ok = match (pos, a.lo.count_ones()) {
                (_, 0) => true,
                (true, 1) => self.narrow(s, a.lo, false),
                (true, _) => false,
                (false, 1) => self.narrow(s, !a.lo, true),
                (false, _) => true,
            };
            self.conflict_unless(ok);
        }
        r
    }

    fn obj_eq(&mut self, a: ObjectSet, b: ObjectSet, ctx: Ctx) -> Tri {
        let r = if a.is_exact() && b.is_exact() {
            Tri::of(a.lo == b.lo)
        } else if a.lo & !b.hi != 0 || b.lo & !a.hi != 0 {
            Tri::False
        } else {
            Tri::Unknown
        };
        if r == Tri::Unknown && ctx != Ctx::Free {
            self.eq_narrow(a, b, ctx == Ctx::Pos);
            self.eq_narrow(b, a, ctx == Ctx::Pos);
        }
        r
    }

    /// `a = b` (or `a != b`) with `a` one unset slot and `b` known.
    fn eq_narrow(&mut self, a: ObjectSet, b: ObjectSet, pos: bool) {
        let (Some(s), true) = (a.term, b.is_exact()) else {
            return;
        };
        let ok = match (pos, b.lo.count_ones()) {
            (true, 0) => self.narrow(s, 0, true),
            (true, 1) => self.narrow(s, b.lo, false),
            (true, _) => false,
            (false, 0) => self.narrow(s, Mask::MAX, false),
            (false, 1) => self.narrow(s, !b.lo, true),
            (false, _) => true,
        };
        self.conflict_unless(ok);
    }

    fn narrow(&mut self, slot: u32, mask: Mask, null: bool) -> bool {
        self.st.restrict_ref(slot, mask, null)
    }

    fn conflict_unless(&mut self, ok: bool) {
        self.sc.conflict |= !ok;
    }

    /// `a in b` or `a = b` on ints or booleans.
    fn scalar_compare(&mut self, x: SetValue, y: SetValue, is_subset: bool, ctx: Ctx) -> Tri {
        match (single(x), single(y)) {
            // two single values: `in` and `=` both mean equal
            (SetValue::One(a), SetValue::One(b)) => self.cmp(IntCmp::Eq, a, b, ctx),
            (x, y) => {
                let term = match &x {
                    SetValue::One(iv) => iv.term,
                    _ => None,
                };
                let (a, b) = (self.many(x), self.many(y));
                let r = many_compare(&a, &b, is_subset);
                if let (Tri::Unknown, Ctx::Pos, Some(t), true) = (r, ctx, term, b.is_exact()) {
                    self.must_be_in(t, &b.lo, is_subset);
                }
                r
            }
        }
    }

    /// Slot term `t` must be a member of `values` (for `=`, `values` has not one member: no way).
    fn must_be_in(&mut self, t: (u32, i64), values: &[i64], is_subset: bool) {
        match (values.first(), values.last(), is_subset) {
            (Some(lo), Some(hi), true) => {
                let term = Side::Term(t.0, t.1);
                self.sc
                    .prims
                    .push(Prim::new(IntCmp::Le, Side::Const(*lo, *lo), term));
                self.sc
                    .prims
                    .push(Prim::new(IntCmp::Le, term, Side::Const(*hi, *hi)));
            }
            _ => self.sc.conflict = true,
        }
    }

    /// An integer comparison; collects it for propagation when it must hold (or fail).
    pub fn cmp(&mut self, op: IntCmp, a: IntRange, b: IntRange, ctx: Ctx) -> Tri {
        if let (Some((s1, o1)), Some((s2, o2))) = (a.term, b.term) {
            if s1 == s2 {
                return Tri::of(op.holds(o1, o2));
            }
        }
        let r = interval_cmp(op, a, b);
        let has_term = a.term.is_some() || b.term.is_some();
        if r == Tri::Unknown && has_term && ctx != Ctx::Free {
            let op = if ctx == Ctx::Pos { op } else { negate(op) };
            self.sc.prims.push(Prim::new(op, Side::of(a), Side::of(b)));
        }
        r
    }

    fn mult(&mut self, q: Quant, v: SetValue, ctx: Ctx) -> Tri {
        let (lo, hi) = match &v {
            SetValue::Objects(ov) => ov.card(),
            SetValue::One(_) => (1, 1),
            SetValue::Many(m) => (
                m.lo.len() as i64,
                m.hi.as_ref().map_or(i64::MAX, |h| h.len() as i64),
            ),
        };
        let r = match q {
            Quant::No => decide(hi == 0, lo > 0),
            Quant::Some => decide(lo > 0, hi == 0),
            Quant::One => decide(lo == 1 && hi == 1, lo >= 2 || hi == 0),
            Quant::Lone => decide(hi <= 1, lo >= 2),
            Quant::All => Tri::Unknown,
        };
        if let (Tri::Unknown, SetValue::Objects(ObjectSet { term: Some(s), .. })) = (r, &v) {
            // one slot holds null or one object: `no` wants null, `some`/`one` an object
            let null_only = match (q, ctx) {
                (Quant::No, Ctx::Pos) | (Quant::Some | Quant::One, Ctx::Neg) => Some(true),
                (Quant::Some | Quant::One, Ctx::Pos) | (Quant::No, Ctx::Neg) => Some(false),
                _ => None,
            };
            let ok = match null_only {
                Some(true) => self.narrow(*s, 0, true),
                Some(false) => self.narrow(*s, Mask::MAX, false),
                None => true,
            };
            self.conflict_unless(ok);
        }
        r
    }

    fn quant(
        &mut self,
        q: Quant,
        vars: &[u32],
        bound: &CompiledSet,
        body: &CompiledFormula,
        ctx: Ctx,
    ) -> Tri {
        let bound = self.set(bound);
        let body_ctx = match (q, ctx) {
            (Quant::All, Ctx::Pos) => Ctx::Pos,
            (Quant::No, Ctx::Pos) | (Quant::Some, Ctx::Neg) => Ctx::Neg,
            _ => Ctx::Free,
        };
        let (elems, exact) = match (bound, vars) {
            (SetValue::Objects(ov), [v]) => {
                return self.quant_objects(q, *v, ov, body, (body_ctx, ctx))
            }
            (SetValue::Objects(ov), _) => (
                bits(ov.lo).map(i64::from).collect::<Vec<_>>(),
                ov.is_exact(),
            ),
            (other, _) => {
                let m = self.many(other);
                let exact = m.is_exact();
                (m.lo, exact)
            }
        };
        let mut tally = Tally::default();
        let mut idx = vec![0usize; vars.len()];
        let mut more = !elems.is_empty() || vars.is_empty();
        while more {
            for (v, i) in vars.iter().zip(&idx) {
                self.sc.env[*v as usize] = elems[*i];
            }
            let r = self.formula(body, body_ctx);
            if let Some(early) = tally.add(q, r) {
                return early;
            }
            more = advance(&mut idx, elems.len());
        }
        tally.finish(q, exact)
    }

    /// One variable over objects (the common case, without allocating); `ctxs` holds the body's
    /// context and the quantifier's.
    fn quant_objects(
        &mut self,
        q: Quant,
        v: u32,
        ov: ObjectSet,
        body: &CompiledFormula,
        ctxs: (Ctx, Ctx),
    ) -> Tri {
        let mut tally = Tally::default();
        for o in bits(ov.lo) {
            self.sc.env[v as usize] = i64::from(o);
            let r = self.formula(body, ctxs.0);
            if let Some(early) = tally.add(q, r) {
                return early;
            }
        }
        if ctxs.1 == Ctx::Pos && matches!(q, Quant::All | Quant::No) {
            self.rule_out(q, v, ov, body);
        }
        tally.finish(q, ov.is_exact())
    }

    /// Korat would try each object in use as the value of an unset slot feeding the bound and
    /// fail; here an object whose body already fails (`all`) or holds (`no`) is ruled out of
    /// those slots at once. E.g. `all c: n.(left + right) | c.parent = n` keeps `n.left` off
    /// every node whose parent is another node.
    fn rule_out(&mut self, q: Quant, v: u32, ov: ObjectSet, body: &CompiledFormula) {
        let allowed = ov
            .feeds
            .iter()
            .fold(0, |m, s| m | self.st.allowed[s as usize]);
        let candidates = allowed & self.st.used_mask & !ov.lo;
        self.sc.quiet += 1;
        for y in bits(candidates) {
            self.sc.env[v as usize] = i64::from(y);
            let r = self.formula(body, Ctx::Free);
            if r == Tri::of(q == Quant::No) {
                for s in ov.feeds.iter() {
                    let ok = self.narrow(s, !bit(y), true);
                    self.conflict_unless(ok);
                }
            }
        }
        self.sc.quiet -= 1;
    }
}

/// Counts of body outcomes in a quantifier.
#[derive(Default)]
struct Tally {
    t: usize,
    u: usize,
}

impl Tally {
    /// Adds one outcome; `Some` when the quantifier is decided already.
    fn add(&mut self, q: Quant, r: Tri) -> Option<Tri> {
        match r {
            Tri::True => self.t += 1,
            Tri::Unknown => self.u += 1,
            Tri::False => {}
        }
        match (q, r) {
            (Quant::All, Tri::False) | (Quant::No, Tri::True) => Some(Tri::False),
            (Quant::Some, Tri::True) => Some(Tri::True),
            (Quant::One | Quant::Lone, Tri::True) if self.t >= 2 => Some(Tri::False),
            _ => None,
        }
    }

    /// The verdict once every known member was tried; `exact`: no other member may exist.
    fn finish(&self, q: Quant, exact: bool) -> Tri {
        if !exact {
            return Tri::Unknown;
        }
        match q {
            Quant::All | Quant::No => decide(self.u == 0, false),
            Quant::Some => decide(false, self.u == 0),
            Quant::One => decide(self.u == 0 && self.t == 1, self.u == 0 && self.t != 1),
            Quant::Lone => decide(self.t + self.u <= 1, false),
        }
    }
}

/// `True` if `yes`, `False` if `no`, else unknown.
fn decide(yes: bool, no: bool) -> Tri {
    match (yes, no) {
        (true, _) => Tri::True,
        (_, true) => Tri::False,
        _ => Tri::Unknown,
    }
}

fn and(a: Tri, b: Tri) -> Tri {
    match (a, b) {
        (Tri::False, _) | (_, Tri::False) => Tri::False,
        (Tri::True, Tri::True) => Tri::True,
        _ => Tri::Unknown,
    }
}

fn iff(a: Tri, b: Tri) -> Tri {
    match (a, b) {
        (Tri::Unknown, _) | (_, Tri::Unknown) => Tri::Unknown,
        (a, b) => Tri::of(a == b),
    }
}

/// A known one-member scalar set as a single value.
fn single(v: SetValue) -> SetValue {
    match v {
        SetValue::Many(m) if m.is_exact() && m.lo.len() == 1 => {
            SetValue::One(IntRange::exact(m.lo[0]))
        }
        other => other,
    }
}

fn many_compare(a: &Many, b: &Many, is_subset: bool) -> Tri {
    let a_in_b = |a: &Many, b: &Many| match (&a.hi, &b.hi) {
        (Some(ah), _) if subset(ah, &b.lo) => Tri::True,
        (_, Some(bh)) if !subset(&a.lo, bh) => Tri::False,
        _ => Tri::Unknown,
    };
    if is_subset {
        return a_in_b(a, b);
    }
    if a.is_exact() && b.is_exact() {
        return Tri::of(a.lo == b.lo);
    }
    match (a_in_b(a, b), a_in_b(b, a)) {
        (Tri::False, _) | (_, Tri::False) => Tri::False,
        _ => Tri::Unknown,
    }
}

/// `a op b` on intervals.
fn interval_cmp(op: IntCmp, a: IntRange, b: IntRange) -> Tri {
    match op {
        IntCmp::Lt => decide(a.hi < b.lo, a.lo >= b.hi),
        IntCmp::Le => decide(a.hi <= b.lo, a.lo > b.hi),
        IntCmp::Gt => interval_cmp(IntCmp::Lt, b, a),
        IntCmp::Ge => interval_cmp(IntCmp::Le, b, a),
        IntCmp::Eq => decide(
            a.is_exact() && b.is_exact() && a.lo == b.lo,
            a.hi < b.lo || b.hi < a.lo,
        ),
        IntCmp::Ne => interval_cmp(IntCmp::Eq, a, b).not(),
    }
}

/// The next index tuple in odometer order; false after the last.
fn advance(idx: &mut [usize], n: usize) -> bool {
    for i in idx.iter_mut().rev() {
        *i += 1;
        if *i < n {
            return true;
        }
        *i = 0;
    }
    false
}
